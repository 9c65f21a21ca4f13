// Review 74 (against be37dd99), context.ts `decideLine` / rotation.ts `endedBefore`: a call whose
// cookie is past its idle end (`lapsed`) now claims `fin:` and, winning, writes `end:<login>` for
// every instance. But a lapsed copy may be a STALE copy: its token already refreshed by another
// tab's call (context.ts `load` keeps that token: "a stale copy must not end that session"), the
// fresh copy's idle clock touched. The stale copy's call ends the login anyway, and revokes
// nothing: the fresh copy's token is left live at the API; the browser, which holds the fresh copy
// (the stale call's Max-Age=0 reached it before the refresh's Set-Cookie), reads signed out, and
// the player's logout (naming that login) is refused 401: nothing revoked.
// Severity: MEDIUM (healthy store, one instance; only answers reordered on the wire: the player
// signed out of a live session, and a token left live after the player's logout). REGRESSION:
// passes on cbad7e0e (no `end:` written by a clearing call; the fresh copy stays live and its
// logout revokes it).
// Scenario: idle 10 min, refresh due after 5 min. C0 (t0) sealed at s0. At s0+599 s tab 1's poll X
// refreshes t0 -> t1 and answers C1 (late on the wire). Tab 2's poll Y, sent with C0 before X's
// answer arrived, reaches the server at s0+601 s: C0 past its idle end, its token replaced (not
// revoked): signed out, `endedBefore` wins `fin:`, writes `end:`, Max-Age=0. The browser gets Y's
// answer, then X's: it holds C1. C1 reads signed out; the logout naming it: 401, t1 live.
// Control: Y reaches the server before C0's idle end: served, nothing ended.
// Suggested fix: a clearing call claims/writes the login's end only when its cookie's token is the
// login's newest (`newest(opened).token === opened.token`, as `load` decides the revoke), or, when
// it does end the login, ends it as `endLogins` does (its newest token revoked); and a logout
// naming a login a clearing call ended should still revoke the newest token it finds.
import { describe, expect, it } from 'vitest';
import { sharedStore } from '../server/faulty-store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const live = async (token: string) =>
  (
    await fetch(`${ref.server.url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    })
  ).status === 200;

async function scenario(yArrives: 'before idle end' | 'after idle end') {
  const x = await pam({ store: sharedStore(clock), refreshAfterMs: 300_000, cookie: { idleMs: 600_000 } });
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(x.served.url);
  expect((await b.login(email, password)).status).toBe(200);
  const c0 = b.cookie!;
  const l0 = await openCookie(c0);
  clock.now += 599_000;
  const tab1 = new Browser(x.served.url);
  tab1.cookie = c0;
  expect((await tab1.call('GET', '/pam/auth/user-profile')).status).toBe(200); // X: refreshed
  const c1 = tab1.cookie!;
  const l1 = await openCookie(c1);
  expect(l1.token).not.toBe(l0.token);
  clock.now += yArrives === 'after idle end' ? 2_000 : 500;
  const tab2 = new Browser(x.served.url);
  tab2.cookie = c0;
  await tab2.call('GET', '/pam/auth/user-profile'); // Y, with the stale copy
  // The browser got Y's answer first, then X's: it holds C1.
  b.cookie = c1;
  const poll = await b.call('GET', '/pam/auth/user-profile', undefined, { 'x-pam-login': l1.loginId });
  const out = await b.call('POST', '/pam/auth/logout', undefined, {
    'x-pam-client': '1',
    'x-pam-login': l1.loginId,
    'x-pam-logout': 'logout-a123456789abcdef.1',
  });
  return { pollWithC1: poll.status, logout: out.status, t1LiveAfterLogout: await live(l1.token) };
}

describe('a stale copy of the cookie, past its idle end, its token refreshed meanwhile', () => {
  it('control: the stale copy arrives before its idle end — C1 live, its logout revokes t1', async () => {
    expect(await scenario('before idle end')).toEqual({
      pollWithC1: 200,
      logout: 204,
      t1LiveAfterLogout: false,
    });
  });
  it('arriving after its idle end, it does not end the login: C1 live, its logout revokes t1', async () => {
    expect(await scenario('after idle end')).toEqual({
      pollWithC1: 200,
      logout: 204,
      t1LiveAfterLogout: false,
    });
  });
});
