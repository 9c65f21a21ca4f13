import { defineConfig } from 'tsup';

// One build, nine entries. `machines` and the bindings import the core through the
// package's own name, kept external, so an app that uses several entries gets one copy
// of the core (one `PamError` class, so `instanceof` holds across entries).
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    machines: 'machines/index.ts',
    vue: 'src/bindings/vue.ts',
    svelte: 'src/bindings/svelte.ts',
    vanilla: 'src/bindings/vanilla.ts',
    react: 'src/bindings/react.ts',
    testing: 'src/testing/index.ts',
    'testing/msw': 'src/testing/msw.ts',
    internal: 'src/internal.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
  // Entries share chunks (ESM and CJS): `internal`, `index` and `testing` hold one copy of the core
  // code between them, so an app importing the machines (which import pam-client/internal) does
  // not bundle the error classes twice (createPamClient + Vue: -3 kB min+gz).
  splitting: true,
  external: ['pam-client', 'xstate', 'vue', 'svelte', 'react', 'ofetch', 'zod', 'h3', 'msw'],
});
