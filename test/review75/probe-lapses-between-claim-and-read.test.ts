// Review 75 (against 55f733bb), rotation.ts `endsFirst`: an ending (a login over the cookie's
// login, a logout) whose `fin:` claim is lost reads `fin:` to learn whether it lost to a clearing
// call's 1 ms check (`probe`, "which an ending that meets it takes over": docs/server.md). On an
// atomic store (Redis SET NX PX 1, the store the docs ask for; here the replicated store's primary,
// no fault), the read comes one round trip after the claim: when the probe lapsed meanwhile (its
// 1 ms is about one round trip), the read answers null, `String(null)` is not `probe...`, and the
// ending counts as lost to another ending: the login is refused (401 signed_out, its token revoked),
// the logout keeps the cookie. Nothing failed; no other ending came.
// Scenario: L1's token ends at the API (its own expiry, an admin); tab 1's poll answers 401 (its
// check holds `fin:L1` for 1 ms); in that millisecond tab 2 sends a login (or a logout) with the
// cookie of L1; its claim is lost, its read of `fin:` a millisecond later finds nothing.
// Severity: LOW (needs the relogin within ~1 ms of a clearing call; then one refused login / one
// kept cookie, recovered by the next attempt). REGRESSION of 55f733bb (the probe is new).
// Control: the read lands while the probe is still held: taken over, the login answers 200.
// Fifty-first pass: a clearing call's check is no probe now: its claim, won, holds `fin:` as
// `clear` for `IN_FLIGHT_MS` (its answer may be that long on the wire, review 75's late clearing
// answer): an ending with the cookie of L1 within it is refused (a login: 401 signed_out, its token
// revoked) or keeps the cookie (a logout: 204), whether a read lapses or not; past it, accepted
// and cleared as before (the liveness these cases asked for, a window later).
// Suggested fix (then): a lost claim whose read answers null claims again (the key is free: the holder was
// a lapsed probe, or an ending whose value the read lags behind — then the second claim is lost to
// it again); only a value other than `probe...` says another ending came first.
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_MS } from '../../src/server/store';
import type { PamSessionStore } from '../../src/server/types';
import { sendLogout } from '../server/faulty-store';
import { Browser, signedInEndedAtApi, type TestClock, usePamPerTest } from '../server/harness';
import { ReplicatedStore } from '../server/replicated-store';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(ending: 'login' | 'logout', lapses: boolean, waited = 0) {
  const store = new ReplicatedStore(clock);
  const primary = store.primary;
  // (A round trip: the read after a lost `fin:` claim of an ending lands a millisecond later.)
  const timed: PamSessionStore = {
    get: (k) => primary.get(k),
    set: (k, v, t) => primary.set(k, v, t),
    claim: async (k, v, t) => {
      const won = await primary.claim(k, v, t);
      if (!won && lapses && k.startsWith('fin:') && v === '1') clock.now += 1;
      return won;
    },
  };
  const x = await pam({ store: timed });
  // L1's token ends at the API; tab 1's poll is answered 401 (its `fin:` check held a while).
  const { b, l1, email, password } = await signedInEndedAtApi(x.served.url, ref.server);
  const tab1 = new Browser(x.served.url);
  tab1.cookie = b.cookie;
  expect((await tab1.call('GET', '/pam/auth/user-profile')).status).toBe(401);
  clock.now += waited;
  // Within that millisecond, tab 2's login (or logout) with the cookie of L1.
  if (ending === 'login') {
    const r = await b.login(email, password);
    return { status: r.status, signedIn: r.status === 200 && b.cookie !== null };
  }
  return sendLogout(x.served.url, b.cookie!, l1.loginId, 'logout-id-0000000001.1');
}

describe("an ending meeting a clearing call's check", () => {
  it('within the window: the login is refused, its read lapsing or not', async () => {
    expect(await scenario('login', false)).toEqual({ status: 401, signedIn: false });
    expect(await scenario('login', true)).toEqual({ status: 401, signedIn: false });
  });
  it('past the window: the login is accepted, its read lapsing or not', async () => {
    expect(await scenario('login', false, IN_FLIGHT_MS + 1)).toEqual({ status: 200, signedIn: true });
    expect(await scenario('login', true, IN_FLIGHT_MS + 1)).toEqual({ status: 200, signedIn: true });
  });
  it('within the window: the logout ends the login and keeps the cookie', async () => {
    expect(await scenario('logout', false)).toEqual({ status: 204, clears: false });
    expect(await scenario('logout', true)).toEqual({ status: 204, clears: false });
  });
  it('past the window: the logout clears', async () => {
    expect(await scenario('logout', false, IN_FLIGHT_MS + 1)).toEqual({ status: 204, clears: true });
    expect(await scenario('logout', true, IN_FLIGHT_MS + 1)).toEqual({ status: 204, clears: true });
  });
});
