// Review 62 (against 2330acb0), sign-out.ts: a logout of an ended lineage marks all eight steps
// ended with a FRESH window (dated ahead, marked again as its answer leaves), even when its answer
// keeps the cookie. Severity: LOW.
// Scenario: one instance with a store. The browser client's logout of C1 (lineage X) is answered and
// lost at t = 0: the jar keeps C1. At t = 55 s the player presses a plain "Sair" form (no id; the doc
// tells a non-JS browser whose answer was lost to wait a minute: this one did not): within X's
// window, so 204 with the cookie kept, as the rules say; but its walk marks X+ ... X+8 ended with a
// window from t = 55 s. At t = 105 s (45 s past X's own window) the player signs in with C1:
// `joinedBy` passes X and stops at X+, in the form post's window: 401 signed_out, no cookie set.
// Every login until t = 115 s is refused, though the form post's answer changed nothing in the
// browser (it kept the cookie: no call could be "in flight across" it). Each such form post made
// within X's window moves the lockout to 60 s past it (about 120 s after the lost logout; more when
// the walk's second mark is lost, the first being dated 2*timeoutMs + 8 s ahead).
// Control: no form post: the login at t = 105 s is signed in (X+).
// Invariant broken: (7) a lockout from logging in beyond ~100 s after a logout whose answer was lost.
// Fault: sign-out.ts, the walk's `end(next, until, '', 0, ahead)` and `void end(next, until)` for a
// logout whose answer keeps the cookie. Fix: a logout that does not clear the cookie ends the steps
// without opening a new window (date their marks at the ended mark's `at`), or walks them only when
// its answer clears the cookie (the walk's logins are then still revoked: read them, do not re-date).
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';
import { lineageOf } from '../../src/server/lineage';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';
import { keptEndedCookie } from '../server/kept-cookie';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(formPost: boolean) {
  const store = unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
  const fx = await pam({ store });
  const start = clock.now;
  const { c1, email, password } = await keptEndedCookie(fx.served.url, ref);
  const x = lineageOf((await openCookie(c1)) as never);
  await settle();
  if (formPost) {
    clock.now = start + 55_000;
    const form = new Browser(fx.served.url);
    form.cookie = c1;
    const out = await form.call('POST', '/pam/auth/logout', undefined, FORM);
    expect(out.status).toBe(204);
    expect(form.cookie).toBe(c1); // within X's window: kept, as the rules say
    await settle();
  }
  clock.now = start + 105_000;
  const jar = new Browser(fx.served.url);
  jar.cookie = c1;
  const login = await jar.login(email, password);
  const joined = login.status === 200 ? lineageOf((await openCookie(jar.cookie!)) as never) : null;
  return { login: login.status, joinedSuccessor: joined?.startsWith(`${x}+`) ?? false };
}

describe('a login with the kept cookie 105 s after its logout (answer lost)', () => {
  it('control: no other logout: signed in', async () => {
    expect(await scenario(false)).toEqual({ login: 200, joinedSuccessor: true });
  });
  // Forty-seventh pass: left open (an expected failure): the lock lasts to ~115 s (60 s past the
  // form post). Re-dating the walk's marks at the old mark's time would let a login racing that
  // walk be sealed unseen; a longer lock (LOW) was chosen over that.
  it.fails('a plain form "Sair" at 55 s (cookie kept): still signed in at 105 s', async () => {
    expect(await scenario(true)).toEqual({ login: 200, joinedSuccessor: true });
  });
});
