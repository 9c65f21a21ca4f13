// Review 10, item R: a late 401 to a call in flight of a login that ended meanwhile (a logout, or a
// new login in the same browser) answered `Set-Cookie: Max-Age=0`, deleting the cookie of the new
// login (docs/server.md: an in-flight call of an ended login sets no Set-Cookie at all). Now a call
// whose session was live when it began, and whose login ended while it ran, sets none. A hostile
// API on 127.0.0.1.

import { describe, expect, it } from 'vitest';
import { cookieOf, json, latch, loginOk, pamFor, request, signIn, TOKEN, useHostile, user } from './hostile';

const hostile = useHostile();
const SECOND = `SECOND-${'s'.repeat(30)}`;
const READ = '/pam/bff/users/address-by-user';

async function lateUnauthorized(end: 'logout' | 'relogin') {
  const api = await hostile.api();
  const [held, release] = latch();
  const [inFlight, entered] = latch();
  let logins = 0;
  api.handler = async (req, res) => {
    if (req.url === '/auth/login') return json(res, 200, logins++ === 0 ? loginOk() : loginOk({}, SECOND));
    if (req.url === '/auth/logout') return json(res, 200, { message: 'ok' });
    if (req.url?.startsWith('/auth/user-profile')) return json(res, 200, { user: user(), userInfo: {} });
    entered();
    await held;
    return json(res, 401, { message: 'Unauthenticated.' }); // the first login's token, revoked meanwhile
  };
  const pam = pamFor(api);
  const cookie = await signIn(pam);
  const late = pam.handle(request(READ, { cookie }));
  await inFlight;
  const ending = (await pam.handle(
    end === 'logout'
      ? request('/pam/auth/logout', { method: 'POST', cookie })
      : request('/pam/auth/login', {
          method: 'POST',
          cookie,
          body: { login: 'p@example.com', password: 'Secret123!' },
        }),
  ))!;
  await ending.text();
  release();
  const answer = (await late)!;
  await answer.text();
  return { ending, answer };
}

describe('R: a late 401 to a call of an ended login sets no cookie', () => {
  it('a logout meanwhile: the logout clears the cookie, the late 401 sets nothing', async () => {
    const { ending, answer } = await lateUnauthorized('logout');
    expect(ending.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    expect(answer.status).toBe(401);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('a new login meanwhile: its cookie is set, and the late 401 of the old one does not clear it', async () => {
    const { ending, answer } = await lateUnauthorized('relogin');
    expect(cookieOf(ending)).not.toBe('');
    expect(ending.headers.getSetCookie().join()).not.toMatch(/Max-Age=0/);
    expect(answer.status).toBe(401);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('a 401 to a login that did not end still clears the cookie', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url === '/auth/login') return json(res, 200, loginOk());
      return json(res, 401, { message: `Unauthenticated ${TOKEN}` });
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const answer = (await pam.handle(request(READ, { cookie })))!;
    expect(answer.status).toBe(401);
    expect(answer.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
  });
});
