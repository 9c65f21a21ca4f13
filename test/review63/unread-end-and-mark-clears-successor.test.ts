// Review 63 (against 9432d33f), sign-out.ts: `endOf(...).catch(() => (call.session ? null : unknown()))`.
// Severity: MEDIUM.
// Scenario: review 62's unread-end-reads-ended-cookie-live, one more key failing. Two instances X, Y
// share a store. The browser signs in on Y (C1, lineage L); its logout on Y is answered and lost (the
// jar keeps C1). 65 s on the player signs in with C1: L2 joins the successor L+ (jar: C2). Another
// tab's "Sair", sent with C1 before that login's answer came, reaches X while X's reads of
// `end:<login 1>` AND `out:L` fail (two shards failing over, or one outage of X's reads; `lin:` keys
// and every write answer). The logout reads C1 as live (`endUnread`), cannot read L's mark either,
// and takes it as "unmarked": a first logout. It marks L as its own, walks nothing (L+ never read,
// L2 never revoked) and clears the cookie: C2 deleted while L2 is live at the API, no cookie left to
// end it. For a cookie read as ended (`!call.session`), the same unreadable mark is "ended by no
// logout known" (review 61: CONTESTED, walk, keep): the asymmetry is the fault.
// Control: only `end:` fails (the mend of 9432d33f): L2 ended or C2 kept.
// Invariants broken: (1) an answer clears a cookie set after its request left, its login live;
// (3) a live token with no cookie; (4) not fail closed under a store that fails.
// Fault: sign-out.ts takes an unreadable mark with an unreadable `end:` as "unmarked". Fix: an
// unreadable mark reads as `unknown()` whenever the login's end is unknown too (`!call.session ||
// call.endUnread`): the walk over the eight steps (cheap: reads of `lin:` keys, two deadlines at
// most) ends any successor; then either keep the cookie (as review 61) or clear it only once the walk
// read every step (no successor can be live then).
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';
import { lineageOf } from '../../src/server/lineage';
import { IN_FLIGHT_MS } from '../../src/server/store';
import type { PamSessionStore } from '../../src/server/types';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';
import { keptEndedCookie } from '../server/kept-cookie';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(failing: 'end' | 'end and out') {
  const shared = unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
  const fault = { keys: [] as string[] };
  const onX: PamSessionStore = {
    get: (key) =>
      fault.keys.includes(key) ? Promise.reject(new Error('shard failing over')) : shared.get(key),
    set: shared.set.bind(shared),
    claim: shared.claim.bind(shared),
  };
  const y = await pam({ store: shared });
  const x = await pam({ store: onX });
  const { b, c1, email, password } = await keptEndedCookie(y.served.url, ref);
  const lineage = lineageOf((await openCookie(c1)) as never);
  await settle();
  clock.now += IN_FLIGHT_MS + 5_000;
  expect((await b.login(email, password)).status).toBe(200);
  const l2 = await openCookie(b.cookie!);
  expect(lineageOf(l2 as never)).toBe(`${lineage}+`);
  clock.now += 1_000;
  fault.keys = [`end:${(await openCookie(c1)).loginId}`];
  if (failing === 'end and out') fault.keys.push(`out:${lineage}`);
  const tab = new Browser(x.served.url);
  tab.cookie = c1;
  const out = await tab.call('POST', '/pam/auth/logout', undefined, {
    'x-pam-client': '1',
    'x-pam-logout': 'logout-bb23456789abcdef.1',
  });
  expect(out.status).toBe(204);
  const clearsC2 = out.headers.getSetCookie().some((l) => /Max-Age=0(;|$)/.test(l));
  await settle();
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${l2.token}`, accept: 'application/json' },
  });
  return { liveWithoutCookie: api.status === 200 && clearsC2 };
}

describe("another tab's logout with C1 after a login with the kept C1 joined L+", () => {
  it("control: X cannot read login 1's end only: L2 ended or C2 kept", async () => {
    expect(await scenario('end')).toEqual({ liveWithoutCookie: false });
  });
  it("X cannot read login 1's end nor L's mark: L2 ended or C2 kept too", async () => {
    expect(await scenario('end and out')).toEqual({ liveWithoutCookie: false });
  });
});
