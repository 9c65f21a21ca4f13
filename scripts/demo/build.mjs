// Builds the example apps and the visualizer with Vite's JS API. The examples' configs alias
// the published entry names to the library sources, so no `npm run build` is needed first.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const EXAMPLES = ['vanilla', 'vue', 'svelte', 'react'];
export const VISUALIZER_CONFIG = `${ROOT}visualizer/vite.config.ts`;

async function viteBuild(configFile, outDir, base) {
  await build({
    configFile,
    mode: 'production',
    base,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/**
 * Builds `examples/<name>` into `outDir`, served at `base` (default '/').
 *
 * @example
 * await buildExample('vanilla', '/tmp/vanilla');
 */
export function buildExample(name, outDir, base = '/') {
  if (!EXAMPLES.includes(name)) throw new Error(`Unknown example "${name}" (one of ${EXAMPLES.join(', ')})`);
  return viteBuild(`${ROOT}examples/${name}/vite.config.ts`, outDir, base);
}

/** Builds the visualizer into `outDir` if `visualizer/vite.config.ts` exists; resolves null otherwise. */
export async function buildVisualizer(outDir) {
  if (!existsSync(VISUALIZER_CONFIG)) return null;
  return viteBuild(VISUALIZER_CONFIG, outDir, '/visualizer/');
}
