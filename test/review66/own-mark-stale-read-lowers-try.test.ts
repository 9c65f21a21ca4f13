// Review 66 (against c740decc), sign-out.ts `[markBy, markN]`, the own-mark branch
// `ended?.by === by ? [by, Math.max(+n, ended.n)]`: the max is taken against the mark as READ, and
// the result is still written with an unconditional `end` (dated ahead) before the walk. A late,
// lower try of logout A whose `end:` read fails and whose mark read is stale (a replica that lags:
// (A,3) while the store holds (A,5)) writes (A,3) over (A,5); its answer-time `close` then reads
// (A,3) and marks it again from now. A's try .4, sent before .5 and late on the wire, is then a
// "later try" (4 > 3): `again`, 204 with Max-Age=0, which deletes a cookie the browser got after
// A.5's answer, its login live at the API.
// Severity: MEDIUM (one key's read failing on one instance plus a mark read from a lagging replica,
// or a read overtaken by A.5's write; the class of review 65's borrowed-mark test, left open through
// the own-mark branch c740decc introduced; a fresh live login left without its cookie).
// Scenario: browser holds C1 (L1, 2nd login of lineage X). A.1 on Y ends L1, marks (A,1), answer
// lost; A.2 sent, slow on the wire; A.3 on Y: `again`, marks (A,3), answer lost; A.4 sent, slow;
// A.5 on Z: `again`, clears, marks (A,5); the browser gets it and signs in afresh (no cookie: C2, a
// lineage of its own, L2 live). A.2 reaches X: `end:<L1>` read fails (live+unsure), `out:<X>` read
// from a replica still holding (A,3): not `again` (2 < 3), own mark, max(2,3) = 3: writes (A,3),
// closes (A,3); 204, cookie kept (harmless by itself). A.4 reaches Y with C1: mark (A,3), 4 > 3, in
// window: `again`: Max-Age=0 deletes C2 while L2 is live.
// Control: X's replica current: A.2 reads (A,5), marks (A,5); A.4 is not a later try (401), C2 kept.
// Invariants broken: (1) a logout's answer clears a cookie got after it left, its login live;
// (3) a live token with no cookie to end it.
// Fault: the own-mark branch trusts the read `ended.n` and writes it unconditionally; `max` only
// protects against a mark read fresh. Fix: write a live login's early mark `close`-style (re-read the
// store's mark just before writing; never write a lower try of the same id than the store holds;
// CONTESTED when no re-read can be had), or skip the early write when `ended` is in its window (it
// refuses joins already) and let only the guarded answer-time `close` write.
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
  // X's view: `end:<L1>` fails; `out:<X>` read from a replica that lags (the value before A.5).
  const fault = { end: '', stale: '', value: null as string | null };
  const onX = failing(shared, {
    get: (key) => key === fault.end,
    stale: (key) => (key === fault.stale ? fault.value : undefined),
  });
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
  clock.now += 16_000; // .2 timed out: .3 sent, lands on Y
  expect(await tryA(y.served.url, 3)).toEqual({ status: 204, clears: true }); // lost
  await settle();
  clock.now += 16_000; // .3 timed out: .4 sent, slow on the wire
  clock.now += 16_000; // .4 timed out: .5 sent, lands on Z
  if (xReads === 'stale') {
    fault.stale = `out:${lineage}`;
    fault.value = await shared.get(fault.stale); // (A,3)
  }
  expect(await tryA(z.served.url, 5)).toEqual({ status: 204, clears: true }); // received
  await settle();
  clock.now += 1_000;
  b.cookie = null;
  expect((await b.login(email, password)).status).toBe(200); // C2, a lineage of its own
  const l2 = await openCookie(b.cookie!);
  clock.now += 1_000;
  // A.2 (late) on X: its login's end unread, its mark read (stale or current).
  fault.end = `end:${l1.loginId}`;
  expect(await tryA(x.served.url, 2)).toEqual({ status: 204, clears: false });
  await settle();
  fault.end = '';
  fault.stale = '';
  clock.now += 1_000;
  const late = await tryA(y.served.url, 4); // A.4, sent before .5, arrives now
  await settle();
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${l2.token}`, accept: 'application/json' },
  });
  return { clearsC2: late.clears, l2Live: api.status === 200 };
}

describe("a late try .2 of logout A, its mark read stale, lowers A's mark under a try .4 still in flight", () => {
  it("control: X's replica current: A.2 keeps (A,5), A.4 refused, C2 kept", async () => {
    expect(await scenario('current')).toEqual({ clearsC2: false, l2Live: true });
  });
  it("X's mark read from a replica that lags ((A,3) after A.5 marked (A,5)): C2 kept too", async () => {
    expect(await scenario('stale')).toEqual({ clearsC2: false, l2Live: true });
  });
});
