// Review 75 (against 55f733bb), lineage.ts `members`: a logout reading a lineage's logins now claims
// every `hs:<lineage>:<i>` (i < 32) for a millisecond beside its 33 reads, whether or not any login
// ever took the slot: a live login's logout goes from 44 store calls (cbad7e0e) to 77; a logout of
// an ended login, which walks eight steps, from 331 to 619 (288 claims of `hs:` keys of steps no
// login joined). On `unstorageSessionStore` each claim is three storage operations (read, write,
// read back) and a 50 ms settle: ~860 more storage operations per such logout, each leaving an
// entry behind (the memory driver never drops them; Redis keeps each 1 s).
// Severity: LOW (cost: store load per logout; no extra deadline, the claims run beside the reads).
// REGRESSION (new calls).
// Control: the login path: its `hs:` write beside its `lin:` write, its `fin:` claim beside its `end:` (two calls more, no step).
// Suggested fix: claim only the slots that matter: joins take the lowest free slot, so probe the
// slots read empty up to the first one past the highest read taken (usually one), or keep one
// handshake key per lineage (a join count written with `incr`/claims), probed once per lineage read.
import { describe, expect, it } from 'vitest';
import type { PamSessionStore } from '../../src/server/types';
import { sendLogout, sharedStore } from '../server/faulty-store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function counted() {
  const shared = sharedStore(clock);
  const calls: string[] = [];
  const counting: PamSessionStore = {
    get: (k) => {
      calls.push(`get ${k}`);
      return shared.get(k);
    },
    set: (k, v, t) => {
      calls.push(`set ${k}`);
      return shared.set(k, v, t);
    },
    claim: (k, v, t) => {
      calls.push(`claim ${k}`);
      return shared.claim(k, v, t);
    },
  };
  const x = await pam({ store: counting });
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(x.served.url);
  expect((await b.login(email, password)).status).toBe(200);
  calls.length = 0;
  expect((await b.login(email, password)).status).toBe(200); // joins the lineage: slot 0
  const login = calls.length;
  const l2 = await openCookie(b.cookie!);
  calls.length = 0;
  expect(await sendLogout(x.served.url, b.cookie!, l2.loginId, 'logout-id-0000000001.1')).toEqual({
    status: 204,
    clears: true,
  });
  const liveLogout = calls.length;
  calls.length = 0;
  clock.now += 1;
  await sendLogout(x.served.url, b.cookie!, l2.loginId, null); // the ended login's (a kept copy)
  return { login, liveLogout, endedLogout: calls.length };
}

describe('store calls per logout', () => {
  // (Fifty-second pass: two more, its `cut:` claim (the lineage's hold, after the rest) and its
  // `fin:` read beside its claim.)
  it('control: a login over a login: four calls more than cbad7e0e (hs: write, fin: claim and read, cut: claim)', async () => {
    expect((await counted()).login).toBeLessThanOrEqual(7 + 4);
  });
  it("a logout's lineage read costs a claim only where a join may hide (at most a few calls more than cbad7e0e's 44 / 331)", async () => {
    const { liveLogout, endedLogout } = await counted();
    expect({ live: liveLogout <= 44 + 4, ended: endedLogout <= 331 + 4 * 9 }).toEqual({
      live: true,
      ended: true,
    });
  });
});
