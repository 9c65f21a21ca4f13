// The reference server on node:http. Node modules and h3's Node adapter are loaded when a server
// starts, so `pam-client/testing` imports cleanly in a browser (which uses `createReferenceFetch`).

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReferenceCore } from './app';
import { H3_MISSING_MESSAGE, loadH3, loadOptional } from './optional-h3';
import { checkOptions } from './spec-checks';
import type { ReferenceServer, ReferenceServerOptions } from './types';

// Opaque specifiers: a browser bundle of `pam-client/testing` (Storybook, vitest browser mode)
// must not follow these two; Node resolves them at run time.
const H3_NODE = 'h3/node';
const NODE_HTTP = 'node:http';

type H3Node = typeof import('h3/node');
type NodeHttp = typeof import('node:http');

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * Starts the reference server (Node only): every endpoint of the spec over real HTTP, seeded
 * with the accounts of `SEED_ACCOUNTS`, with request recording and fault injection for tests.
 * Needs `h3` v2 (`npm i -D h3`; pam-client does not depend on it); without it, or with another
 * major, rejects with an Error saying so.
 *
 * @example
 * const server = await startReferenceServer();
 * const res = await fetch(`${server.url}/auth/login`, {
 *   method: 'POST',
 *   headers: { 'content-type': 'application/json' },
 *   body: JSON.stringify({ login: server.seed.plain.email, password: server.seed.plain.password }),
 * });
 * await server.close();
 */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  checkOptions(options);
  await loadH3(); // h3 v2 first: v1 has no 'h3/node', and its error would name neither
  const { toNodeHandler } = await loadOptional(
    'h3',
    () => import(/* @vite-ignore */ /* webpackIgnore: true */ H3_NODE) as Promise<H3Node>,
    H3_MISSING_MESSAGE,
  );
  const { createServer } = (await import(/* @vite-ignore */ /* webpackIgnore: true */ NODE_HTTP)) as NodeHttp;
  const core = createReferenceCore(options);
  const handler = toNodeHandler(await core.app());
  // The `Date` header (the server's own clock) is the app's, as for the in-process forms.
  const server = createServer(handler);
  // Idle keep-alive sockets stay open until `close()`: with Node's 5 s default, a client reusing
  // one on a loaded machine could race the server's close (a reset: a network error, no answer).
  server.keepAliveTimeout = 600_000;
  const address = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  core.state.baseUrl = `http://${host}:${address.port}`;

  let closing: Promise<void> | undefined;
  return {
    url: core.state.baseUrl,
    ...core.controls,
    close() {
      closing ??= new Promise<void>((resolve) => {
        core.delays.clear();
        server.close(() => resolve());
        // Hung and keep-alive sockets would keep close() waiting forever.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
