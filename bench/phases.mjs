// `node bench/phases.mjs [--delays 0,10] [--calls N] [--root ../other]`: bench/phases.ts against a
// copy of the checkout's src/ with bench/patches/phase-stamps.patch applied (stamps in the adapter,
// the body read and the step-up layer), the load average printed before and after. The copy goes
// to node_modules/.cache; the checkout is not touched. Never part of `npm test`.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { args, buildOptions, outDir, repo, root } from './bundle.mjs';

const tree = resolve(outDir, 'phases-tree');
rmSync(tree, { recursive: true, force: true });
mkdirSync(tree, { recursive: true });
cpSync(resolve(root, 'src'), resolve(tree, 'src'), { recursive: true });
cpSync(resolve(root, 'machines'), resolve(tree, 'machines'), { recursive: true });
// `patch`, not `git apply`: under node_modules (inside a repository) git would skip every path.
execFileSync('patch', ['-s', '-p1', '-d', tree, '-i', resolve(repo, 'bench/patches/phase-stamps.patch')], {
  stdio: 'inherit',
});
const outfile = resolve(outDir, 'phases.mjs');
await build({
  ...buildOptions,
  alias: Object.fromEntries(
    Object.entries(buildOptions.alias).map(([name, path]) => [name, path.replace(root, tree)]),
  ),
  entryPoints: [resolve(repo, 'bench/phases.ts')],
  outfile,
});
const rootAt = args.indexOf('--root');
const rest = args.filter((_, i) => rootAt === -1 || (i !== rootAt && i !== rootAt + 1));
console.log(`load average (1 min) before: ${loadavg()[0].toFixed(2)}`);
const run = spawnSync(process.execPath, [outfile, ...rest], { stdio: 'inherit' });
console.log(`load average (1 min) after: ${loadavg()[0].toFixed(2)}`);
process.exit(run.status ?? 1);
