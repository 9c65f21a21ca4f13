// Review 66 (against c740decc), sign-out.ts `again` (any path, the rule's answer included): a try
// of logout A is judged "a later try" on the lineage's mark as READ. Read from a replica that lags
// (the mark of try .1, while try .3's answer-time `close` has marked (A,3) in the store), A's try
// .2, sent before .3 and late on the wire, is `again`: 204 with Max-Age=0, which deletes the cookie
// the browser got after A.3's answer, its login live at the API. No store failure at all; the
// answer-time `close` (reviews 54-57) is what should have made .2 "not a later try", and a stale
// read undoes it. Found while attacking c740decc's own-mark branch (its first draft tripped here:
// the lagging read made the late try `again` itself, before any mark was written).
// Severity: MEDIUM (a lagging replica read, the fault model review 65's test adopted; no failure
// needed; a fresh live login left without its cookie). Not new in c740decc.
// Scenario: browser holds C1 (L1, 2nd login of lineage X). A.1 on Y ends L1, marks (A,1), answer
// lost; A.2 sent, slow on the wire; A.3 on Z: `again`, clears, marks (A,3); the browser gets it,
// signs in afresh (C2, a lineage of its own, L2 live). A.2 reaches X, whose `out:<X>` read returns
// (A,1): 2 > 1, in window: `again`: Max-Age=0 deletes C2.
// Control: X's replica current: A.2 reads (A,3): 401, C2 kept.
// Invariants broken: (1), (3).
// Fault: `again` trusts a single, possibly lagging, read of `out:<lineage>`. Fix: a consistent read
// for the one decision that may clear (read the mark from the primary / a `claim`-based
// compare-and-set on `out:` so that a try's `again` and a later try's `close` are ordered), or
// record each try's answer under its own key (`out:<lineage>:<id>.<n>`, set at `close`) and refuse
// `again` when any higher try of the id is recorded.
import { describe, expect, it } from 'vitest';
import { lineageOf } from '../../src/server/lineage';
import { failing, sendLogout, sharedStore } from '../server/faulty-store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(xReads: 'current' | 'stale') {
  const shared = sharedStore(clock);
  const fault = { stale: '', value: null as string | null };
  const onX = failing(shared, { stale: (key) => (key === fault.stale ? fault.value : undefined) });
  const y = await pam({ store: shared });
  const x = await pam({ store: onX });
  const z = await pam({ store: shared });
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(y.served.url);
  expect((await b.login(email, password)).status).toBe(200);
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const l1 = await openCookie(c1);
  const lineage = lineageOf(l1 as never);
  const tryA = (url: string, n: number) => sendLogout(url, c1, l1.loginId, `logout-a123456789abcdef.${n}`);
  expect(await tryA(y.served.url, 1)).toEqual({ status: 204, clears: true }); // lost
  await settle();
  clock.now += 16_000; // .1 timed out: .2 sent, slow on the wire
  clock.now += 16_000; // .2 timed out: .3 sent, lands on Z
  if (xReads === 'stale') {
    fault.stale = `out:${lineage}`;
    fault.value = await shared.get(fault.stale); // (A,1)
  }
  expect(await tryA(z.served.url, 3)).toEqual({ status: 204, clears: true }); // received
  await settle();
  clock.now += 1_000;
  b.cookie = null;
  expect((await b.login(email, password)).status).toBe(200); // C2
  const l2 = await openCookie(b.cookie!);
  clock.now += 1_000;
  const late = await tryA(x.served.url, 2); // A.2, sent before .3, arrives now on X
  await settle();
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${l2.token}`, accept: 'application/json' },
  });
  return { clearsC2: late.clears, l2Live: api.status === 200 };
}

describe("a late try .2 of logout A judged on a lagging read of A's mark", () => {
  it("control: X's replica current: A.2 refused, C2 kept", async () => {
    expect(await scenario('current')).toEqual({ clearsC2: false, l2Live: true });
  });
  // Forty-eighth pass: left open (an expected failure). Forty-ninth: passes: each try takes its
  // number and the ones before it in the store's one order (`Lineages.tried`, claims), so A.2,
  // taken by A.3 first, is never `again` (test/server/logout-try-claims: the `end:` read lagging).
  it("X's replica lags ((A,1) after A.3 marked (A,3)): C2 kept too", async () => {
    expect(await scenario('stale')).toEqual({ clearsC2: false, l2Live: true });
  });
});
