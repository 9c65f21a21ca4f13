// The visualizer (served by the demo at /visualizer/): the machines of `pam-client/machines`
// drawn from their definitions, with live actors against the reference server behind `/api`.
// Aliases point the published entry names at the sources, so no library build is needed.

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/visualizer/',
  resolve: {
    alias: [
      { find: /^pam-client$/, replacement: here('../src/index.ts') },
      { find: /^pam-client\/machines$/, replacement: here('../machines/index.ts') },
      { find: /^pam-client\/devtools$/, replacement: here('../machines/devtools.ts') },
      { find: /^pam-client\/vanilla$/, replacement: here('../src/bindings/vanilla.ts') },
    ],
  },
  build: { outDir: here('../node_modules/.cache/pam-visualizer'), emptyOutDir: true },
});
