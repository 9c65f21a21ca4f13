// Review 75 (against 55f733bb), context.ts `decideLine` / rotation.ts `endedBefore`: a call whose
// answer clears its cookie (the API's 401) checks `fin:` with a 1 ms probe that "ends nothing";
// a login sent with the same cookie after that check claims `fin:` afresh (or takes the probe
// over) and is sealed. The clearing answer, decided first but late on the wire, then clears the
// new login's cookie: the player is signed out of a live login whose token stays live at the API
// with no cookie (until its expiry). Neither be37dd99 (a real claim and `end:`: the relogin then
// carries an ended cookie, read as no session, so no `fin:` claim refuses it; the lineage has no
// mark) nor 55f733bb's probe (ends nothing) covers it: `fin:` only orders endings of a live login.
// Scenario: L1's token ends at the API (expiry there, an admin's revoke); tab 1's poll is answered
// 401 with Max-Age=0, its answer slow on the wire; tab 2 signs in again with the cookie of L1
// (the browser still holds it): 200, L2 set; then tab 1's answer arrives and clears L2.
// Severity: MEDIUM (needs a clearing answer in flight across a relogin; L2 live with no cookie).
// PRE-EXISTING (fails on cbad7e0e and on be37dd99 too), but in the class the change claims to
// close ("every ending in the store's one order").
// Control: the login first, then the poll (its check lost to the login's claim): no Set-Cookie.
// Suggested fix: a clearing answer leaves what a login sent with that cookie meets: mark the
// cookie's lineage as a logout does (`Lineages.end`, nobody's), so a login carrying that cookie,
// necessarily in flight across the clear, is refused within `IN_FLIGHT_MS` (one sent after the
// clear carries no cookie and is not); the mark ends no login, which keeps review 74's fix.
import { describe, expect, it } from 'vitest';
import { sharedStore } from '../server/faulty-store';
import { Browser, openCookie, signedInEndedAtApi, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(order: 'poll first' | 'login first') {
  const x = await pam({ store: sharedStore(clock) });
  const { b, email, password } = await signedInEndedAtApi(x.served.url, ref.server);
  // Tab 1's poll: its answer held on the wire (a tab of its own, delivered to the jar later).
  const tab1 = new Browser(x.served.url);
  tab1.cookie = b.cookie;
  const poll = async () => {
    const r = await tab1.call('GET', '/pam/auth/user-profile');
    return r.headers.getSetCookie().some((l) => /Max-Age=0(;|$)/.test(l));
  };
  let pollClears: boolean;
  let loginStatus: number;
  if (order === 'poll first') {
    pollClears = await poll();
    clock.now += 5; // the answer on the wire; tab 2 signs in meanwhile
    loginStatus = (await b.login(email, password)).status;
  } else {
    const tab2 = (await b.login(email, password)).status;
    clock.now += 5;
    pollClears = await poll();
    loginStatus = tab2;
  }
  const l2 = b.cookie === null ? null : await openCookie(b.cookie);
  if (pollClears) b.cookie = null; // tab 1's answer delivered
  const live =
    l2 !== null &&
    (
      await fetch(`${ref.server.url}/auth/user-profile`, {
        headers: { authorization: `Bearer ${l2.token}`, accept: 'application/json' },
      })
    ).status === 200;
  // The invariant: a live login keeps its cookie; no live token without one.
  return { loginStatus, liveWithoutCookie: live && b.cookie === null };
}

describe('a clearing answer late on the wire across a relogin', () => {
  it('control: the relogin first, then the poll — nothing cleared', async () => {
    expect(await scenario('login first')).toEqual({ loginStatus: 200, liveWithoutCookie: false });
  });
  // (Fixed in the fifty-first pass: a clearing call's `fin:` check is held `IN_FLIGHT_MS` (`clear`)
  // and a login sent with that cookie meets it (`Rotations.clearedFirst`, or `endsFirst` for a
  // login still read as live): refused, its token revoked. The cost: a login with a kept cookie
  // (the clearing answer lost) is refused up to `IN_FLIGHT_MS`, as after a lost logout's answer.)
  it('the poll decided first, its answer delivered after the relogin — no live login left without its cookie', async () => {
    const r = await scenario('poll first');
    expect(r).toEqual({ loginStatus: 401, liveWithoutCookie: false });
  });
});
