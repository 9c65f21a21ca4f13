// Review 59 (against 0e467bac), sign-out.ts `logout` (`clears = !ended || again || by === ''`).
// Severity: MEDIUM.
// Scenario: the player presses "Sair" (the browser client's logout, try 1, with C1): 204, the jar
// cleared. A form-post logout sent with C1 from another page just before that answer arrived (a
// no-JS fallback, a second tab) is slow on the wire. The player signs in again at once, with no
// cookie: C2, a lineage of its own. The stale form post arrives 2 s later: the lineage of C1 is
// ended, so as "a form post's unlock" it answers 204 with Max-Age=0, deleting C2 while L2 is live
// (L2 is not of C1's lineage: nothing ends it; its token stays live at the API with no cookie).
// The same stale copy as a browser-client logout (another id, control) is refused: no cookie set.
// Invariant broken: (1) an answer clears a cookie the browser got after its request left while that
// cookie's login is live (and (3): a live token with no cookie).
// Fault: sign-out.ts `clears`: a logout with no id of an ended lineage clears whatever the age of
// the lineage's mark; within `IN_FLIGHT_MS` of that mark the form post may have been in flight
// across the answer that cleared. Fix: clear for `by === ''` only when the mark is `IN_FLIGHT_MS`
// old or more (`endedLongBefore`, the login's own rule: a cookie the browser kept), else answer 204
// with no Set-Cookie (a login with the kept C1 within 60 s is refused anyway).
import { describe, expect, it } from 'vitest';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(stale: 'form' | 'client') {
  const fx = await pam();
  const b = new Browser(fx.served.url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const { loginId } = await openCookie(c1);
  const out = await b.call('POST', '/pam/auth/logout', undefined, {
    'x-pam-client': '1',
    'x-pam-login': loginId,
    'x-pam-logout': 'logout-0123456789abcdef.1',
  });
  expect(out.status).toBe(204);
  expect(b.cookie).toBeNull();
  clock.now += 1_000;
  expect((await b.login(email, password)).status).toBe(200);
  const { token: t2 } = await openCookie(b.cookie!);
  clock.now += 2_000;
  // The stale copy, sent with C1 before the logout's answer arrived.
  const headers: Record<string, string> =
    stale === 'form'
      ? { cookie: `__Host-pam-session=${c1}`, 'content-type': 'application/x-www-form-urlencoded' }
      : {
          cookie: `__Host-pam-session=${c1}`,
          'x-pam-client': '1',
          'x-pam-logout': 'logout-fedcba9876543210.1',
        };
  await b.call('POST', '/pam/auth/logout', undefined, headers);
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${t2}`, accept: 'application/json' },
  });
  return { jarKeepsC2: b.cookie !== null, l2Live: api.status === 200 };
}

describe('a stale logout sent with C1 arriving after a new login made with no cookie', () => {
  it("control: the browser client's (another id): C2 kept", async () => {
    expect(await scenario('client')).toEqual({ jarKeepsC2: true, l2Live: true });
  });
  it("a form post's: C2 kept too", async () => {
    expect(await scenario('form')).toEqual({ jarKeepsC2: true, l2Live: true });
  });
});
