// Review 63 (against 9432d33f), sign-out.ts: the "ended lineage" path of a logout whose `end:` read
// failed never marks the lineage as its own (`if (!ended || unread)`), so its later tries are not
// known as its own (`again`). Severity: LOW.
// Scenario: a live login L whose lineage carries an old mark of another logout (a login that joined
// a marked lineage past its window; the mark written as the eighth step's / a walk's would be). The
// browser client's logout try .1 reaches X while X's `end:<L>` read fails: it ends L, keeps the
// cookie, answers 204, and the answer is lost. Try .2 (same id) comes: `end:<L>` now reads ended, the
// lineage's mark is still the OLD logout's, so try .2 is not `again`, and as it names a login its
// cookie no longer holds it is refused 401, the cookie kept. With `end:` readable (control) try .1 is
// a first logout marking the lineage as its own, and try .2 is known: 204, the cookie cleared.
// Invariant touched: (5) a lost logout answer leaves the browser holding an ended cookie it cannot
// clear by retrying (a login with it refused for the walk's window); the review 53 retry contract
// (a later try of the logout that ended the login clears) broken by a one-key store fault.
// Fault: as unread-end-old-mark-login-race-escapes: the lineage is not marked anew by this logout.
// Fix: the same: mark the lineage anew with this logout's id and try (or keep a mark per try
// whenever this logout ended the cookie's login), so its later tries are `again`.
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';
import { lineageOf } from '../../src/server/lineage';
import { IN_FLIGHT_MS } from '../../src/server/store';
import type { PamSessionStore } from '../../src/server/types';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(endRead: 'answers' | 'fails') {
  const shared = unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
  const fault = { key: '' };
  const faulty: PamSessionStore = {
    get: (key) => (key === fault.key ? Promise.reject(new Error('shard failing over')) : shared.get(key)),
    set: shared.set.bind(shared),
    claim: shared.claim.bind(shared),
  };
  const y = await pam({ store: shared });
  const x = await pam({ store: faulty });
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(y.served.url);
  expect((await b.login(email, password)).status).toBe(200);
  const c = b.cookie!;
  const session = await openCookie(c);
  const at = clock.now - 2 * IN_FLIGHT_MS;
  await shared.set(`out:${lineageOf(session as never)}`, `${at} logout-fedcba9876543210 1 ${at}`, 3_600_000);
  clock.now += 1_000;
  const tries: { status: number; cleared: boolean }[] = [];
  for (const n of [1, 2]) {
    fault.key = n === 1 && endRead === 'fails' ? `end:${session.loginId}` : '';
    const tab = new Browser(x.served.url);
    tab.cookie = c;
    const out = await tab.call('POST', '/pam/auth/logout', undefined, {
      'x-pam-client': '1',
      'x-pam-login': session.loginId,
      'x-pam-logout': `logout-0a1b2c3d4e5f6789.${n}`,
    });
    tries.push({ status: out.status, cleared: tab.cookie === null });
    clock.now += 2_000;
  }
  return tries[1];
}

describe("a logout's try .2 after try .1 (answer lost) ended a live login in a lineage with an old mark", () => {
  it("control: try .1 read the login's end: try .2 is its own, the cookie cleared", async () => {
    expect(await scenario('answers')).toEqual({ status: 204, cleared: true });
  });
  it("try .1 could not read the login's end: try .2 is its own too", async () => {
    expect(await scenario('fails')).toEqual({ status: 204, cleared: true });
  });
});
