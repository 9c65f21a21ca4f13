// Review 64 (against 420b6014), sign-out.ts: a logout of a login read as live whose `end:` read
// failed (`unsure`) and whose lineage's mark is unreadable too (`unread`) "walks the eight steps, then
// clears". The walk covers the successors a kept cookie leads to (review 63), but not a login made
// with NO cookie after another logout's answer cleared the jar: a lineage of its own. Severity: LOW
// (two keys' reads failing on one instance; the clear is REVIEW-P P1's deliberate choice for a store
// down; same on 9432d33f, so not a regression of 420b6014, but its new rule still leaves it open).
// Scenario: the browser holds C1 (L1, second login of lineage X). Tab A's browser-client logout with
// C1 (a first logout) is answered: X marked as A's, L1 ended, C1 cleared. The player signs in again:
// no cookie, so C2 starts a lineage of its own (L2 live). Tab B's logout, sent with C1 before A's
// answer came (late on the wire), reaches instance X whose reads of `end:<L1>` and `out:X` fail (one
// shard failing over; writes and `lin:` reads answer). B reads L1 as live, cannot read X's mark:
// walks X+..X++++++++ (nothing), clears: C2 deleted while L2 is live at the API.
// Control: only `end:<L1>` fails: B reads A's mark within its window, another logout's: C2 kept.
// Invariants broken: (1) a logout answer clears a cookie set after it left, its login live; (3) a
// live token with no cookie; (4) not fail closed under a store that fails.
// Fault: sign-out.ts `clears = !ended || ...` with `ended = null` for `live && unread`. Fix: fail
// closed on the double unknown: answer 204 keeping the cookie (L1 is ended by this logout, so C1 reads
// signed out wherever `end:` is readable; on this instance `Rotations.ended` holds it), or clear only
// when the `win:` key (read separately) or a second read of `out:` proves the lineage unmarked; keep
// the P1 clear for a store that fails every read AND write (the `end:` write failed too: nothing else
// would read C1 as signed out).
import { describe, expect, it } from 'vitest';
import { lineageOf } from '../../src/server/lineage';
import { failing, sharedStore } from '../server/faulty-store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(failingReads: 'end' | 'end and out') {
  const shared = sharedStore(clock);
  const fault = { keys: [] as string[] };
  const y = await pam({ store: shared });
  const x = await pam({ store: failing(shared, { get: (key) => fault.keys.includes(key) }) });
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(y.served.url);
  expect((await b.login(email, password)).status).toBe(200);
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const l1 = await openCookie(c1);
  const lineage = lineageOf(l1 as never);
  const tabA = new Browser(y.served.url);
  tabA.cookie = c1;
  const outA = await tabA.call('POST', '/pam/auth/logout', undefined, {
    'x-pam-client': '1',
    'x-pam-login': l1.loginId,
    'x-pam-logout': 'logout-a123456789abcdef.1',
  });
  expect(outA.status).toBe(204);
  expect(tabA.cookie).toBeNull();
  await settle();
  clock.now += 2_000;
  b.cookie = null; // A's answer cleared the jar
  expect((await b.login(email, password)).status).toBe(200);
  const l2 = await openCookie(b.cookie!);
  clock.now += 1_000;
  fault.keys = [`end:${l1.loginId}`];
  if (failingReads === 'end and out') fault.keys.push(`out:${lineage}`);
  const tabB = new Browser(x.served.url);
  tabB.cookie = c1;
  const outB = await tabB.call('POST', '/pam/auth/logout', undefined, {
    'x-pam-client': '1',
    'x-pam-login': l1.loginId,
    'x-pam-logout': 'logout-b123456789abcdef.1',
  });
  fault.keys = [];
  const clearsC2 = outB.headers.getSetCookie().some((l) => /Max-Age=0(;|$)/.test(l));
  await settle();
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${l2.token}`, accept: 'application/json' },
  });
  return { status: outB.status, liveWithoutCookie: api.status === 200 && clearsC2 };
}

describe("a late logout with C1, after another tab's logout cleared it and the player signed in afresh", () => {
  it("control: X cannot read L1's end only: C2 kept", async () => {
    expect(await scenario('end')).toEqual({ status: 204, liveWithoutCookie: false });
  });
  // Forty-eighth pass: left open (an expected failure). Keeping the cookie when the end was written
  // (the fix above) mends it, but breaks REVIEW-P P1's tests (test/server/store-outage, the stall
  // property): a store whose every read fails, its writes taken, clears the cookie by contract. The
  // two cannot be told apart from here; which way to go is the next pass's decision. Forty-ninth:
  // told apart by a claim (`clr:<lineage>`, `Lineages.firstClear`): A's logout, the first to
  // clear, holds it; B's, knowing neither, finds it held by another and keeps the cookie, while a
  // store down (the claim failing too) still clears (test/server/store-outage).
  it("X cannot read L1's end nor X's mark: C2 kept too", async () => {
    expect(await scenario('end and out')).toEqual({ status: 204, liveWithoutCookie: false });
  });
});
