// A try of the browser client's logout takes its number and the ones before it in the store's one
// order (`Lineages.tried`, claims: set-if-absent), so a try a later one took first never clears the
// cookie, whatever a replica that lags answers its reads (forty-ninth pass, after review 66).
// Review 66's own case reads the lineage's mark from a lagging replica; these read the login's
// `end:` key so: the login looks live, the try a first logout. Scenario: the browser holds C1 (L1,
// second login of its lineage). Logout A's try .1 ends L1 on Y, its answer lost; .2 is sent, slow on
// the wire; .3 lands on Z and is answered (C1 cleared); the player signs in again (C2, a lineage of
// its own). A.2 reaches X, whose replica still holds no `end:<L1>`: L1 read as live. Before the
// claims it cleared as a first logout: C2 deleted while its login is live at the API.
import { describe, expect, it } from 'vitest';
import { failing, sendLogout, sharedStore } from './faulty-store';
import { Browser, openCookie, type TestClock, usePamPerTest } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(xReads: 'current' | 'stale') {
  const shared = sharedStore(clock);
  const fault = { stale: '' };
  const onX = failing(shared, { stale: (key) => (key === fault.stale ? null : undefined) });
  const y = await pam({ store: shared });
  const x = await pam({ store: onX });
  const z = await pam({ store: shared });
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(y.served.url);
  expect((await b.login(email, password)).status).toBe(200);
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const l1 = await openCookie(c1);
  const tryA = (url: string, n: number) => sendLogout(url, c1, l1.loginId, `logout-a123456789abcdef.${n}`);
  expect(await tryA(y.served.url, 1)).toEqual({ status: 204, clears: true }); // lost
  await settle();
  clock.now += 32_000; // .1 and .2 timed out: .3 sent, lands on Z
  expect(await tryA(z.served.url, 3)).toEqual({ status: 204, clears: true }); // received
  await settle();
  clock.now += 1_000;
  b.cookie = null;
  expect((await b.login(email, password)).status).toBe(200); // C2
  const l2 = await openCookie(b.cookie!);
  clock.now += 1_000;
  if (xReads === 'stale') fault.stale = `end:${l1.loginId}`; // X's replica: L1 never ended
  const answer = await tryA(x.served.url, 2); // A.2, sent before .3, arrives now on X
  await settle();
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${l2.token}`, accept: 'application/json' },
  });
  return { clearsC2: answer.clears, l2Live: api.status === 200 };
}

describe("a late, earlier try of a logout, its login's end read from a replica that lags", () => {
  it("control: X's replica current: A.2 does not clear, C2 kept", async () => {
    expect(await scenario('current')).toEqual({ clearsC2: false, l2Live: true });
  });
  it("X's replica holds no end of L1: A.2, taken by A.3, does not clear; C2 kept", async () => {
    expect(await scenario('stale')).toEqual({ clearsC2: false, l2Live: true });
  });
});
