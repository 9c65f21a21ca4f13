// Review 76 (against 43460254), rotation.ts `clearedFirst`: a login sent with the cookie of a login
// that is not live claims `fin:` ('1'); lost, it READS `fin:` to learn whether a clearing answer
// holds it, and a read that fails (`.catch(() => null)`) or lags (a replica behind the `clear`
// write) reads as "not a clear": the login is sealed. (`endsFirst`, beside it, treats a lost claim
// whose read says nothing as lost: conservative.) (A claim that fails (`.catch(() => true)`) is
// taken as won too, but then the lineage's own claims fail and the login answers 503: the control
// case 'claim fails' passes.) Two instances, one store: no local `fins` on the login's instance.
// Scenario (a natural one, no lapsed cookie needed): L1's token ends at the API; tab 1's poll on
// instance A is answered 401 + Max-Age=0 (holds `fin:L1` = clear), its answer slow on the wire.
// Tab 2 signs in with L1's cookie on instance B: refused (endsFirst lost to the hold; L1 ended,
// no Set-Cookie). The player tries again at once, still with L1's cookie (now an ended login's:
// `clearedFirst`); B's read of `fin:` fails or lags: 200, L2 sealed. Tab 1's answer lands: L2
// live with no cookie.
// Severity: LOW-MEDIUM (needs a store fault on the `fin:` read / claim at that moment).
// Suggested fix: in `clearedFirst`, a claim lost whose read answers null or fails is refused (or
// claimed again once, as `endsFirst` does, and refused when lost again with no value read); a claim
// that fails: refused, or fall back to reading `fin:`; only a value `1…`/`probe…` lets it through.
import { describe, expect, it } from 'vitest';
import {
  Browser,
  clearsCookie,
  liveAtApi,
  signedInEndedAtApi,
  type TestClock,
  usePamPerTest,
} from '../server/harness';
import { healthy, type ReplicaFaults, ReplicatedStore } from '../server/replicated-store';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);
describe("a relogin with an ended login's cookie whose fin: read fails, across a late clearing answer", () => {
  it.each(['read fails', 'read lags', 'claim fails (a control: 503)'] as const)(
    'B: %s: no live login left without its cookie',
    async (fault) => {
      const store = new ReplicatedStore(clock);
      let bFaults: ReplicaFaults = healthy();
      const a = await pam({ store: store.view(healthy) });
      const bx = await pam({ store: store.view(() => bFaults) });
      const { b, email, password } = await signedInEndedAtApi(a.served.url, ref.server);
      const kept = b.cookie!;
      // Tab 1's poll on A: 401, clears, holds fin: (its answer slow on the wire).
      const before = store.seq;
      const tab1 = new Browser(a.served.url);
      tab1.cookie = kept;
      const p1Clears = clearsCookie(await tab1.call('GET', '/pam/auth/user-profile'));
      expect(p1Clears).toBe(true);
      clock.now += 5;
      // Tab 2 on B: the first login with L1's cookie is refused (lost to the hold), L1 ended.
      const tab2 = new Browser(bx.served.url);
      tab2.cookie = kept;
      const first = await tab2.login(email, password);
      expect(first.status).toBe(401);
      expect(tab2.cookie).toBe(kept);
      clock.now += 5;
      // Tried again at once, the same cookie; B's store faulty on fin: now.
      bFaults =
        fault === 'read fails'
          ? { ...healthy(), failReads: ['fin:'] }
          : fault === 'read lags'
            ? { ...healthy(), lagAt: before, lags: (k) => k.startsWith('fin:') }
            : { ...healthy(), claimsFail: true }; // (the control)
      const again = await tab2.login(email, password);
      bFaults = healthy();
      const l2 = tab2.cookie;
      if (p1Clears) tab2.cookie = null; // tab 1's late answer lands in the (one) jar
      const l2Live =
        again.status === 200 && l2 !== null && l2 !== kept && (await liveAtApi(ref.server.url, l2));
      expect({ status: again.status, liveWithoutCookie: l2Live && tab2.cookie === null }).toMatchObject({
        liveWithoutCookie: false,
      });
    },
  );
});
