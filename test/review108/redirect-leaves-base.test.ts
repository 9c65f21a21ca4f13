// Review 108, defect: a same-origin redirect may leave baseURL's path, and the adapter follows it
// with the token and the credential headers, and takes the answer there as the API's.
// `redirectTarget` (src/http/exchange.ts) judges a hop by origin only, while a path the caller
// names is judged by baseURL's path ("Paths never leave baseURL", docs/contract.md, issue 27.2:
// `/../x` is refused, nothing sent) and the API's clock already refuses a hop "that left
// baseURL's path" (`isUnder`, src/http/ofetch-adapter.ts). On a shared origin (an API under
// `/pam-api`, other apps beside it) the API (or anything able to plant a 3xx there) can send the
// bearer token to another app's path, and that app's answer becomes the player's profile.
// Real sockets: a node:http server on 127.0.0.1, baseURL on its `/api` path.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthModule, createOfetchAdapter, isPamError } from '../../src/index';
import { answeredUserInfo } from '../support/answered-user-info';

const TOKEN = 'canary-TOKEN-rev108-redirect-77';
const KEY = 'canary-KEY-rev108-header-9911';
const seen: { path: string; authorization?: string; key?: string }[] = [];
let server: Server;
let url = '';
let answer: (req: IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string };
beforeAll(async () => {
  server = createServer({ keepAliveTimeout: 600_000 }, (req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        key: req.headers['x-api-key'] as string | undefined,
      });
      const a = answer(req);
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
beforeEach(() => {
  seen.length = 0;
});

const http = () =>
  createOfetchAdapter({
    baseURL: `${url}/api`,
    getAccessToken: () => TOKEN,
    headers: { 'x-api-key': KEY },
    retry: 0,
  });

/** The API redirects every call to `location`; anything outside `/api` answers `other`. */
function redirectOut(location: string, other = '{"user":{},"userInfo":{}}') {
  answer = (req) =>
    req.url?.startsWith('/api/') ? { status: 302, headers: { location } } : { status: 200, body: other };
}

describe('review 108: a redirect that leaves baseURL path', () => {
  for (const location of [
    '/other-app/collect',
    '/api/../other-app/collect',
    '/api/%2e%2e/other-app/collect',
  ]) {
    it(`302 to ${location}: no token or credential header leaves baseURL's path`, async () => {
      redirectOut(location);
      const outcome = await http()
        .get('/bff/users/address-by-user')
        .then(
          () => 'resolved',
          (e: unknown) => e,
        );
      const outside = seen.filter((r) => !r.path.startsWith('/api/'));
      expect(outside.map((r) => [r.path, r.authorization ?? null, r.key ?? null])).toEqual([]);
      // Refused as a redirect to another origin is: an HttpError with the 3xx status.
      expect(isPamError(outcome) && (outcome as { status?: number }).status).toBe(302);
    });
  }

  it("the profile read through such a redirect is not taken as the API's answer", async () => {
    // Another app's answer: a complete, free profile (the API's own would say the player is barred).
    const free = {
      user: { id: 1, email: 'p@example.com', is_active: true, cancelled_account: false },
      userInfo: {
        validate_email_at: null,
        login_at: '2026-11-29T08:00:00Z',
        login_attempt_qty: 0,
        seven_days_since_last_login: false,
        strong_password: true,
        force_request_kyc: false,
        two_factor_enabled: false,
        ...answeredUserInfo(),
      },
    };
    redirectOut('/other-app/profile', JSON.stringify(free));
    const outcome = await createAuthModule(http())
      .getUserProfile()
      .then(
        () => 'resolved',
        (e: unknown) => (isPamError(e) ? (e as { code: string }).code : 'foreign error'),
      );
    expect(outcome).toBe('http');
  });
});
