import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^pam-client$/, replacement: here('./src/index.ts') },
      { find: /^pam-client\/machines$/, replacement: here('./machines/index.ts') },
      { find: /^pam-client\/testing$/, replacement: here('./src/testing/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
    testTimeout: 15000,
    restoreMocks: true,
  },
});
