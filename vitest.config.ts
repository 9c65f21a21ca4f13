import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import vue from '@vitejs/plugin-vue';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { CHROMIUM_ARGS, chromiumPath, SKIP_BROWSER_MESSAGE } from './test/support/chromium.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Two projects: `node` (everything under test/ but test/browser) and `browser` (component tests
// of the Vue and Svelte bindings in Debian's Chromium, never a downloaded browser). Without
// Chromium the browser project is left out and `npm test` says so once.
const executablePath = chromiumPath();
// Vitest evaluates this file again for the projects that extend it: warn once per process.
const warned = Symbol.for('pam-client.browser-skip-warned');
const flags = globalThis as { [warned]?: boolean };
if (!executablePath && !flags[warned]) {
  flags[warned] = true;
  console.warn(SKIP_BROWSER_MESSAGE);
}

const node: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'node',
    include: ['test/**/*.test.ts'],
    // (test/tarball: the installed package's checks, `npm run test:tarball`: they need a packed tarball.)
    exclude: ['test/browser/**', 'test/tarball/**', '**/node_modules/**'],
    environment: 'node',
    // A hang detector, not a speed check (time in tests is simulated): at a load of 11-14 on the 2
    // cores (a CI dry run beside four helper sessions), tests of 4-10 s alone passed 15 s, and a
    // property that outlived its timeout kept running under the next test (twenty-fourth pass).
    testTimeout: 60_000,
    // One module graph per worker, not one per file: every file re-imported xstate, zod, h3 and
    // the whole client (about 3 s a file on a loaded 2-core machine, 130 files). Files restore
    // what they change (`restoreMocks`, `unstubGlobals`, `unstubEnvs`, fixtures that stop what
    // they start).
    isolate: false,
    // ...so each file is checked to leave the shared process as it found it (built-in prototypes,
    // the platform's globals, real timers).
    setupFiles: ['test/support/shared-state-guard.ts'],
    // A worker twice died of "heap out of memory" (4 GB, then 8 GB) in CI dry runs: tabs answering
    // each other without end (a product bug, fixed in the twenty-fourth pass; the test channel now
    // fails a storm of messages at once). 8 GB each is kept as margin for the one module graph per
    // worker: two workers, 16 of the machine's 24 GB at most.
    execArgv: ['--max-old-space-size=8192'],
  },
};

// The type tests (`*.test-d.ts`), in a project of their own so a run of `--project node` does not
// start `tsc`. They check the type tests and what they import (about half of `tsc` over the whole
// tree, which `npm run typecheck` does and which this used to repeat).
const types: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'types',
    include: [],
    typecheck: {
      enabled: true,
      only: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './test/tsconfig.test-d.json',
    },
  },
};

const browser: TestProjectInlineConfiguration = {
  extends: true,
  plugins: [vue(), svelte({ configFile: false })],
  test: {
    name: 'browser',
    include: ['test/browser/**/*.browser.test.ts'],
    // Real components in Chromium against the reference server: on a loaded 2-core machine a
    // flow takes seconds (a safety net; what the tests assert is order and content, not speed).
    testTimeout: 45_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: { executablePath: executablePath ?? undefined, args: CHROMIUM_ARGS },
      }),
      instances: [{ browser: 'chromium' }],
      screenshotFailures: false,
    },
  },
};

export default defineConfig({
  resolve: {
    alias: [
      { find: /^pam-client$/, replacement: here('./src/index.ts') },
      { find: /^pam-client\/schemas$/, replacement: here('./src/schemas/index.ts') },
      { find: /^pam-client\/schemas$/, replacement: here('./src/schemas/index.ts') },
      { find: /^pam-client\/machines$/, replacement: here('./machines/index.ts') },
      { find: /^pam-client\/devtools$/, replacement: here('./machines/devtools.ts') },
      { find: /^pam-client\/testing$/, replacement: here('./src/testing/index.ts') },
      { find: /^pam-client\/vue$/, replacement: here('./src/bindings/vue.ts') },
      { find: /^pam-client\/svelte$/, replacement: here('./src/bindings/svelte.ts') },
      { find: /^pam-client\/vanilla$/, replacement: here('./src/bindings/vanilla.ts') },
      { find: /^pam-client\/react$/, replacement: here('./src/bindings/react.ts') },
      { find: /^pam-client\/internal$/, replacement: here('./src/internal.ts') },
    ],
  },
  test: {
    testTimeout: 15000,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // Two cores, shared: two test files at a time at most.
    maxWorkers: 2,
    projects: executablePath ? [node, types, browser] : [node, types],
  },
});
