// Review 61 (against b13c3fee), sign-out.ts `logout`: `ended = ... endOf(lineage, { window: true })
// .catch(() => null)`. Severity: MEDIUM.
// Scenario: two instances X, Y share a store. The browser signs in on Y (C1, lineage L), its
// logout on Y is answered and lost (the jar keeps C1). 65 s on, the player signs in with C1: L2
// joins the successor L+ (jar: C2). Another tab's "Sair", sent with C1 before that login's answer
// came (naming no login, as review 60's later "Sair"s), reaches X just as X's read of `out:L` fails (one key's shard
// failing over; every other key answers). The mark it cannot read is taken as "no logout ended L":
// the logout goes on as a first logout: no walk (L+ never read, L2 never revoked), and its answer
// clears the cookie, deleting C2 while L2 is live, its token live at the API with no cookie left.
// Control: the read answers: L ended by another logout: 204 with the cookie kept (L2 live, C2 kept).
// Invariants broken: (1) an answer clears a cookie the browser got after its request left while
// its login is live; (3) a live token of the browser with no cookie; (5) a store failing a key.
// Fault: sign-out.ts, the `.catch(() => null)` on the mark read: a read that failed is treated as
// "never ended" (fail open) for a cookie whose login is not live. Fix: a mark that cannot be read,
// for a cookie whose login is ended, is "ended, unknown by whom": walk the successors (onward) and
// do not clear the cookie (nor write a first mark with this logout's id).
import { describe, expect, it } from 'vitest';
import { lineageOf } from '../../src/server/lineage';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { failing, sharedStore } from '../server/faulty-store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';
import { keptEndedCookie } from '../server/kept-cookie';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(read: 'answers' | 'fails') {
  const shared = sharedStore(clock);
  const fault = { key: '' };
  const onX = failing(shared, { get: (key) => key === fault.key });
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
  if (read === 'fails') fault.key = `out:${lineage}`;
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
  it('control: the mark is read: L2 ended or C2 kept', async () => {
    expect(await scenario('answers')).toEqual({ liveWithoutCookie: false });
  });
  it("X cannot read L's mark: L2 ended or C2 kept too", async () => {
    expect(await scenario('fails')).toEqual({ liveWithoutCookie: false });
  });
});
