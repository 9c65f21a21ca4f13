// A refresh follows the login's cookie rule (review 9, item 2): the login seals its access token
// whenever the server holds it, the other secrets giving way when the cookie cannot hold them all
// (login-token-budget.test.ts), but a refresh whose new access token and new refresh token together
// passed the cookie's budget (`MAX_SESSION_CHARS`) failed: the current token kept, the new one
// revoked, and the next call refreshed and failed again until the session expired. Now the
// refresh's new access token is always sealed and the other secrets give way as the login's do:
// the refresh answer's own first (its refresh token first), then the session's older ones, each
// while it still fits. Over real sockets: a hostile API on 127.0.0.1, its clock moved by hand.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNSCRUBBABLE } from '../../src/server/answer';
import { MAX_SESSION_CHARS, MAX_TOKEN_CHARS } from '../../src/server/cookie';
import { MAX_SECRET_CHARS } from '../../src/server/strip';
import { openCookie } from './harness';
import {
  cookieOf,
  type HostileAPI,
  json,
  logIn,
  loginOk,
  pamFor,
  request,
  useHostile,
  user,
} from './hostile';

const hostile = useHostile();
const READ = '/pam/bff/users/address-by-user';
const HOURS_6 = 21_600_000;

/** A header-safe token of `length` characters starting with `tag` (distinct tags, distinct tokens). */
const tokenOf = (tag: string, length: number) => `${tag}-${'x'.repeat(length - tag.length - 1)}`;

/** The secrets a cookie keeps with `token`: each candidate while it still fits (the login's rule). */
function keptWith(token: string, candidates: readonly string[]): string[] {
  const kept: string[] = [];
  let chars = token.length;
  for (const s of new Set(candidates))
    if (s !== token && chars + s.length <= MAX_SESSION_CHARS) {
      kept.push(s);
      chars += s.length;
    }
  return kept;
}

interface Lengths {
  access: number;
  refresh: number;
  next: number;
  nextRefresh: number;
}

const revoked = (api: HostileAPI) =>
  api.requests.filter((r) => r.url === '/auth/logout').map((r) => r.authorization.split(' ')[1]);

/**
 * Signs in (access and refresh tokens of the given lengths), moves the clock past the refresh
 * point and reads a route that echoes `echo()`; the refresh answers the next pair.
 */
async function refreshing(api: HostileAPI, n: Lengths, run: number) {
  const access = tokenOf(`A${run}`, n.access);
  const refresh = tokenOf(`R${run}`, n.refresh);
  const next = tokenOf(`N${run}`, n.next);
  const nextRefresh = tokenOf(`M${run}`, n.nextRefresh);
  let echo: Record<string, string> = {};
  api.requests.length = 0;
  api.handler = (req, res) => {
    if (req.url === '/auth/login')
      return json(res, 200, {
        ...loginOk({ refresh_token: refresh }, access),
        user: user({ token: access }),
      });
    if (req.url === '/users/refresh-token')
      return json(res, 200, { access_token: next, refresh_token: nextRefresh, expires_in: 28800 });
    if (req.url === '/auth/logout') return json(res, 204, '');
    if (req.url === READ.slice('/pam'.length)) return json(res, 200, { ...echo, n: 1 });
    return json(res, 404, {});
  };
  const clock = { now: Date.parse('2026-11-28T06:00:00Z') };
  const pam = pamFor(api, { now: () => clock.now, cookie: { idleMs: 43_200_000 } });
  const login = await logIn(pam);
  await login.text();
  expect(login.status).toBe(200);
  const before = await openCookie(cookieOf(login).split('=').slice(1).join('='));
  const loginSecrets = (before as unknown as { secrets?: string[] }).secrets ?? [];
  // The refresh's call: it hunts the session it read and everything the refresh answer holds.
  const huntedThen = [access, ...loginSecrets, next, nextRefresh];
  echo = Object.fromEntries(huntedThen.map((t, i) => [`e${i}`, `echo ${t}`]));
  clock.now += HOURS_6 + 1_000;
  const refreshed = (await pam.handle(request(READ, { cookie: cookieOf(login) })))!;
  const refreshedText = await refreshed.text();
  const lines = refreshed.headers.getSetCookie();
  const cookie = cookieOf(refreshed);
  const session = (await openCookie(cookie.split('=').slice(1).join('='))) as unknown as {
    token: string;
    secrets?: string[];
  };
  // A later call on the refreshed cookie alone: the session's sealed secrets are hunted there.
  const sealed = [session.token, ...(session.secrets ?? [])];
  echo = Object.fromEntries(sealed.map((t, i) => [`e${i}`, `echo ${t}`]));
  const later = (await pam.handle(request(READ, { cookie })))!;
  const laterText = await later.text();
  return {
    tokens: { access, refresh, next, nextRefresh, loginSecrets, huntedThen },
    refreshed: { status: refreshed.status, text: refreshedText, lines },
    session,
    later: { status: later.status, text: laterText },
    revoked: revoked(api),
  };
}

/** Tokens as `<tag>:<length>` (readable diffs). */
const short = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_, v) => (typeof v === 'string' ? `${v.split('-')[0]}:${v.length}` : v)));

async function check(api: HostileAPI, n: Lengths, run: number) {
  const r = await refreshing(api, n, run);
  const { next, nextRefresh, loginSecrets, huntedThen } = r.tokens;
  // The new access token is sealed, the other secrets as the login keeps them, each while it
  // fits: the refresh answer's refresh token replaces the login's (review 10, Q: a replaced secret
  // is no longer the session's; calls still carrying the old cookie hunt it).
  expect(loginSecrets.length).toBeLessThanOrEqual(1);
  expect(short({ token: r.session.token, secrets: r.session.secrets ?? [], revoked: r.revoked })).toEqual(
    short({ token: next, secrets: keptWith(next, [nextRefresh]), revoked: [] }),
  );
  expect(r.refreshed.lines).toHaveLength(1);
  expect(Buffer.byteLength(r.refreshed.lines[0]!)).toBeLessThanOrEqual(4096);
  // The refresh's call answers with every secret it read hunted, or (more than one call can
  // hunt: MAX_SECRET_CHARS) the fixed 502; never a token.
  const chars = huntedThen.join('').length; // distinct tokens (distinct tags)
  const { status, text } = r.refreshed;
  expect({ status, fixed: status === 502 ? JSON.parse(text) : null }).toEqual(
    chars <= MAX_SECRET_CHARS ? { status: 200, fixed: null } : { status: 502, fixed: UNSCRUBBABLE },
  );
  for (const t of huntedThen) expect(r.refreshed.text.includes(t)).toBe(false);
  expect(r.later.status).toBe(200);
  for (const t of [next, ...(r.session.secrets ?? [])]) expect(r.later.text.includes(t)).toBe(false);
}

describe("a refresh's new secrets give way in the cookie as the login's do", () => {
  it.each([
    [
      'a new access token and refresh token of 1,300 each',
      { access: 19, refresh: 20, next: 1300, nextRefresh: 1300 },
    ],
    [
      'a new access token of 2,048 and refresh token of 600',
      { access: 19, refresh: 20, next: 2048, nextRefresh: 600 },
    ],
    [
      'a new pair that fits, the login refresh token giving way',
      { access: 19, refresh: 1000, next: 1000, nextRefresh: 1000 },
    ],
    [
      'a session at the budget refreshed to two tokens of 2,048: sealed; that call hunts more than one call can (the fixed 502), the next is answered',
      { access: 2048, refresh: 512, next: 2048, nextRefresh: 2048 },
    ],
  ])('%s: the new access token sealed, the rest as fits, nothing revoked', async (_, lengths) => {
    const api = await hostile.api();
    await check(api, lengths, 0);
  });

  it('property: any lengths of the login pair and the refresh pair (16..2,048)', async () => {
    const api = await hostile.api();
    const length = fc.integer({ min: 16, max: MAX_TOKEN_CHARS });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({ access: length, refresh: length, next: length, nextRefresh: length }),
        (n) => check(api, n, ++run),
      ),
      { numRuns: 16 },
    );
  }, 120_000);
});
