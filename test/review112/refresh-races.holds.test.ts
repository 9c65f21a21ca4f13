// Review 112 (probe 4, held): refresh races on one `pam-client/server` instance (no store), against
// a hostile API whose refresh the test holds (a latch, no sleep; the proxy's clock moved by hand).
// - two calls due at once share ONE refresh; both end with the new token, the old never sent again;
// - a logout lands while the refresh is held: the token the refresh then grants is revoked, no
//   cookie seals it, and every copy of the cookie (old) reads signed out afterwards.
import { describe, expect, it } from 'vitest';
import { openCookie } from '../server/harness';
import {
  cookieOf,
  type HostileAPI,
  json,
  latch,
  loginOk,
  pamFor,
  request,
  signIn,
  TOKEN,
  useHostile,
  user,
} from '../server/hostile';
import { turns, until } from '../support/event-loop';

const hostile = useHostile();
const READ = '/pam/bff/users/address-by-user';
const NEW = `NEWTOKEN-${'n'.repeat(30)}`;

function heldRefreshAPI(api: HostileAPI, gate: Promise<void>) {
  api.handler = (req, res) => {
    if (req.url === '/auth/login') return json(res, 200, loginOk());
    if (req.url === '/auth/logout') return json(res, 204, '');
    if (req.url === '/users/refresh-token') {
      void gate.then(() => json(res, 200, { access_token: NEW, token_type: 'bearer', expires_in: 28800 }));
      return;
    }
    if (req.url?.startsWith('/auth/user-profile')) return json(res, 200, { user: user(), userInfo: {} });
    return json(res, 200, { street: `x ${req.headers.authorization}` });
  };
}

const bearer = (api: HostileAPI, url: string) =>
  api.requests.filter((r) => r.url === url).map((r) => r.authorization);

describe('review 112: refresh races (held)', () => {
  it('two calls due at once share one refresh; the old token is not sent after it', async () => {
    const api = await hostile.api();
    const [gate, open] = latch();
    heldRefreshAPI(api, gate);
    let clock = Date.now();
    const pam = pamFor(api, { now: () => clock, refreshAfterMs: 60_000 });
    const cookie = await signIn(pam);
    clock += 61_000;
    const a = pam.handle(request(READ, { cookie }));
    const b = pam.handle(request(READ, { cookie }));
    await until(() => api.requests.some((r) => r.url === '/users/refresh-token'), 'refresh sent');
    open();
    const [ra, rb] = (await Promise.all([a, b])) as [Response, Response];
    const texts = [await ra.text(), await rb.text()];
    expect(api.requests.filter((r) => r.url === '/users/refresh-token')).toHaveLength(1);
    expect(bearer(api, '/bff/users/address-by-user')).toEqual([`bearer ${NEW}`, `bearer ${NEW}`]);
    for (const t of texts) expect(t).not.toContain(NEW);
    for (const r of [ra, rb])
      expect((await openCookie(cookieOf(r).split('=').slice(1).join('='))).token).toBe(NEW);
  });

  it('a logout while the refresh is held: the granted token revoked, nothing sealed, no copy revives', async () => {
    const api = await hostile.api();
    const [gate, open] = latch();
    heldRefreshAPI(api, gate);
    let clock = Date.now();
    const pam = pamFor(api, { now: () => clock, refreshAfterMs: 60_000 });
    const cookie = await signIn(pam);
    clock += 61_000;
    const reading = pam.handle(request(READ, { cookie }));
    await until(() => api.requests.some((r) => r.url === '/users/refresh-token'), 'refresh sent');
    // (The logout waits for the refresh in flight: the gate opens while it is under way.)
    const ending = pam.handle(request('/pam/auth/logout', { method: 'POST', cookie }));
    await turns(50);
    open();
    const out = (await ending)!;
    await out.text();
    expect(out.status).toBeLessThan(300);
    expect(out.headers.getSetCookie().every((l) => /Max-Age=0/.test(l))).toBe(true);
    const read = (await reading)!;
    const text = await read.text();
    expect(text).not.toContain(NEW);
    const sealed = read.headers.getSetCookie().filter((l) => !/Max-Age=0/.test(l));
    expect(sealed).toEqual([]);
    await until(
      () => bearer(api, '/auth/logout').includes(`bearer ${NEW}`),
      () => JSON.stringify(bearer(api, '/auth/logout')),
    );
    expect(bearer(api, '/auth/logout')).toContain(`bearer ${TOKEN}`);
    // The old cookie, replayed: signed out, no upstream call with any token.
    const before = api.requests.length;
    const again = (await pam.handle(request(READ, { cookie })))!;
    await again.text();
    expect(again.status).toBe(401);
    expect(api.requests.length).toBe(before);
  });
});
