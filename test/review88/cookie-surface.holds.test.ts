// Review 88 (holds): the session cookie as a network attacker or a hostile page sees it
// (docs/server.md, "The cookie"): `__Host-pam-session`, `Path=/`, `HttpOnly`, `SameSite=Lax`,
// `Secure`, `Max-Age`, no `Domain`; a tampered, truncated, re-ordered, foreign-secret or
// malformed cookie reads as signed out (401), is cleared (`Max-Age=0`) and nothing is sent to the
// API with it; the secret option refuses what the seal cannot use; rotation opens the old seal.

import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/index';
import { SECRETS } from '../server/harness';
import { APP, fullInfo, json, loginOk, pamFor, signIn, useHostile, user } from '../server/hostile';

const hostile = useHostile();
const PROFILE = '/pam/auth/user-profile?check_spa_again=1';
const profile = () => ({ user: user(), userInfo: fullInfo({ ...loginOk().userInfo }) });

async function signedIn(options = {}) {
  const api = await hostile.api();
  api.handler = (req, res) =>
    req.url?.startsWith('/auth/login') ? json(res, 200, loginOk()) : json(res, 200, profile());
  const pam = pamFor(api, { origin: APP, ...options });
  const cookie = await signIn(pam);
  return { api, pam, cookie, value: cookie.slice(cookie.indexOf('=') + 1) };
}

describe('review 88: the cookie line', () => {
  it('a login sets __Host-pam-session with every flag and no Domain; a logout clears it the same way', async () => {
    const api = await hostile.api();
    api.handler = (req, res) =>
      req.url?.startsWith('/auth/login') ? json(res, 200, loginOk()) : res.writeHead(204).end();
    const pam = pamFor(api, { origin: APP });
    const login = (await pam.handle(
      new Request(`${APP}/pam/auth/login`, {
        method: 'POST',
        headers: { 'x-pam-client': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'p@example.com', password: 'Secret123!' }),
      }),
    ))!;
    const [line] = login.headers.getSetCookie();
    expect(login.headers.getSetCookie()).toHaveLength(1);
    expect(line).toMatch(
      /^__Host-pam-session=Fe26\.2\*k1\*[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(line).not.toMatch(/domain=/i);
    expect(Number(/Max-Age=(\d+)/.exec(line!)![1])).toBeLessThanOrEqual(7200); // the idle end first
    expect(line!.split(';')[0]!.length).toBeLessThan(4096);
    const cookie = line!.split(';')[0]!;
    const out = (await pam.handle(
      new Request(`${APP}/pam/auth/logout`, { method: 'POST', headers: { cookie, 'x-pam-client': '1' } }),
    ))!;
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()).toEqual([
      '__Host-pam-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    ]);
  });

  it('cookie.secure false: no __Host- prefix (browsers refuse it without Secure), every other flag', async () => {
    const { cookie } = await signedIn({ cookie: { secure: false } });
    expect(cookie).toMatch(/^pam-session=Fe26/);
  });
});

const TAMPERED: [string, (v: string) => string][] = [
  ['truncated by one character', (v) => v.slice(0, -1)],
  ['truncated at half', (v) => v.slice(0, v.length >> 1)],
  [
    'its parts re-ordered',
    (v) => {
      const p = v.split('*');
      [p[2], p[6]] = [p[6]!, p[2]!];
      return p.join('*');
    },
  ],
  [
    'one ciphertext character changed',
    (v) => {
      const p = v.split('*');
      p[4] = (p[4]![0] === 'A' ? 'B' : 'A') + p[4]!.slice(1);
      return p.join('*');
    },
  ],
  [
    'the MAC changed',
    (v) => {
      const p = v.split('*');
      p[7] = (p[7]![0] === 'A' ? 'B' : 'A') + p[7]!.slice(1);
      return p.join('*');
    },
  ],
  ['another secret id', (v) => v.replace('*k1*', '*k2*')],
  ['no secret id (the seal default)', (v) => v.replace('*k1*', '**')],
  ['a prototype key as id', (v) => v.replace('*k1*', '*__proto__*')],
  [
    'an expiration added',
    (v) => {
      const p = v.split('*');
      p[5] = '9999999999999';
      return p.join('*');
    },
  ],
  ['quoted', (v) => `"${v}"`],
  ['garbage', () => 'x'.repeat(3000)],
  ['eight empty parts', () => '*******'],
];

describe('review 88: a tampered cookie', () => {
  it.each(TAMPERED)('%s: 401, cleared, nothing sent to the API', async (_what, tamper) => {
    const { api, pam, value } = await signedIn();
    const before = api.requests.length;
    const answer = (await pam.handle(
      new Request(`${APP}${PROFILE}`, { headers: { cookie: `__Host-pam-session=${tamper(value)}` } }),
    ))!;
    expect(answer.status).toBe(401);
    expect(answer.headers.getSetCookie()).toEqual([
      '__Host-pam-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    ]);
    expect(api.requests.length).toBe(before);
  });

  it("a cookie sealed by another secret (another app's) opens nowhere else", async () => {
    const a = await signedIn();
    const other = pamFor(a.api, {
      origin: APP,
      secrets: [{ id: 'k1', secret: 'another-apps-secret-of-32-characters-or-more' }],
    });
    const before = a.api.requests.length;
    const answer = (await other.handle(new Request(`${APP}${PROFILE}`, { headers: { cookie: a.cookie } })))!;
    expect(answer.status).toBe(401);
    expect(a.api.requests.length).toBe(before);
  });

  it('rotation: a cookie sealed by the old secret opens once the new one is first', async () => {
    const a = await signedIn();
    const rotated = pamFor(a.api, {
      origin: APP,
      secrets: [{ id: 'k2', secret: 'the-new-secret-of-at-least-32-characters' }, ...SECRETS],
    });
    const answer = (await rotated.handle(
      new Request(`${APP}${PROFILE}`, { headers: { cookie: a.cookie } }),
    ))!;
    expect(answer.status).toBe(200);
  });

  it('the session cookie named twice: the first is read, a second cannot sign the call in as another', async () => {
    const a = await signedIn();
    const answer = (await a.pam.handle(
      new Request(`${APP}${PROFILE}`, { headers: { cookie: `__Host-pam-session=forged; ${a.cookie}` } }),
    ))!;
    expect(answer.status).toBe(401);
  });
});

describe('review 88: the sealing secret option', () => {
  it.each([
    ['missing', undefined],
    ['empty list', []],
    ['31 characters', [{ id: 'a', secret: 'x'.repeat(31) }]],
    ['a number', [{ id: 'a', secret: 1e34 }]],
    ['an id with a dash', [{ id: '2026-11', secret: 'x'.repeat(40) }]],
    ['an id with a star (the seal separator)', [{ id: 'a*b', secret: 'x'.repeat(40) }]],
    [
      'an id twice',
      [
        { id: 'a', secret: 'x'.repeat(40) },
        { id: 'a', secret: 'y'.repeat(40) },
      ],
    ],
    ['a misspelt key', [{ id: 'a', secert: 'x'.repeat(40) }]],
  ])('%s: ConfigurationError at creation', (_what, secrets) => {
    expect(() => pamFor({ url: 'https://api.example' } as never, { secrets: secrets as never })).toThrow(
      ConfigurationError,
    );
  });
});
