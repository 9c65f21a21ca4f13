// A session token too short to hunt safely (review 9, item 5): the token fields of an auth answer
// under 16 characters were never hunted (no token this service issues; hunting one rewrites
// ordinary data), but the login's own `access_token` was sealed and hunted whatever its length, so
// an API answering `"1"` (or `"42"`, or any short id) had every `1` in every answer turned into
// `[redacted]`: the player's id, the session's `player_id`, dates, amounts. Now the one token check
// (`isSessionToken`) asks for 16 characters or more: a login answering a shorter token seals
// nothing (the fixed 502, the token revoked), a refresh answering one is a failed refresh (the
// current token kept, the short one revoked), a cookie holding one reads as signed out. An
// all-digit token counts as the number a JSON echo reads (`"0000000000000001"` is 1: the core's
// number rule would turn every 1 into `[redacted]`).
// Over real sockets: a hostile API on 127.0.0.1.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_TOKEN_CHARS } from '../../src/server/cookie';
import { openCookie } from './harness';
import {
  cookieOf,
  fullInfo,
  type HostileAPI,
  json,
  logIn,
  loginOk,
  pamFor,
  request,
  TOKEN,
  useHostile,
  user,
} from './hostile';

const hostile = useHostile();
const READ = '/pam/bff/users/address-by-user';

const revoked = (api: HostileAPI) =>
  api.requests.filter((r) => r.url === '/auth/logout').map((r) => r.authorization.split(' ')[1]);

/** A hostile API whose login answers `token`, and whose reads answer ordinary numbers and dates. */
function answering(api: HostileAPI, token: string, refreshed = TOKEN) {
  api.requests.length = 0;
  api.handler = (req, res) => {
    if (req.url === '/auth/login') return json(res, 200, loginOk({}, token));
    if (req.url === '/auth/logout') return json(res, 204, '');
    if (req.url === '/users/refresh-token') return json(res, 200, { access_token: refreshed });
    if (req.url?.startsWith('/auth/user-profile'))
      return json(res, 200, { user: user(), userInfo: fullInfo() });
    return json(res, 200, { id: 1, amount: 42, at: '2026-11-29T01:00:00Z' });
  };
}

describe('a session token shorter than 16 characters is never sealed', () => {
  it.each([['1'], ['42'], ['123456789012345'], ['abcdefghijklmno'], ['0000000000000001']])(
    'a login answering %j: the fixed 502, no cookie, the token revoked; nothing rewritten',
    async (token) => {
      const api = await hostile.api();
      answering(api, token);
      const login = await logIn(pamFor(api));
      expect({
        status: login.status,
        body: await login.json(),
        cookies: login.headers.getSetCookie(),
        revoked: revoked(api),
      }).toEqual({
        status: 502,
        body: {
          message: expect.any(String),
          pam: 'invalid_response',
          issues: [{ path: ['access_token'], code: 'too_small', message: expect.any(String) }],
        },
        cookies: [],
        revoked: [token],
      });
    },
  );

  it('a refresh answering a short token: a failed refresh, the current token kept, the short one revoked, the answer as the API wrote it', async () => {
    const api = await hostile.api();
    answering(api, TOKEN, '7');
    const clock = { now: Date.parse('2026-11-28T06:00:00Z') };
    const pam = pamFor(api, { now: () => clock.now, cookie: { idleMs: 43_200_000 } });
    const login = await logIn(pam);
    await login.text();
    clock.now += 21_600_000 + 1_000;
    const read = (await pam.handle(request(READ, { cookie: cookieOf(login) })))!;
    expect(await read.json()).toEqual({ id: 1, amount: 42, at: '2026-11-29T01:00:00Z' });
    const pair = cookieOf(read);
    expect((await openCookie(pair.slice(pair.indexOf('=') + 1))).token).toBe(TOKEN);
    expect(revoked(api)).toEqual(['7']);
  });

  it('property: any header-safe token is sealed iff it has 16 to 2,048 characters; a shorter one is revoked, and no answer is rewritten', async () => {
    const api = await hostile.api();
    const pam = pamFor(api);
    const safe = fc.constantFrom(...'0123456789abcdefXYZ-_.~'.split(''));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(safe, { minLength: 1, maxLength: 40 }).map((chars) => chars.join('')),
          fc.stringMatching(/^0{0,12}[1-9]\d{0,24}$/),
        ),
        async (token) => {
          answering(api, token);
          const login = await logIn(pam);
          const body = await login.text();
          const pair = cookieOf(login);
          const sealed = pair === '' ? null : (await openCookie(pair.slice(pair.indexOf('=') + 1))).token;
          // An all-digit token counts as the number a JSON echo reads ('0000000000000001' is 1).
          const digits = /^\d+$/.test(token) ? String(+token) : token;
          const long = token.length >= MIN_TOKEN_CHARS && digits.length >= MIN_TOKEN_CHARS;
          expect({ status: login.status, sealed, revoked: revoked(api) }).toEqual(
            long
              ? { status: 200, sealed: token, revoked: [] }
              : { status: 502, sealed: null, revoked: [token] },
          );
          // A sealed session's answers keep their ordinary values (the player id, dates, numbers).
          expect(long ? JSON.parse(body).server_session.player_id : 1).toBe(1);
        },
      ),
      { numRuns: 60 },
    );
  });
});
