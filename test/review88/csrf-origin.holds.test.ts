// Review 88 (holds): the same-origin check of docs/server.md, "Proxy rules", as a hostile page or
// a forged request sees it. State-changing calls are refused (403, nothing forwarded, no cookie
// set) unless proven same-origin; reads are refused when `Sec-Fetch-Site` says another site. A
// login CSRF (a victim's browser signed into the attacker's account) is refused the same way.

import { describe, expect, it } from 'vitest';
import { APP, fullInfo, json, loginOk, pamFor, signIn, useHostile, user } from '../server/hostile';

const hostile = useHostile();
const EVIL = 'https://evil.example';
const LOGIN = JSON.stringify({ login: 'attacker@example.com', password: 'Attacker123!' });

type Row = [string, string, Record<string, string>, string | undefined, number];

// [what, method, headers, content-type, expected status]
const STATE_CHANGING: Row[] = [
  ['cross-site form post (Origin evil)', 'POST', { origin: EVIL }, 'application/x-www-form-urlencoded', 403],
  ['cross-site text/plain post', 'POST', { origin: EVIL }, 'text/plain', 403],
  [
    'cross-site JSON with X-Pam-Client',
    'POST',
    { origin: EVIL, 'x-pam-client': '1' },
    'application/json',
    403,
  ],
  ['Origin null (sandboxed frame, data: URL)', 'POST', { origin: 'null' }, 'application/json', 403],
  ['Origin null with X-Pam-Client', 'POST', { origin: 'null', 'x-pam-client': '1' }, 'application/json', 403],
  ['no Origin, no Sec-Fetch-Site, no X-Pam-Client (old browser form)', 'POST', {}, 'text/plain', 403],
  ['no Origin, Referer of the app only', 'POST', { referer: `${APP}/login` }, 'application/json', 403],
  [
    'same-site sibling (Sec-Fetch-Site same-site)',
    'POST',
    { 'sec-fetch-site': 'same-site', 'x-pam-client': '1' },
    'application/json',
    403,
  ],
  [
    'Sec-Fetch-Site none on a POST',
    'POST',
    { 'sec-fetch-site': 'none', origin: APP },
    'application/json',
    403,
  ],
  [
    'Sec-Fetch-Site cross-site with the app Origin',
    'POST',
    { 'sec-fetch-site': 'cross-site', origin: APP },
    'application/json',
    403,
  ],
  ['Origin with a trailing slash', 'POST', { origin: `${APP}/` }, 'application/json', 403],
  ['Origin of the app over http', 'POST', { origin: 'http://app.example' }, 'application/json', 403],
  [
    'Origin of the app with another port',
    'POST',
    { origin: 'https://app.example:8443' },
    'application/json',
    403,
  ],
  ['two Origin values', 'POST', { origin: `${APP}, ${EVIL}` }, 'application/json', 403],
  ['X-Pam-Client other than 1', 'POST', { 'x-pam-client': 'true' }, 'application/json', 403],
  [
    'X-HTTP-Method-Override on a cross-site POST',
    'POST',
    { origin: EVIL, 'x-http-method-override': 'PATCH' },
    'application/json',
    403,
  ],
  ['PUT cross-site', 'PUT', { origin: EVIL }, 'application/json', 403],
  [
    'OPTIONS preflight from evil',
    'OPTIONS',
    { origin: EVIL, 'access-control-request-method': 'POST' },
    undefined,
    403,
  ],
  ['the app itself (Origin)', 'POST', { origin: APP }, 'application/json', 200],
  [
    'the app itself (Sec-Fetch-Site same-origin)',
    'POST',
    { 'sec-fetch-site': 'same-origin' },
    'application/json',
    200,
  ],
  ['the browser client (X-Pam-Client)', 'POST', { 'x-pam-client': '1' }, 'application/json', 200],
  ['same-origin JSON but text/plain', 'POST', { origin: APP }, 'text/plain', 415],
  ['same-origin, a JSON-ish type', 'POST', { origin: APP }, 'application/vnd.api+json', 415],
];

describe('review 88: the same-origin check on the login route (login CSRF)', () => {
  it.each(STATE_CHANGING)('%s: %s (type %s) -> %s', async (_what, method, headers, type, status) => {
    const api = await hostile.api();
    api.handler = (req, res) => json(res, 200, loginOk());
    const pam = pamFor(api, { origin: APP });
    const h = new Headers(headers);
    if (type) h.set('content-type', type);
    const answer = (await pam.handle(
      new Request(`${APP}/pam/auth/login`, {
        method,
        headers: h,
        body: method === 'OPTIONS' ? undefined : LOGIN,
      }),
    ))!;
    await answer.text();
    expect(answer.status).toBe(status);
    // A refusal forwards nothing and sets no cookie (no victim signed into the attacker's account).
    expect(api.requests.length).toBe(status === 200 ? 1 : 0);
    expect(answer.headers.getSetCookie().length).toBe(status === 200 ? 1 : 0);
  });
});

const READS: [string, Record<string, string>, number][] = [
  ['a cross-site <img> (Sec-Fetch-Site cross-site)', { 'sec-fetch-site': 'cross-site' }, 403],
  ['a sibling subdomain (same-site)', { 'sec-fetch-site': 'same-site' }, 403],
  ['a typed address (none)', { 'sec-fetch-site': 'none' }, 200],
  ['the app (same-origin)', { 'sec-fetch-site': 'same-origin' }, 200],
];

describe('review 88: reads from another site', () => {
  it.each(READS)('GET and HEAD /pam/auth/user-profile, %s -> %s', async (_what, headers, status) => {
    const api = await hostile.api();
    api.handler = (req, res) =>
      req.url?.startsWith('/auth/login')
        ? json(res, 200, loginOk())
        : json(res, 200, { user: user(), userInfo: fullInfo({ ...loginOk().userInfo }) });
    const pam = pamFor(api, { origin: APP });
    const cookie = await signIn(pam);
    const before = api.requests.length;
    for (const method of ['GET', 'HEAD']) {
      const answer = (await pam.handle(
        new Request(`${APP}/pam/auth/user-profile?check_spa_again=1`, {
          method,
          headers: { ...headers, cookie },
        }),
      ))!;
      await answer.text();
      expect(answer.status).toBe(status);
      if (status === 403) expect(answer.headers.getSetCookie()).toEqual([]);
    }
    expect(api.requests.length - before).toBe(status === 403 ? 0 : 2);
  });
});

describe('review 88: a logout forged from another site', () => {
  it.each([
    ['form post from evil', { origin: EVIL }],
    ['no proof at all', {}],
    ['same-site sibling', { 'sec-fetch-site': 'same-site', origin: 'https://x.app.example' }],
  ] as const)('%s: refused, the cookie kept, nothing revoked', async (_what, headers) => {
    const api = await hostile.api();
    api.handler = (req, res) => json(res, 200, loginOk());
    const pam = pamFor(api, { origin: APP });
    const cookie = await signIn(pam);
    const before = api.requests.length;
    const answer = (await pam.handle(
      new Request(`${APP}/pam/auth/logout`, {
        method: 'POST',
        headers: { ...headers, cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      }),
    ))!;
    expect(answer.status).toBe(403);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(api.requests.length).toBe(before);
  });
});
