// Review 156: a hostile BFF on node:http at 127.0.0.1 (answers the reference stack cannot give),
// and a browser-profile client of it. Each request is recorded (method, path, headers, body).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { browserProfile } from '../server-session/support';
import { answeredUserInfo } from '../support/answered-user-info';

export interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}
export type Handler = (req: Seen, res: ServerResponse) => void;

export const send = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

/** A hostile BFF per test (closed after it): `bff.handler` answers; `bff.seen` the requests. */
export function useBff() {
  const open: { close(): void }[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  return async () => {
    const seen: Seen[] = [];
    const bff = { seen, url: '', handler: ((_q, res) => send(res, 404, {})) as Handler };
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const s = {
          method: req.method!,
          path: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        };
        seen.push(s);
        bff.handler(s, res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    bff.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    open.push({ close: () => (server.closeAllConnections(), server.close()) });
    return bff;
  };
}

export const NOW = Date.now();
export const USER = { id: 4, email: 'player@example.com', name: 'Player Four', cancelled_account: false };
export const loginOk = (over: Record<string, unknown> = {}) => ({
  expires_in: 28_800,
  token_type: 'Bearer',
  user: USER,
  userInfo: answeredUserInfo(),
  server_session: { login_id: 'login-9', player_id: 4, signed_in_at: NOW, expires_at: NOW + 8 * 3_600_000 },
  ...over,
});
export const SIGNED_OUT = {
  status: 'signedOut',
  user: null,
  userInfo: null,
  readAt: null,
  loginId: null,
  expiresAt: null,
};

/** Clients made by `clientOf`, stopped after each test. */
export function useClients() {
  const clients: ServerSessionClientBase[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.stop();
  });
  return (url: string, options: NonNullable<Parameters<typeof createServerSessionClient>[0]> = {}) => {
    const profile = browserProfile(url);
    const client = createServerSessionClient({
      fetch: profile.fetch,
      ...options,
      environment: { channel: null, ...options.environment },
    });
    clients.push(client);
    return { client, profile };
  };
}
