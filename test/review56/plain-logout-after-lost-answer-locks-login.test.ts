// Review 56 (against 41f19f41), sign-out.ts `logout`: a logout of a lineage a logout ended already
// now "moves no mark" and calls `call.signOut(false)`, so its cookie line follows `decideLine`: no
// Set-Cookie within IN_FLIGHT_MS (60 s) of the first mark. Before 41f19f41 (f00f1a54) such a logout
// re-marked and cleared the cookie (`signOut(true)`).
// Case: a logout that names no login (a form post, a non-JS app; docs: "ends the cookie's login")
// whose answer was lost (the browser still holds the ended cookie), sent again by the player.
// The second one is answered 204 but leaves the ended cookie in the jar, and the login the player
// types next joins the ended lineage and is refused `401 signed_out` (and its refusal does not clear
// it either) until 60 s after the first mark. f00f1a54: the second logout cleared, the login passed.
// Only a browser-client try carrying the same X-Pam-Logout id is unlocked now.
import { describe, expect, it } from 'vitest';
import { Browser, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

// Forty-seventh pass (reviews 59, 60): within 60 s of the first logout's mark, a logout with no id
// may be a copy sent before the first one's answer came, late on the wire, and the jar may hold a
// login made since: it keeps the cookie, and the lock lasts 60 s at most. Past the window, it clears.
describe('a plain logout sent again after its answer was lost', () => {
  it('within 60 s keeps the ended cookie (a login then refused); past them clears it, and the player signs in', async () => {
    const fx = await pam();
    const b = new Browser(fx.served.url);
    const { email, password } = ref.server.seed.plain;
    expect((await b.login(email, password)).status).toBe(200);
    const c1 = b.cookie!;
    // First logout: done at the proxy, its answer (the cleared cookie) lost.
    expect((await b.call('POST', '/pam/auth/logout', undefined, { 'x-pam-client': '1' })).status).toBe(204);
    b.cookie = c1;
    clock.now += 2_000;
    // The player presses "sign out" again.
    const again = await b.call('POST', '/pam/auth/logout', undefined, { 'x-pam-client': '1' });
    clock.now += 2_000;
    const login = await b.login(email, password);
    expect({ again: again.status, cleared: b.cookie !== c1, login: login.status }).toEqual({
      again: 204,
      cleared: false,
      login: 401,
    });
    // A minute later: cleared, signed in.
    clock.now += 60_000;
    const late = await b.call('POST', '/pam/auth/logout', undefined, { 'x-pam-client': '1' });
    const next = await b.login(email, password);
    expect({ late: late.status, cleared: b.cookie !== c1, login: next.status }).toEqual({
      late: 204,
      cleared: true,
      login: 200,
    });
  });
});
