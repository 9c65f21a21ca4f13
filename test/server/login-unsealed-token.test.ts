// A login answer that seals no session leaves no token live (review 7, s6 part c): a two-factor
// challenge that also carried an `access_token` left it live at the API (no revoke), while the
// cancelled and too-long branches revoked theirs. Now every login or registration answer whose
// `access_token` (as the API sent it) is not sealed has it revoked at the API (when it can be sent),
// whatever the reason: a challenge, a cancelled account, a failed status, a schema refusal.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openCookie } from './harness';
import { cookieOf, type HostileAPI, json, logIn, loginOk, pamFor, useHostile, user } from './hostile';

const hostile = useHostile();
const ISSUED = 'ISSUED-token-1234567890';

const revoked = (api: HostileAPI) =>
  api.requests.filter((r) => r.url === '/auth/logout').map((r) => r.authorization.split(' ')[1]);

/** The token the answer's cookie seals, or null. */
async function sealedToken(answer: Response): Promise<string | null> {
  const pair = cookieOf(answer);
  const value = pair.slice(pair.indexOf('=') + 1);
  return value === '' ? null : (await openCookie(value)).token;
}

const CASES: [string, number, Record<string, unknown>][] = [
  ['a two-factor challenge', 200, { type: 'two_factor_code', access_token: ISSUED }],
  ['a cancelled-account answer', 200, { type: 'cancelled_account', access_token: ISSUED, message: 'x' }],
  ['a 422 with a token', 422, { message: 'no', errors: {}, access_token: ISSUED }],
  ['a 401 with a token', 401, { message: 'no', access_token: ISSUED }],
  ['a completed answer the schema refuses (no userInfo)', 200, { ...loginOk({}, ISSUED), userInfo: 'x' }],
  [
    'a completed answer for a cancelled player',
    200,
    { ...loginOk({}, ISSUED), user: user({ cancelled_account: true }) },
  ],
];

describe('a login that seals nothing revokes the token it was given', () => {
  it.each(CASES)('%s: the token revoked once, no cookie', async (_, status, body) => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url === '/auth/logout') return json(res, 204, '');
      return json(res, status, body);
    };
    const login = await logIn(pamFor(api));
    expect(await login.text()).not.toContain(ISSUED);
    expect(await sealedToken(login)).toBeNull();
    expect(revoked(api)).toEqual([ISSUED]);
  });

  it('a completed login: sealed, nothing revoked', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => json(res, req.url === '/auth/logout' ? 204 : 200, loginOk({}, ISSUED));
    const login = await logIn(pamFor(api));
    await login.text();
    expect(await sealedToken(login)).toBe(ISSUED);
    expect(revoked(api)).toEqual([]);
  });

  it('property: whatever the login answers, its access_token is sealed or revoked, exactly one of the two', async () => {
    const api = await hostile.api();
    const pam = pamFor(api);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(200, 201, 401, 422, 429, 500),
        fc.constantFrom(undefined, 'two_factor_code', 'cancelled_account', 'other'),
        fc.constantFrom(true, false, 1, undefined),
        fc.boolean(),
        async (status, type, cancelled, withInfo) => {
          const body: Record<string, unknown> = {
            ...loginOk({}, ISSUED),
            user: user({ token: ISSUED, cancelled_account: cancelled }),
            type,
          };
          if (!withInfo) delete body.userInfo;
          api.requests.length = 0;
          api.handler = (req, res) => {
            if (req.url === '/auth/logout') return json(res, 204, '');
            return json(res, status, body);
          };
          const login = await logIn(pam);
          expect(await login.text()).not.toContain(ISSUED);
          const sealed = await sealedToken(login);
          expect(sealed === ISSUED ? [] : [ISSUED]).toEqual(revoked(api));
        },
      ),
      { numRuns: 80 },
    );
  });
});
