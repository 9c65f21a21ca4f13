// Review 60 (against f7fca53d), lineage.ts `endOf` (the newer of this instance's mark and the
// store's picked by `w`, each writer's own clock) + sign-out.ts `again`. Severity: MEDIUM.
// Scenario: two instances share a store; X's clock runs 40 s ahead of Y's (and of the store's), the
// skew e43008e2 claims to cover ("a skew between instances never lets ... an old try clear a newer
// login's cookie"). Logout try 1 (id I) lands on X: marked and answered, its `close` re-marks
// `<I> 1` (X's local copy written at w = X's now, 40 s "ahead"); the answer is lost. Try 2 leaves
// at the client's timeout and is held on the wire; try 3 lands on Y: a later try, 204 with
// Max-Age=0, its `close` writes `<I> 3` to the store (w = Y's now). The player signs in again with
// no cookie (C2, a lineage of its own). Held try 2 reaches X: `endOf` takes X's OWN `<I> 1` (its w
// is ahead of the store's `<I> 3` by the skew), 2 > 1, both clocks' windows open (`win:` refreshed
// by try 3's close) -> "a later try, the logout done": 204 with Max-Age=0, deleting C2 while L2 is
// live (L2's token stays live at the API with no cookie left to end it).
// Control: no skew: X takes the store's `<I> 3`, try 2 is refused 401, C2 kept.
// Invariants broken: (1) an answer clears a cookie the browser got after its request left while
// its login is live; (5) clock skew between instances; (3) a live token with no cookie.
// Fault: lineage.ts `endOf`: `here.w >= there.w` compares write times taken by two different
// clocks; the win: key (store clock) only bounds the window's length, not which mark is newest.
// Fix: for `again` (and `close`) read the store's mark alone when there is a store (as `close` now
// does: `storeOnly`), falling back to the local one only when the store fails; or order marks by
// a store-side sequence (e.g. a counter claimed in the store) instead of `w`.
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(skewMs: number) {
  const shared = unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
  const x = await pam({ store: shared, now: () => clock.now + skewMs });
  const y = await pam({ store: shared });
  const b = new Browser(y.served.url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const { loginId } = await openCookie(c1);
  const tryHeaders = (n: number) => ({
    'x-pam-client': '1',
    'x-pam-login': loginId,
    'x-pam-logout': `logout-0123456789abcdef.${n}`,
  });
  // Try 1 on X: answered, the answer lost (the jar keeps C1).
  const lost = new Browser(x.served.url);
  lost.cookie = c1;
  expect((await lost.call('POST', '/pam/auth/logout', undefined, tryHeaders(1))).status).toBe(204);
  await settle(); // try 1's close lands
  // Try 2 leaves at 15 s (held on the wire); try 3 at 30 s, on Y.
  clock.now += 30_000;
  const try3 = await b.call('POST', '/pam/auth/logout', undefined, tryHeaders(3));
  expect(try3.status).toBe(204);
  expect(b.cookie).toBeNull();
  await settle(); // try 3's close lands
  clock.now += 1_000;
  expect((await b.login(email, password)).status).toBe(200);
  const { token: t2 } = await openCookie(b.cookie!);
  clock.now += 1_000;
  // Held try 2 reaches X, carrying C1 as sent.
  const try2 = await new Browser(x.served.url).call('POST', '/pam/auth/logout', undefined, {
    ...tryHeaders(2),
    cookie: `__Host-pam-session=${c1}`,
  });
  const clearsC2 = try2.headers.getSetCookie().some((l) => /Max-Age=0(;|$)/.test(l));
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${t2}`, accept: 'application/json' },
  });
  return { try2: try2.status, clearsC2, l2Live: api.status === 200 };
}

describe('held try 2 reaching the instance whose clock runs ahead, after try 3 on the other', () => {
  it('control: no skew: try 2 is refused, C2 kept', async () => {
    expect(await scenario(0)).toEqual({ try2: 401, clearsC2: false, l2Live: true });
  });
  it('X 40 s ahead: try 2 is refused too, C2 kept', async () => {
    expect(await scenario(40_000)).toEqual({ try2: 401, clearsC2: false, l2Live: true });
  });
});
