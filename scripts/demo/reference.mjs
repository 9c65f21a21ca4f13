// Starts the reference server from its TypeScript sources (`src/testing/`). Node 20 cannot
// run .ts, so Vite's module runner loads it: no build of the package is needed first.

import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * @param {{ port?: number, host?: string, reportStepMs?: number }} options
 * @returns {Promise<{ server: import('../../src/testing/types').ReferenceServer, seed: import('../../src/testing/types').SeedAccounts }>}
 */
export async function startReference(options = {}) {
  const { module } = await runnerImport(`${ROOT}src/testing/index.ts`, { root: ROOT, logLevel: 'error' });
  const server = await module.startReferenceServer({ host: '127.0.0.1', ...options });
  return { server, seed: module.SEED_ACCOUNTS };
}
