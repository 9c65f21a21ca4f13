// Review 77 (against a636c4e3), rotation.ts `clearedFirst`: it records `fin:` in this instance's
// own `fins` as NOT a clear (`this.fin(session, false)`) BEFORE its store claim settles. A second
// call on the same instance with the same cookie meanwhile (a login, or a logout: `finOf` ->
// `{ clears: false }` -> `return false`) never asks the store: a login is sealed although another
// instance's clearing answer holds `fin:` (`clear`) and is on the wire; landing, that answer clears
// the new login's cookie: a live login left without its cookie. The first call itself then loses
// its claim and reads `clear` (refused / keeps the cookie) — the store's order says the clearing
// answer came first, but the second call was let through on the first call's guess.
// Scenario: L1 past its idle end. Tab 1's poll on A: cleared, holds `fin:` (answer slow on the
// wire). On B, two calls with L1's cookie a few ms apart (a store round trip: a double click on
// "sign in", or tab 2's logout while tab 3 signs in): the first's claim is still in flight when the
// second arrives; the second (a login) is sealed (L2). The poll's answer lands: L2 live, no cookie.
// Second case: the second call is tab 3's logout (the browser client's, .1): it takes the same
// guess, clears the cookie (it would have kept it: `onTheWire`), the player signs in with no cookie
// (L2), and the poll's answer clears L2's.
// Determinism: B's store holds the first `fin:` claim until the second call answered (well within
// the store's 1 s deadline).
// Severity: MEDIUM (no store fault needed; needs two calls with the cookie on one instance within
// one claim's round trip while a clearing answer is on the wire).
// Suggested fix: record the local `{ clears: false }` only once the claim is won (or the value read
// is an ending's / a login's), and have concurrent calls share the one pending decision per login
// (a `Map<loginId, Promise<boolean>>`, as `Rotations.refresh` shares `inflight`).
import { describe, expect, it } from 'vitest';
import type { PamSessionStore } from '../../src/server/types';
import { sharedStore } from '../server/faulty-store';
import {
  Browser,
  clearsCookie,
  liveAtApi,
  openCookie,
  type TestClock,
  usePamPerTest,
} from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);
/** `shared`, whose first claim of a `fin:` key (once armed) waits for `release()`. */
function gated(shared: PamSessionStore) {
  let armed = false;
  let reached!: () => void;
  const reachedP = new Promise<void>((r) => (reached = r));
  let release!: () => void;
  const releaseP = new Promise<void>((r) => (release = r));
  const store: PamSessionStore = {
    get: (key) => shared.get(key),
    set: (key, value, ttl) => shared.set(key, value, ttl),
    claim: async (key, value, ttl) => {
      if (armed && key.startsWith('fin:')) {
        armed = false;
        reached();
        await releaseP;
      }
      return shared.claim(key, value, ttl);
    },
  };
  return { store, arm: () => (armed = true), reached: reachedP, release };
}

describe("two calls with a lapsed login's cookie on one instance, a clearing answer of it on the wire", () => {
  // ('form logout' is a control that holds: the logout marks the lineage before its claim settles,
  // and the second login, joining that lineage, is refused by the mark.)
  it.each(['login', 'form logout (a control)'] as const)(
    'the first a %s, the second a login: no live login left without its cookie',
    async (first) => {
      const shared = sharedStore(clock);
      const g = gated(shared);
      const a = await pam({ store: shared });
      const bx = await pam({ store: g.store });
      const { email, password } = ref.server.seed.plain;
      const b = new Browser(a.served.url);
      expect((await b.login(email, password)).status).toBe(200);
      clock.now += 2 * 3_600_000 + 1_000; // past the idle end
      const l1 = b.cookie!;
      // Tab 1's poll on A: clears, holds fin: (its answer slow on the wire).
      const tab1 = new Browser(a.served.url);
      tab1.cookie = l1;
      const pollClears = clearsCookie(await tab1.call('GET', '/pam/auth/user-profile'));
      expect(pollClears).toBe(true);
      clock.now += 5;
      // On B: the first call's fin: claim in flight ...
      const tab2 = new Browser(bx.served.url);
      tab2.cookie = l1;
      g.arm();
      const firstCall =
        first === 'login' ? tab2.login(email, password) : tab2.call('POST', '/pam/auth/logout');
      await g.reached;
      // ... when the second arrives.
      const tab3 = new Browser(bx.served.url);
      tab3.cookie = l1;
      const second = await tab3.login(email, password).finally(() => g.release());
      const firstAnswer = await firstCall;
      const l2 = tab3.cookie;
      let jar: string | null = l2;
      if (pollClears) jar = null; // tab 1's answer lands in the (one) jar
      const l2Live =
        second.status === 200 && l2 !== null && l2 !== l1 && (await liveAtApi(ref.server.url, l2));
      expect({
        first: firstAnswer.status,
        second: second.status,
        liveWithoutCookie: l2Live && jar === null,
      }).toMatchObject({ liveWithoutCookie: false });
    },
  );
});

describe("a login with a lapsed login's cookie, its fin: claim in flight, and a logout with it on the same instance", () => {
  it('the logout clears; the player signs in with no cookie; the poll lands: no live login left without its cookie', async () => {
    const shared = sharedStore(clock);
    const g = gated(shared);
    const a = await pam({ store: shared });
    const bx = await pam({ store: g.store });
    const { email, password } = ref.server.seed.plain;
    const b = new Browser(a.served.url);
    expect((await b.login(email, password)).status).toBe(200);
    clock.now += 2 * 3_600_000 + 1_000; // past the idle end
    const l1 = b.cookie!;
    const tab1 = new Browser(a.served.url);
    tab1.cookie = l1;
    const pollClears = clearsCookie(await tab1.call('GET', '/pam/auth/user-profile'));
    expect(pollClears).toBe(true); // holds fin:, its answer slow on the wire
    clock.now += 5;
    const tab2 = new Browser(bx.served.url);
    tab2.cookie = l1;
    g.arm();
    const loginCall = tab2.login(email, password);
    await g.reached;
    // Tab 3 signs out (the browser client's logout) on B meanwhile: had it asked the store, it
    // would have kept the cookie (the poll's hold); it takes the login's guess.
    const tab3 = new Browser(bx.served.url);
    tab3.cookie = l1;
    const logout = await tab3
      .call('POST', '/pam/auth/logout', undefined, {
        'x-pam-client': '1',
        'x-pam-login': (await openCookie(l1)).loginId,
        'x-pam-logout': 'logout-000000000001.1',
      })
      .finally(() => g.release());
    expect(logout.status).toBe(204);
    const refused = await loginCall;
    let jar: string | null = l1;
    if (clearsCookie(logout)) jar = null; // the logout's answer lands
    // The player signs in (with what the jar holds).
    const again = new Browser(bx.served.url);
    again.cookie = jar;
    const login = await again.login(email, password);
    const l2 = again.cookie;
    jar = l2;
    if (pollClears) jar = null; // tab 1's answer lands
    const l2Live = login.status === 200 && l2 !== null && l2 !== l1 && (await liveAtApi(ref.server.url, l2));
    expect({
      refused: refused.status,
      logoutClears: clearsCookie(logout),
      login: login.status,
      liveWithoutCookie: l2Live && jar === null,
    }).toMatchObject({ liveWithoutCookie: false });
  });
});
