// Review 155: a copy of the cookie replayed after its logout, on the same instance, is signed out
// and sends nothing with its token, even when the API's revoke failed (the token still live).

import { describe, expect, it } from 'vitest';
import {
  cookieOf,
  fullInfo,
  json,
  logIn,
  loginOk,
  pamFor,
  request,
  TOKEN,
  useHostile,
  user,
} from '../server/hostile';

const hostile = useHostile();

describe('review155: replay after logout', () => {
  it('the API refusing every revoke (500): the old cookie, replayed, is 401 and nothing is sent with the token', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      if (req.url?.startsWith('/auth/logout')) return json(res, 500, { message: 'down' });
      return json(res, 200, { user: user(), userInfo: fullInfo(), street: 'x' });
    };
    let incomplete = 0;
    const pam = pamFor(api, { onLogoutIncomplete: () => void incomplete++ });
    const answer = await logIn(pam);
    await answer.text();
    const cookie = cookieOf(answer);
    const out = (await pam.handle(request('/pam/auth/logout', { method: 'POST', cookie })))!;
    expect(out.status).toBe(204);
    api.requests.length = 0;
    for (const path of [
      '/pam/bff/users/address-by-user',
      '/pam/session',
      '/pam/auth/user-profile?check_spa_again=1',
    ]) {
      const got = (await pam.handle(request(path, { cookie })))!;
      const text = await got.text();
      if (path === '/pam/session') {
        expect(got.status).toBe(200);
        expect(JSON.parse(text)).toMatchObject({ status: 'signedOut', user: null, loginId: null });
      } else expect(got.status).toBe(401);
      expect(got.headers.getSetCookie().filter((l) => !/Max-Age=0/.test(l))).toEqual([]);
    }
    expect(
      api.requests.filter((r) => r.authorization.includes(TOKEN) && !r.url.startsWith('/auth/logout')),
    ).toEqual([]);
  });
});
