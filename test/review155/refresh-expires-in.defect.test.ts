// Review 155: a refresh answer that announces its new token's life (`expires_in`, as the login's
// does) is ignored: the refreshed session keeps the login's lifetime, so its cookie's Max-Age and
// its next refresh point run past the token's own death (docs/server.md "Lifetimes": Max-Age runs
// to the first of idle, absolute and the token's expiry; a token shorter-lived than the refresh
// interval is refreshed at three quarters of its life).

import { describe, expect, it } from 'vitest';
import {
  cookieOf,
  fullInfo,
  json,
  logIn,
  loginOk,
  pamFor,
  request,
  useHostile,
  user,
} from '../server/hostile';

const hostile = useHostile();
const NEW = 'NEWTOKEN-abcdefghijklmnop';

describe('review155: a refreshed token announcing a shorter life', () => {
  it("the refreshed cookie's Max-Age does not outlive the refreshed token (expires_in: 600)", async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk({ expires_in: 28_800 }));
      if (req.url?.startsWith('/users/refresh-token'))
        return json(res, 200, { access_token: NEW, token_type: 'bearer', expires_in: 600 });
      json(res, 200, { user: user(), userInfo: fullInfo(), street: 'x' });
    };
    let now = Date.parse('2026-11-28T12:00:00Z');
    const pam = pamFor(api, { now: () => now, cookie: { idleMs: 12 * 3_600_000 } });
    const login = await logIn(pam);
    await login.text();
    now += 6 * 3_600_000 + 1_000; // due
    const got = (await pam.handle(request('/pam/bff/users/address-by-user', { cookie: cookieOf(login) })))!;
    expect(got.status).toBe(200);
    const line = got.headers.getSetCookie()[0]!;
    const maxAge = Number(/Max-Age=(\d+)/.exec(line)![1]);
    expect(maxAge).toBeLessThanOrEqual(600); // today: 28,800 (the login's life carried on)
  });
});
