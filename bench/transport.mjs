// `node bench/transport.mjs [--quick] [--root ../other]`: bundles bench/transport.ts (as bench/run.mjs
// bundles the suite) and runs it: getLoginHistory's request over loopback as bare fetch, with each
// thing the client's transport adds (redirect: 'manual', a signal and its timer, ofetch), and
// through the client, ratios to bare in wall-clock and CPU time. Never part of `npm test`.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { args, bundle } from './bundle.mjs';

const bundled = await bundle('transport');

console.log(`load average (1 min) before: ${loadavg()[0].toFixed(2)}`);
const run = spawnSync(process.execPath, [bundled, ...args.filter((a) => a === '--quick')], {
  stdio: 'inherit',
});
console.log(`load average (1 min) after: ${loadavg()[0].toFixed(2)}`);
process.exit(run.status ?? 1);
