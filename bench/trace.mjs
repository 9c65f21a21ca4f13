// `node bench/trace.mjs <stages|hops|cold|pieces> [args] [--root ../other]`: bundles bench/<name>.ts
// (as bench/run.mjs bundles the suite) and runs it, the load average printed before and after.
// Never part of `npm test`.
//   stages [history|signin|signedout] [--quick] [--slow-only]   each request's stages over loopback
//   hops                                                         async resources per call (a hop shows)
//   cold                                                         CPU per call, cold and hot, per path
//   pieces                                                       each piece of the path, cold and hot
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { args, bundle } from './bundle.mjs';

const name = args[0];
if (!['stages', 'hops', 'cold', 'pieces'].includes(name)) {
  console.error('usage: node bench/trace.mjs <stages|hops|cold|pieces> [args] [--root ../other]');
  process.exit(2);
}
const bundled = await bundle(name);
const rootAt = args.indexOf('--root');
const rest = args.slice(1).filter((_, i) => rootAt === -1 || (i + 1 !== rootAt && i + 1 !== rootAt + 1));
console.log(`load average (1 min) before: ${loadavg()[0].toFixed(2)}`);
const run = spawnSync(process.execPath, [bundled, ...rest], { stdio: 'inherit' });
console.log(`load average (1 min) after: ${loadavg()[0].toFixed(2)}`);
process.exit(run.status ?? 1);
