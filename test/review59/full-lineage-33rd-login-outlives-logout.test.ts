// Review 59 (against 0e467bac), sign-in.ts `sealLogin` + lineage.ts `join` (MAX_LOGINS = 32) +
// sign-out.ts `logout`. Severity: MEDIUM.
// Scenario: a browser whose lineage X holds 32 logins (C: the cookie of the 32nd). Tab B's login is
// sent with C; tab A's logout (a form post) is sent with C too, and reaches the proxy after the
// login was answered (its answer, setting C33, reached the jar first). The 33rd login could not join
// X (full) and, X not ended yet, was sealed as a lineage of its own: the logout marks X and reads
// X's logins, never the 33rd. The logout answers 204 with Max-Age=0: the browser's cookie (C33, got
// after the logout left) is deleted while L33 is live, and L33's token stays live at the API with
// no cookie left to end it (no later logout can find it).
// Invariants broken: (1) an answer clears a cookie the browser got after its request left while
// that cookie's login is live; (2)/(3) after the last logout a token of the browser is live.
// With 3 logins in X (control) the 4th joins X and the same logout ends it.
// Fault: sign-in.ts, the `else` branch: the own-lineage login is recorded nowhere the lineage it
// was sent with can find it. Fix: record the overflow login under X (e.g. an `lin:<X>:next` pointer
// to its own lineage, or a 33rd "overflow" key read by `members`), or evict the oldest ended slot.
import { describe, expect, it } from 'vitest';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(logins: number) {
  const fx = await pam();
  const b = new Browser(fx.served.url);
  const { email, password } = ref.server.seed.plain;
  for (let i = 0; i < logins; i++) {
    expect((await b.login(email, password)).status).toBe(200);
    clock.now += 1_000;
  }
  const c = b.cookie!;
  // Tab B's login, sent with C, answered first: the jar now holds its cookie.
  expect((await b.login(email, password)).status).toBe(200);
  const fresh = b.cookie!;
  expect(fresh).not.toBe(c);
  const { token } = await openCookie(fresh);
  clock.now += 200;
  // Tab A's form-post logout, sent with C before the login's answer arrived, reaches the proxy now.
  const out = await b.call('POST', '/pam/auth/logout', undefined, {
    cookie: `__Host-pam-session=${c}`,
    'content-type': 'application/x-www-form-urlencoded',
  });
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  return { logout: out.status, jarCleared: b.cookie === null, newestLiveAtApi: api.status === 200 };
}

describe('a login sent with the cookie of a full lineage, then a logout sent alongside it', () => {
  it('control: in a lineage of 3 logins the logout ends the 4th', async () => {
    expect(await scenario(3)).toEqual({ logout: 204, jarCleared: true, newestLiveAtApi: false });
  });
  it('in a lineage of 32 logins the logout ends the 33rd too', async () => {
    expect(await scenario(32)).toEqual({ logout: 204, jarCleared: true, newestLiveAtApi: false });
  });
});
