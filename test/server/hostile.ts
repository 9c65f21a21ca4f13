// A hostile API for `pam-client/server` tests: a node:http server on 127.0.0.1 whose answers each
// test writes, and the pieces its answers are made of (a login, a profile, a complete userInfo).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { createPamServer, type PamServer, type PamServerOptions } from '../../src/server/index';
import { answeredUserInfo } from '../support/answered-user-info';
import { SECRETS } from './harness';

export type HostileHandler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface HostileAPI {
  url: string;
  /** Every request it received (method, url, authorization). */
  requests: { method: string; url: string; authorization: string }[];
  /** The handler of the current test. */
  handler: HostileHandler;
  close(): Promise<void>;
}

export const APP = 'https://app.example';
export const TOKEN = 'TOKEN-abcdefgh12345';

export async function startHostile(): Promise<HostileAPI> {
  const api: HostileAPI = {
    url: '',
    requests: [],
    handler: (_req, res) => json(res, 404, {}),
    close: async () => {},
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      api.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization ?? '',
      });
      api.handler(req, res, Buffer.concat(chunks).toString());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return api;
}

/** One hostile API per test, closed after it. */
export function useHostile(): { api(): Promise<HostileAPI> } {
  const started: HostileAPI[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((a) => a.close()));
  });
  return {
    async api() {
      const api = await startHostile();
      started.push(api);
      return api;
    },
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', date: new Date().toUTCString(), ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export const user = (over: Record<string, unknown> = {}) => ({
  id: 1,
  email: 'p@example.com',
  username: 'p',
  name: 'P',
  token: TOKEN,
  is_active: true,
  cancelled_account: false,
  bonus_enabled: true,
  ...over,
});

export const loginOk = (over: Record<string, unknown> = {}, token = TOKEN) => ({
  access_token: token,
  expires_in: 28800,
  token_type: 'bearer',
  user: user({ token }),
  userInfo: {
    validate_email_at: null,
    login_at: '2026-11-29T08:00:00Z',
    login_attempt_qty: 0,
    seven_days_since_last_login: false,
    strong_password: true,
    force_request_kyc: false,
    two_factor_enabled: false,
  },
  ...over,
});

/** A userInfo that answers every restriction field (`answeredUserInfo`), with a login time. */
export const fullInfo = (over: Record<string, unknown> = {}) => ({
  login_at: '2026-11-29T08:00:00Z',
  ...answeredUserInfo(over),
});

export const pamFor = (api: HostileAPI, options: Partial<PamServerOptions> = {}): PamServer =>
  createPamServer({ apiBaseURL: api.url, secrets: SECRETS, ...options });

/** A request of the app's page (GET) or of its browser client (X-Pam-Client: 1). */
export function request(path: string, init: { method?: string; cookie?: string; body?: unknown } = {}) {
  const headers = new Headers({ 'x-pam-client': '1' });
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  return new Request(`${APP}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The `Cookie` header a browser would send after `answer`. */
export const cookieOf = (answer: Response): string =>
  answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

/** The answer to a login through `pam` as `p@example.com` (unread; the hostile API must answer it). */
export async function logIn(pam: PamServer): Promise<Response> {
  return (await pam.handle(
    request('/pam/auth/login', {
      method: 'POST',
      body: { login: 'p@example.com', password: 'Secret123!' },
    }),
  ))!;
}

/** Signs in through `pam` (the hostile API must answer the login); the cookie to send. */
export async function signIn(pam: PamServer): Promise<string> {
  const answer = await logIn(pam);
  await answer.text();
  return cookieOf(answer);
}

/** A promise and the function that settles it: a call held in the hostile API until the test lets it go. */
export function latch(): [Promise<void>, () => void] {
  let open = () => {};
  const shut = new Promise<void>((resolve) => {
    open = resolve;
  });
  return [shut, open];
}
