// Review 60 (against f7fca53d), sign-out.ts `clears` (`by === '' && (ended.by === '' || ...)`).
// Severity: MEDIUM.
// Scenario: review 59's stale-form-post-clears-newer-login with the FIRST logout a form post too (a
// no-JS page; or two tabs of it). Form post F1 (no id) with C1: 204, Max-Age=0, the jar cleared; the
// lineage's mark is `by ''`. A second form post F2, sent with C1 from another tab just before F1's
// answer arrived, is slow on the wire. The player signs in again at once with no cookie: C2, a
// lineage of its own. F2 arrives 2 s later: the lineage is ended by a logout with no id, so F2
// "unlocks" and answers 204 with Max-Age=0, deleting C2 while L2 is live (L2 is not of C1's lineage:
// nothing ends it; its token stays live at the API with no cookie left to end it).
// Control: F1 is the browser client's logout (an id): F2 within 60 s keeps C2 (review 59's fix).
// Invariant broken: (1) an answer clears a cookie the browser got after its request left while
// that cookie's login is live; (3) a live token of the browser with no cookie.
// Fault: sign-out.ts `clears`: the `ended.by === ''` arm lets a form post clear within the window of
// another form post's mark, where the window exists precisely because a call sent before that
// answer may arrive after it. Fix: one rule for both: a logout with no id of an ended lineage clears
// only past the window (`!inWindow(ended, arrivedAt, 'either')`); a browser whose form post's answer
// was lost waits at most 60 s (its logins with the kept cookie then join the successor), as a
// browser client's does.
import { describe, expect, it } from 'vitest';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function scenario(first: 'form' | 'client') {
  const fx = await pam();
  const b = new Browser(fx.served.url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const { loginId } = await openCookie(c1);
  const out = await b.call(
    'POST',
    '/pam/auth/logout',
    undefined,
    first === 'form'
      ? FORM
      : { 'x-pam-client': '1', 'x-pam-login': loginId, 'x-pam-logout': 'logout-0123456789abcdef.1' },
  );
  expect(out.status).toBe(204);
  expect(b.cookie).toBeNull();
  clock.now += 1_000;
  expect((await b.login(email, password)).status).toBe(200);
  const { token: t2 } = await openCookie(b.cookie!);
  clock.now += 2_000;
  // F2, the stale form post sent with C1 before the first logout's answer arrived.
  await b.call('POST', '/pam/auth/logout', undefined, { ...FORM, cookie: `__Host-pam-session=${c1}` });
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${t2}`, accept: 'application/json' },
  });
  return { jarKeepsC2: b.cookie !== null, l2Live: api.status === 200 };
}

describe('a stale form post sent with C1, arriving after a new login made with no cookie', () => {
  it("control: after the browser client's logout: C2 kept", async () => {
    expect(await scenario('client')).toEqual({ jarKeepsC2: true, l2Live: true });
  });
  it("after another form post's logout: C2 kept too", async () => {
    expect(await scenario('form')).toEqual({ jarKeepsC2: true, l2Live: true });
  });
});
