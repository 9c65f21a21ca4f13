// The layer rules (`npm run check:layers`). Bare `pam-client*` imports resolve through
// tsconfig.json's paths to the sources, so `import ... from 'pam-client/machines'` counts as an
// import of machines/.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-never-imports-machines',
      comment:
        'src/ (the core, bindings, testing) must work without xstate machines: src never imports machines/.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^machines/' },
    },
    {
      name: 'schemas-know-no-transport',
      comment: 'Shapes know no transport: src/schemas never imports src/http.',
      severity: 'error',
      from: { path: '^src/schemas/' },
      to: { path: '^src/http/' },
    },
    {
      name: 'operation-engine-below-modules',
      comment:
        'The operation engine sits between the transport and the modules: src/operation never imports the modules (src/auth, src/user).',
      severity: 'error',
      from: { path: '^src/operation/' },
      to: { path: '^src/(auth|user)/' },
    },
    {
      name: 'bindings-are-thin',
      comment:
        'Bindings adapt a client to a framework: they import neither the modules (src/auth, src/user) nor the transport (src/http).',
      severity: 'error',
      from: { path: '^src/bindings/' },
      to: { path: '^src/(auth|user|http)/' },
    },
    {
      name: 'testing-server-never-imports-machines',
      comment: 'The reference server stands for the service: it never imports the client machines.',
      severity: 'error',
      from: { path: '^src/testing/' },
      to: { path: '^machines/' },
    },
    {
      name: 'server-session-stands-alone',
      comment:
        'pam-client/server runs on the app server: it never imports the machines or the bindings (browser code).',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^(machines/|src/bindings/)' },
    },
    {
      name: 'server-session-never-in-a-browser-bundle',
      comment:
        'No other entry (core, machines, bindings, schemas, testing) imports src/server: it holds the cookie secrets.',
      severity: 'error',
      from: { path: '^(src|machines)/', pathNot: '^src/server/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'core-imports-xstate-for-types-only',
      comment:
        'API.md "Package entries": pam-client, /svelte, /testing, /server, /otel import no xstate at run time (types only). The one exception: /vue and /react take `createActor` for `useActor(logic)` (docs/contract.md).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/bindings/(vue|react)[.]ts$' },
      to: { path: 'node_modules/xstate/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycle: a module that imports one that (through others) imports it back has no order to be read in, and is one concern split in two files.',
      severity: 'error',
      // (But src/errors/any.ts: the union of the error classes, types only, which base.ts's
      // `isPamError` names by a type query: no module is read before another through it.)
      from: { path: '^(src|machines)/', pathNot: '^src/errors/any\\.ts$' },
      to: { circular: true, viaNot: '^src/errors/any\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves (a typo in a path or a missing dependency).',
      severity: 'error',
      from: { path: '^(src|machines)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
