// Starts the reference server from its TypeScript sources (`src/testing/`). Node 20 cannot
// run .ts, so a Vite server (middleware mode, no HMR) loads it and stays open while the reference
// server runs: the server loads h3 and node:http lazily, through that same module loader (a
// one-shot `runnerImport` is closed by then: "Vite module runner has been closed").

import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * @param {{ port?: number, host?: string, reportStepMs?: number }} options
 * @returns {Promise<{ server: import('../../src/testing/types').ReferenceServer, seed: import('../../src/testing/types').SeedAccounts }>}
 */
export async function startReference(options = {}) {
  const vite = await createServer({
    root: ROOT,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    // Only Node code is loaded here: no browser dependency scan (rooted at the repository, it
    // crawled every example's index.html and printed "Failed to run dependency scan ...
    // pam-client/machines ... Are they installed?" on every `npm start`).
    optimizeDeps: { noDiscovery: true, entries: [], include: [] },
  });
  try {
    const module = await vite.ssrLoadModule(`${ROOT}src/testing/index.ts`);
    const server = await module.startReferenceServer({ host: '127.0.0.1', ...options });
    const close = server.close.bind(server);
    server.close = async () => {
      await close();
      await vite.close();
    };
    return { server, seed: module.SEED_ACCOUNTS };
  } catch (error) {
    await vite.close();
    throw error;
  }
}
