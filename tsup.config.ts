import { readFile } from 'node:fs/promises';
import { defineConfig, type Options } from 'tsup';

// A hand-made esbuild plugin, kept because the standard tools do not serve: esbuild keeps a class
// whose computed key it cannot prove pure (`Secret`'s `[Symbol.for('nodejs.util.inspect.custom')]`)
// in every bundle that imports its module, used or not, and `/* @__PURE__ */` cannot annotate a
// class declaration. Writing the source as `const Secret = (() => class …)()` would make the
// published type a constant, not a class. So, in the build only, `export class Secret {…}` becomes
// `export const Secret = /* @__PURE__ */ (() => class Secret {…})()`: the same class at run time,
// dropped when unused; the .d.ts, made from the sources, still says `class`. Measured 2026-11-25
// (esbuild, min+gz, with vs without): tokenRefreshMachine 15,905 vs 16,038; incomeReportMachine
// 17,077 vs 17,216; createAuthModule login only 20,324 vs 20,433; limits operations 8,897 vs 9,025;
// other rows within 5 B. Fails the build if the shape moves.
const PURE_CLASSES: Record<string, string> = { 'src/secrets/secret.ts': 'Secret' };
const pureClasses: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'pure-classes',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]secrets[\\/]secret\.ts$/ }, async ({ path }) => {
      const file = Object.keys(PURE_CLASSES).find((f) => path.replaceAll('\\', '/').endsWith(f));
      const text = await readFile(path, 'utf8');
      const name = file && PURE_CLASSES[file];
      const start = text.indexOf(`\nexport class ${name} {\n`);
      const end = text.indexOf('\n}\n', start);
      if (!name || start < 0 || end < 0)
        throw new Error(`pure-classes: no \`export class ${name}\` in ${path}`);
      const body = text.slice(start + `\nexport class ${name} `.length, end + 2);
      const contents = `${text.slice(0, start)}\nexport const ${name} = /* @__PURE__ */ (() => class ${name} ${body})();${text.slice(end + 2)}`;
      return { contents, loader: 'ts' };
    });
  },
};

// One build, ten entries. `machines` and the bindings import the core through the package's own
// names (`pam-client`, and `pam-client/internal` for what only the machines need), kept external,
// so an app that uses several entries gets one copy of the core (one `PamError` class, so
// `instanceof` holds across entries; `npm run api:check` checks it on the build).
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    schemas: 'src/schemas/index.ts',
    machines: 'machines/index.ts',
    vue: 'src/bindings/vue.ts',
    svelte: 'src/bindings/svelte.ts',
    vanilla: 'src/bindings/vanilla.ts',
    react: 'src/bindings/react.ts',
    testing: 'src/testing/index.ts',
    'testing/msw': 'src/testing/msw.ts',
    server: 'src/server/index.ts',
    internal: 'src/internal.ts',
    otel: 'machines/otel/index.ts',
    devtools: 'machines/devtools.ts',
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
  esbuildPlugins: [pureClasses],
  external: [
    'pam-client',
    'xstate',
    'vue',
    'svelte',
    'react',
    'ofetch',
    'zod',
    'h3',
    'msw',
    '@opentelemetry/api',
  ],
});
