// Review 84 (MEDIUM; helper 432, against b4183adc). Fixed in the fifty-second pass (failed on b4183adc, seen).
// Review 84. What it checks: `Rotations.cut` (src/server/rotation.ts, fifty-second pass) on an
// instance whose store claims fail (a primary failing over) and whose reads come from a replica
// that lags: the fifty-first pass's late-clear-older-cookie scenario, the poll's clearing answer
// decided on instance A (healthy: it claims `cut:<root>` = clear), the login sent with the
// browser's older cookie (L1's) on instance B.
// What the docs promise (CHANGELOG fifty-second pass, docs/server.md): "a login sent with an older
// cookie of the browser (slow on its way) after a clearing answer of the newer one is refused";
// the store's one order decides "whatever a replica that lags or a read that failed said"; fail
// closed: never a live login without its cookie.
// What happens: on B the claim of `cut:` fails (its shard failing over; with every claim failing
// the login is a 503, fail closed), the hold is then read from the lagging replica
// (empty), and the login goes (`cut`: "a login goes unless a hold ... is read"): L3 is sealed, the
// poll's late clearing answer then empties the jar, L3 left live at the API with no cookie.
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_MS } from '../../src/server/store';
import {
  Browser,
  clearsCookie,
  liveAtApi,
  openCookie,
  type TestClock,
  usePamPerTest,
} from './../server/harness';
import { healthy, type ReplicaFaults, ReplicatedStore } from './../server/replicated-store';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

describe('a login with an older cookie on an instance whose claims fail and whose reads lag', () => {
  it.each([
    ['every key lagging', (_: string) => true],
    ['only cut: lagging', (k: string) => k.includes('cut:')],
  ])('is refused after the clearing answer of the newer cookie (%s)', async (_, lags) => {
    const store = new ReplicatedStore(clock, 0);
    const fb: ReplicaFaults = healthy();
    const a = await pam({ graceMs: 0, store: store.view(healthy) });
    const view = store.view(() => fb);
    const cutFails = { on: false };
    // (A shard failing over: the claims of `cut:` keys fail, every other claim answers.)
    const b = await pam({
      graceMs: 0,
      store: {
        ...view,
        claim: (k, v, t) =>
          cutFails.on && k.includes('cut:')
            ? Promise.reject(new Error('shard failing over'))
            : view.claim(k, v, t),
      },
    });
    const { email, password } = ref.server.seed.plain;
    const br = new Browser(a.served.url);
    expect((await br.login(email, password)).status).toBe(200);
    const l1 = br.cookie!;
    expect((await br.login(email, password)).status).toBe(200); // L2, over L1
    const l2 = br.cookie!;
    clock.now += IN_FLIGHT_MS + 1_000;
    // L2's token ends at the API; a tab's poll with it, on A, is answered 401 (on the wire).
    await fetch(`${ref.server.url}/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await openCookie(l2)).token}`, accept: 'application/json' },
    });
    const lagAt = store.seq;
    const tab = new Browser(a.served.url);
    tab.cookie = l2;
    const cleared = clearsCookie(await tab.call('GET', '/pam/auth/user-profile'));
    expect(cleared).toBe(true);
    // B: its claims fail, its reads lag (before the poll's hold).
    Object.assign(fb, { lagAt, lags });
    cutFails.on = true;
    const old = new Browser(b.served.url);
    old.cookie = l1;
    const login = await old.login(email, password);
    const l3 = login.status === 200 ? old.cookie! : null;
    // The login's answer reaches the jar, then the poll's (late): it clears the jar.
    const live = l3 !== null && (await liveAtApi(ref.server.url, l3));
    expect({ status: login.status, liveWithoutCookie: live }).toEqual({
      status: 401,
      liveWithoutCookie: false,
    });
  });
});
