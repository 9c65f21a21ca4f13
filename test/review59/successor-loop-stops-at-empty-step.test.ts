// Review 59 (against 0e467bac), sign-out.ts `logout` (the successor loop) + lineage.ts `joinedBy`.
// Severity: HIGH.
// Scenario: the browser kept C1 (lineage X) after its logout's answer was lost. Another logout
// sent with C1 (a second "Sair", the browser client's, a new id) marks the successor X+ ended and
// finds no login in it (answered 204; the cookie kept, as the rules say). 60 s later a login is sent
// with C1: `joinedBy` walks past X (ended long before) AND past X+ (ended long before, empty) and
// joins X++, sealed. A form-post logout sent with C1 alongside it (reaching the proxy after the
// login) walks the successors "up to the first with none": it marks X+ again, reads no login in
// it, and stops: X++ is never marked nor read. It answers 204 with Max-Age=0: the cookie of the
// login (got after the logout left) is deleted, and that login's token stays live at the API with
// nothing left to end it. Control: without the earlier empty mark of X+, the login joins X+ and
// the same logout ends it.
// Invariants broken: (4) a successor-lineage join racing a logout of the ended lineage is left
// live; (1) the logout's answer clears a cookie got after it left while its login is live; (3).
// Fault: sign-out.ts, the loop `if (!more.length) break;` stops at the first successor without
// members, but `joinedBy` skips every successor ended long before, empty or not. Fix: walk the
// loop by the same rule as `joinedBy` (go on past a step with no members while that step's mark
// is `IN_FLIGHT_MS` old, or simply always walk all 8 steps, marking each), i.e. the loop must
// reach every lineage `joinedBy` can return.
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';
import { keptEndedCookie } from '../server/kept-cookie';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(secondLogout: boolean) {
  const fx = await pam();
  // The client's logout ends L1; its answer is lost (the jar keeps C1).
  const { c1, email, password } = await keptEndedCookie(fx.served.url, ref);
  clock.now += IN_FLIGHT_MS + 5_000;
  if (secondLogout) {
    // Another "Sair" with the kept cookie (a new id): 204, cookie kept, X+ marked (empty).
    const again = new Browser(fx.served.url);
    again.cookie = c1;
    const second = await again.call('POST', '/pam/auth/logout', undefined, {
      'x-pam-client': '1',
      'x-pam-logout': 'logout-fedcba9876543210.1',
    });
    expect(second.status).toBe(204);
    expect(again.cookie).toBe(c1);
    clock.now += IN_FLIGHT_MS + 5_000;
  }
  // A login sent with C1 (sealed), and a form post sent with C1 alongside it, arriving after.
  const jar = new Browser(fx.served.url);
  jar.cookie = c1;
  expect((await jar.login(email, password)).status).toBe(200);
  const { token: t2 } = await openCookie(jar.cookie!);
  const form = await jar.call('POST', '/pam/auth/logout', undefined, {
    cookie: `__Host-pam-session=${c1}`,
    'content-type': 'application/x-www-form-urlencoded',
  });
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${t2}`, accept: 'application/json' },
  });
  return { form: form.status, jarCleared: jar.cookie === null, t2LiveAtApi: api.status === 200 };
}

describe('a logout with a kept ended cookie, when an earlier one marked an empty successor', () => {
  it('control: no earlier logout with the kept cookie: the login (in X+) is ended', async () => {
    expect(await scenario(false)).toEqual({ form: 204, jarCleared: true, t2LiveAtApi: false });
  });
  it('an earlier logout marked X+ (empty): the login (in X++) is ended too', async () => {
    expect(await scenario(true)).toEqual({ form: 204, jarCleared: true, t2LiveAtApi: false });
  });
});
