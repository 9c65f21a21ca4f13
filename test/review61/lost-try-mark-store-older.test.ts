// Review 61 (against b13c3fee), lineage.ts `endOf` (the store's mark taken whenever the store holds
// one, this instance's own only when the store fails or holds none) + sign-out.ts `again`.
// Severity: MEDIUM.
// Scenario: one instance with a store. Logout try 1 (id I) of C1 is answered, its answer lost; its
// `close` writes `I 1`. Try 2 leaves at the client's timeout and is held on the wire; try 3 lands:
// a later try, 204 with Max-Age=0, its `close` marks `I 3`: this instance keeps `I 3`, but the
// store's write of `out:<X>` is lost (a store losing one key) or fails. The player signs in again
// with no cookie (C2, a lineage of its own). Held try 2 reaches the same instance: `endOf` takes
// the store's stale `I 1` over this instance's own newer `I 3`, 2 > 1, both windows open -> "a
// later try": 204 with Max-Age=0, deleting C2 while L2 is live (its token live at the API with no
// cookie left to end it).
// Control: the store takes the write: try 2 reads `I 3`, refused 401, C2 kept.
// Invariants broken: (1) an answer clears a cookie the browser got after its request left while
// that login is live; (5) a store losing/failing one key; (3) a live token with no cookie.
// Fault: lineage.ts `endOf`: "the store's mark whenever it holds one" ignores that this instance's
// own mark is known newer when its write was not taken (or, for one logout id, has a higher try
// number). Fix: for one logout (`by` equal), take the higher `n` of the local and the store's mark
// (and a contested local mark over the store's); or remember a local mark whose store write failed
// and prefer it until a later write lands.
import { describe, expect, it } from 'vitest';
import { failing, sharedStore } from '../server/faulty-store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(write: 'taken' | 'lost' | 'failed') {
  const shared = sharedStore(clock);
  const fault = { on: false };
  const store = failing(shared, {
    set: (key) => fault.on && key.startsWith('out:') && (write === 'lost' ? 'lost' : write === 'failed'),
  });
  const x = await pam({ store });
  const b = new Browser(x.served.url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const { loginId } = await openCookie(c1);
  const tryHeaders = (n: number) => ({
    'x-pam-client': '1',
    'x-pam-login': loginId,
    'x-pam-logout': `logout-0123456789abcdef.${n}`,
  });
  const lost = new Browser(x.served.url);
  lost.cookie = c1;
  expect((await lost.call('POST', '/pam/auth/logout', undefined, tryHeaders(1))).status).toBe(204);
  await settle(); // try 1's close lands: `I 1`
  clock.now += 30_000;
  fault.on = true; // try 3's marks of out:X are not kept by the store
  const try3 = await b.call('POST', '/pam/auth/logout', undefined, tryHeaders(3));
  expect(try3.status).toBe(204);
  expect(b.cookie).toBeNull();
  await settle(); // try 3's close
  fault.on = false;
  clock.now += 1_000;
  expect((await b.login(email, password)).status).toBe(200);
  const { token: t2 } = await openCookie(b.cookie!);
  clock.now += 1_000;
  // Held try 2 (sent at 15 s with C1) arrives.
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

describe("held try 2 after try 3, try 3's mark not kept by the store", () => {
  it('control: the store takes the mark: try 2 refused, C2 kept', async () => {
    expect(await scenario('taken')).toEqual({ try2: 401, clearsC2: false, l2Live: true });
  });
  it('the store loses the write: try 2 refused too, C2 kept', async () => {
    expect(await scenario('lost')).toEqual({ try2: 401, clearsC2: false, l2Live: true });
  });
  it('the store fails the write: try 2 refused too, C2 kept', async () => {
    expect(await scenario('failed')).toEqual({ try2: 401, clearsC2: false, l2Live: true });
  });
});
