// Review 10, item P (a regression of 9fb254e, "Set-Cookie last"): `answer()` scrubbed the body
// before `cookieLine()` ran, and `cookieLine()` is where a call learns the token another call's
// refresh produced while it was in flight (the grace map, or the store). That token was hunted only
// after the body went out: an answer echoing it passed it verbatim while its own Set-Cookie sealed
// it. Now every token the answer's cookie seals (and every successor of the session known) is
// learned before anything is scrubbed; the cookie is still set only with the answer that went out
// clean. Over real sockets: a hostile API on 127.0.0.1, its clock moved by hand.

import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/store';
import { openCookie } from './harness';
import { cookieOf, json, latch, loginOk, pamFor, request, signIn, TOKEN, useHostile, user } from './hostile';

const hostile = useHostile();
const T1 = `T1-${'b'.repeat(40)}`;
const HISTORY = '/pam/bff/users/login-history';

/**
 * A player's history call in flight with the login's token while another call (the page's
 * `getSession`, or `/pam/session`) refreshes it: the history answer echoes the refreshed token.
 */
async function raced(other: 'getSession' | 'session') {
  const api = await hostile.api();
  const [held, release] = latch();
  let refreshed = false;
  const [inFlight, entered] = latch();
  api.handler = async (req, res) => {
    if (req.url === '/auth/login') return json(res, 200, loginOk());
    if (req.url === '/users/refresh-token') {
      refreshed = true;
      return json(res, 200, { access_token: T1, token_type: 'bearer', expires_in: 28800 });
    }
    if (req.url?.startsWith('/auth/user-profile'))
      return json(res, 200, { user: user({ token: refreshed ? T1 : TOKEN }), userInfo: loginOk().userInfo });
    if (req.url?.startsWith('/bff/users/login-history')) {
      entered();
      await held;
      return json(res, 200, { data: [{ device: 'web', session: refreshed ? T1 : TOKEN, again: T1 }] });
    }
    return json(res, 200, {});
  };
  let clock = Date.now();
  const pam = pamFor(api, { now: () => clock, refreshAfterMs: 60_000 });
  const cookie = await signIn(pam);
  const history = pam.handle(request(HISTORY, { cookie }));
  await inFlight; // sent with the login's token (the refresh not due yet)
  clock += 61_000;
  if (other === 'getSession') {
    const view = await pam.getSession(request('/', { cookie }));
    expect(JSON.stringify(view.initial)).not.toContain(T1);
  } else {
    const seed = await (await pam.handle(request('/pam/session', { cookie })))!.text();
    expect(seed).not.toContain(T1);
  }
  expect(refreshed).toBe(true);
  release();
  return (await history)!;
}

describe('P: the tokens an answer’s cookie seals are hunted in that answer', () => {
  for (const other of ['getSession', 'session'] as const) {
    it(`a call in flight while ${other} refreshed: its body has no refreshed token, its cookie seals it`, async () => {
      const answer = await raced(other);
      const text = await answer.text();
      expect(answer.status).toBe(200);
      expect(text).not.toContain(T1);
      expect(JSON.parse(text).data[0].again).toBe('[redacted]');
      const sealed = await openCookie(cookieOf(answer).split('=').slice(1).join('='));
      expect(sealed.token).toBe(T1);
    });
  }
});

describe('P: with a store, a successor another instance produced is hunted too', () => {
  it('a call not due to refresh, whose answer echoes the token another instance rotated to: redacted', async () => {
    const api = await hostile.api();
    let refreshed = false;
    const [held, release] = latch();
    const [inFlight, entered] = latch();
    api.handler = async (req, res) => {
      if (req.url === '/auth/login') return json(res, 200, loginOk());
      if (req.url === '/users/refresh-token') {
        refreshed = true;
        return json(res, 200, { access_token: T1, token_type: 'bearer', expires_in: 28800 });
      }
      if (req.url?.startsWith('/auth/user-profile'))
        return json(res, 200, { user: user({ token: T1 }), userInfo: loginOk().userInfo });
      entered();
      await held;
      return json(res, 200, { data: [{ session: T1 }] });
    };
    let clock = Date.now();
    const store = unstorageSessionStore(createStorage(), { now: () => clock, claimSettleMs: 0 });
    const options = { now: () => clock, refreshAfterMs: 60_000, store };
    const [a, b] = [pamFor(api, options), pamFor(api, options)];
    const cookie = await signIn(a);
    clock += 30_000;
    const early = a.handle(request(HISTORY, { cookie })); // not due: sent with the login's token
    await inFlight;
    clock += 31_000;
    await (await b.handle(request('/pam/session', { cookie })))!.text(); // instance b rotates
    expect(refreshed).toBe(true);
    release();
    const text = await (await early)!.text();
    expect(text).not.toContain(T1);
  });
});
