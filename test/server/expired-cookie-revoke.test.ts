// Review 10, item J(b): a cookie found idle-expired (or past its absolute end) read as signed out
// and was cleared, but its token, still live at the API until its own expiry, was never revoked.
// Now the call that finds it so revokes it (best effort), unless the token has expired itself or a
// logout ended the login (revoked then already). A hostile API on 127.0.0.1, its clock moved by hand.

import { describe, expect, it } from 'vitest';
import { type HostileAPI, json, loginOk, pamFor, request, signIn, TOKEN, useHostile, user } from './hostile';

const hostile = useHostile();
const READ = '/pam/bff/users/address-by-user';

const revoked = (api: HostileAPI) =>
  api.requests.filter((r) => r.url === '/auth/logout').map((r) => r.authorization.split(' ')[1]);

async function expiredBy(move: number, options: Parameters<typeof pamFor>[1] = {}) {
  const api = await hostile.api();
  api.handler = (req, res) => {
    if (req.url === '/auth/login') return json(res, 200, loginOk({ expires_in: 86_400 }));
    if (req.url === '/auth/logout') return json(res, 200, { message: 'ok' });
    if (req.url?.startsWith('/auth/user-profile')) return json(res, 200, { user: user(), userInfo: {} });
    return json(res, 200, {});
  };
  let clock = Date.now();
  const pam = pamFor(api, { now: () => clock, ...options });
  const cookie = await signIn(pam);
  clock += move;
  const answer = (await pam.handle(request(READ, { cookie })))!;
  await answer.text();
  return { api, answer };
}

describe('J(b): an expired cookie’s token is revoked when it is found so', () => {
  it('idle past cookie.idleMs: 401, cleared, the token revoked', async () => {
    const { api, answer } = await expiredBy(2 * 3_600_000 + 1_000);
    expect(answer.status).toBe(401);
    expect(answer.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    expect(revoked(api)).toEqual([TOKEN]);
  });

  it('past cookie.absoluteMs (not idle): the token revoked', async () => {
    const { api } = await expiredBy(3_600_000 + 1_000, {
      cookie: { absoluteMs: 3_600_000, idleMs: 7_200_000 },
      refreshAfterMs: 86_400_000,
    });
    expect(revoked(api)).toEqual([TOKEN]);
  });

  it('a token past its own expiry: nothing revoked (it is dead already)', async () => {
    const { api } = await expiredBy(25 * 3_600_000, {
      cookie: { idleMs: 172_800_000, absoluteMs: 172_800_000 },
    });
    expect(revoked(api)).toEqual([]);
  });

  it('a stale copy of a cookie whose token was refreshed meanwhile: the successor (a fresher copy’s) is not revoked', async () => {
    const api = await hostile.api();
    const T1 = `T1-${'r'.repeat(30)}`;
    api.handler = (req, res) => {
      if (req.url === '/auth/login') return json(res, 200, loginOk({ expires_in: 86_400 }));
      if (req.url === '/auth/logout') return json(res, 200, { message: 'ok' });
      if (req.url === '/users/refresh-token') return json(res, 200, { access_token: T1, expires_in: 86_400 });
      return json(res, 200, {});
    };
    let clock = Date.now();
    const pam = pamFor(api, { now: () => clock, refreshAfterMs: 3_600_000 });
    const stale = await signIn(pam);
    clock += 2 * 3_600_000 - 10_000; // not idle yet, refresh due: the fresher copy holds T1
    const refreshed = (await pam.handle(request(READ, { cookie: stale })))!;
    await refreshed.text();
    expect(refreshed.headers.getSetCookie()).toHaveLength(1);
    clock += 20_000; // the stale copy is idle now, within graceMs of the refresh
    const replay = (await pam.handle(request(READ, { cookie: stale })))!;
    await replay.text();
    expect(replay.status).toBe(401);
    expect(revoked(api)).toEqual([]);
  });
});
