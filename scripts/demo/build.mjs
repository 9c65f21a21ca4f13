// Builds the example apps and the visualizer with Vite's JS API. The examples' configs alias
// the published entry names to the library sources, so no `npm run build` is needed first.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const EXAMPLES = ['vanilla', 'vue', 'svelte', 'react'];
export const VISUALIZER_CONFIG = `${ROOT}visualizer/vite.config.ts`;

// The visualizer bundles ELK (elkjs, about 1.4 MB minified) to lay out the diagrams: one large
// chunk is expected for a local dev tool, so Vite's 500 kB advice is raised for it alone.
const VISUALIZER_CHUNK_LIMIT_KB = 2500;

async function viteBuild(configFile, outDir, base, extra = {}) {
  await build({
    configFile,
    mode: 'production',
    base,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, ...extra },
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
  return viteBuild(VISUALIZER_CONFIG, outDir, '/visualizer/', {
    chunkSizeWarningLimit: VISUALIZER_CHUNK_LIMIT_KB,
  });
}
