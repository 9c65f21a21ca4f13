// Review 60 (against f7fca53d), lineage.ts `joinedBy` (eight steps at most) + sign-in.ts (the join
// loop) + sign-out.ts (the successor walk). Severity: MEDIUM.
// Scenario: one browser, the browser client's logouts only (each with its own id). Its first
// logout's answer is lost: the jar keeps C1 (lineage X ended). Each later "Sair" with the kept C1
// (a new id: 204, cookie kept, as the rules say) walks one step further than the one before: the
// step a logout had ended is "passed" (review 59), so it marks the next one ended. After eight such
// logouts X+ ... X++++++++ are all ended. A login with C1 a minute (or an hour) later: `joinedBy`
// walks past X and seven ended steps and stops at its eighth (`i < 8`), returning X++++++++ itself,
// ended: the login joins it, reads it ended, and is refused 401 signed_out. Every later login with
// that cookie is too, until the marks' TTL (the cookie's absolute end): nothing the browser client
// sends clears the cookie (a logout with an id of an ended lineage keeps it; a refused login sets
// none). The browser is locked out of signing in for good.
// Control: seven later logouts (X+7 ended): the login joins X+8, signed in.
// Invariant broken: (7) a browser is never locked out of logging in for more than ~60 s after a
// logout whose answer was lost.
// Fault: lineage.ts `joinedBy` returns the eighth step even when it too was ended long before (and
// sign-in.ts's overflow chain is capped at `from.length + 8` with the same off-by-one); the logout
// walk (sign-out.ts) can mark every one of the nine steps. Fix: when every step joinedBy may
// reach was ended long before, go on to a lineage of its own recorded where a logout of X finds it
// (or cap the walk so it never marks a step joinedBy cannot go past), or let a logout with an id of
// a lineage ended long before clear the kept cookie (as a form post does past the window).
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(laterLogouts: number) {
  const fx = await pam();
  const b = new Browser(fx.served.url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const { loginId } = await openCookie(c1);
  const lost = new Browser(fx.served.url);
  lost.cookie = c1;
  const out = await lost.call('POST', '/pam/auth/logout', undefined, {
    'x-pam-client': '1',
    'x-pam-login': loginId,
    'x-pam-logout': 'logout-0123456789abcdef.1',
  });
  expect(out.status).toBe(204);
  // Later "Sair"s with the kept cookie, each a new logout id: 204, the cookie kept.
  for (let i = 0; i < laterLogouts; i++) {
    clock.now += IN_FLIGHT_MS + 5_000;
    const again = await b.call('POST', '/pam/auth/logout', undefined, {
      cookie: `__Host-pam-session=${c1}`,
      'x-pam-client': '1',
      'x-pam-logout': `logout-${String(i).padStart(2, '0')}23456789abcdef.1`,
    });
    expect(again.status).toBe(204);
    expect(again.headers.getSetCookie().some((l) => /Max-Age=0(;|$)/.test(l))).toBe(false);
  }
  // A login with the kept cookie, well past every window; and another an hour later.
  clock.now += IN_FLIGHT_MS + 5_000;
  const jar = new Browser(fx.served.url);
  jar.cookie = c1;
  const first = (await jar.login(email, password)).status;
  clock.now += 3_600_000;
  jar.cookie = c1;
  const hourLater = (await jar.login(email, password)).status;
  return { first, hourLater };
}

describe('a login with a cookie kept after a lost logout, when later logouts ended its successors', () => {
  it('control: seven later logouts: the login is signed in', async () => {
    expect(await scenario(7)).toEqual({ first: 200, hourLater: 200 });
  });
  it('eight later logouts: the login is still signed in', async () => {
    expect(await scenario(8)).toEqual({ first: 200, hourLater: 200 });
  });
});
