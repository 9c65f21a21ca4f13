// REVIEW-P L1: an API answer of 3xx was relayed as a bare 3xx (empty body, no Content-Type; its
// Location dropped): the browser client got an untyped HttpError. The API never redirects: a 3xx
// is a hostile or misconfigured answer, now the typed `502 invalid_response` (the browser client
// throws ResponseValidationError), nothing of it passed on, the redirect never followed, and a
// login's token in it revoked. Over real sockets: the reference server, faulted.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Browser, type TestClock, usePam } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);

const ISSUED = 'REDIRECT-TOKEN-0123456789abcdef';
/** A relayed read, a public route, and the login: every way an answer is passed on. */
const ROUTES: [string, string, string, unknown][] = [
  ['GET', '/bff/users/address-by-user', '/pam/bff/users/address-by-user', undefined],
  ['POST', '/auth/forgot-password', '/pam/auth/forgot-password', { login: 'player@example.com' }],
  ['POST', '/auth/login', '/pam/auth/login', { login: 'player@example.com', password: 'x' }],
];

async function signedIn(): Promise<Browser> {
  const browser = new Browser(fx.served.url);
  const { plain } = ref.server.seed;
  expect((await browser.login(plain.email, plain.password)).status).toBe(200);
  return browser;
}

async function redirected(
  browser: Browser,
  status: number,
  [method, api, path, body]: (typeof ROUTES)[number],
) {
  const location = `${ref.server.url}/evil`;
  ref.server.faults.add({
    path: api,
    status,
    headers: { location },
    body: { access_token: ISSUED },
    times: 1,
  });
  ref.server.requests.length = 0;
  const got = await browser.call(method, path, body);
  const seen = ref.server.requests.map((r) => r.path);
  return {
    status: got.status,
    type: got.headers.get('content-type'),
    location: got.headers.get('location'),
    json: got.json,
    followed: seen.includes('/evil'),
    leaked: got.text.includes(ISSUED),
    revoked: seen.includes('/auth/logout'),
  };
}

const TYPED = {
  status: 502,
  type: 'application/json',
  location: null,
  json: {
    message: expect.any(String),
    pam: 'invalid_response',
    issues: [expect.objectContaining({ path: [] })],
  },
  followed: false,
  leaked: false,
};

describe('an API answer of 3xx (REVIEW-P L1)', () => {
  it.each([301, 302, 303, 307, 308])(
    '%i on a read, a public route and the login: the typed 502',
    async (status) => {
      const browser = await signedIn();
      for (const route of ROUTES)
        expect([route[2], await redirected(browser, status, route)]).toEqual([
          route[2],
          { ...TYPED, revoked: route[1] === '/auth/login' }, // the login's token revoked, not kept
        ]);
    },
  );

  it('property: any 3xx on any passed-on route: the typed 502, no Location, nothing followed', async () => {
    const browser = await signedIn();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 300, max: 399 }),
        fc.constantFrom(...ROUTES),
        async (status, route) => {
          const got = await redirected(browser, status, route);
          expect({ ...got, revoked: undefined }).toEqual({ ...TYPED, revoked: undefined });
        },
      ),
      { numRuns: 40 },
    );
  });
});
