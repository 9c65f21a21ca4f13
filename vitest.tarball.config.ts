import { defineConfig } from 'vitest/config';

// The installed package's black-box checks (test/tarball, review 119): every name API.md gives, in
// ESM and CJS, its `.d.ts` under three module resolutions, the documented flows against the
// reference server, all loaded from an app folder with the packed tarball installed
// (PAM_TARBALL_APP). Run through `npm run test:tarball` (scripts/tarball-tests.sh), which makes it.
export default defineConfig({
  test: {
    include: ['test/tarball/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 1,
    // A hang detector, not a speed check (the `.d.ts` checks run tsc three times).
    testTimeout: 120_000,
  },
});
