// Review 75 (against 55f733bb), the 1 ms probes (`hs:` in lineage.ts `members`, `fin:` in rotation.ts
// `endedBefore`) on the library's own store adapter, `unstorageSessionStore` (the docs' example over
// Redis). Its claim is write, settle (`claimSettleMs`, default 50 ms), read back, and the read back
// judges the entry's expiry against the store's clock. A probe written with a TTL of 1 ms has expired
// by the time it is read back whenever the clock moved a millisecond between the write and the read:
// in production (clock = Date.now, a 50 ms settle) ALWAYS. The probe claim is then "lost" to nobody:
// - logout: every empty lineage slot reads as "a login took it, the replica lagged" (its `hs:` value
//   read is null, not `probe...`), `stale` = true: EVERY logout answers 204 and keeps the cookie
//   (the browser keeps a dead login's cookie; the client then reads signed out, and the next login
//   sent with that cookie is refused: see the second test).
// - a call the API answers 401 (a token revoked or expired at the API): `endedBefore`'s probe of
//   `fin:` is lost, read as "another ending came first": the cookie is never cleared.
// The tests' clocks stand still during a settle (frozen `clock.now`), so no existing test sees it.
// Here the store's clock moves 1 ms per store read (a round trip; the default settle alone is 50 ms).
// Severity: HIGH (every logout of every deployment on unstorageSessionStore keeps the cookie;
// clearing calls never clear). REGRESSION: on cbad7e0e the same logout and the same 401 clear.
// Control: the same scenarios with the clock standing still (the tests' world): cleared.
// Suggested fix: never judge a claim by a TTL shorter than the claim takes: probe with a TTL of at
// least the settle plus the store deadline (e.g. `STORE_MS`), or give `claim` a "won or present"
// answer (read back the value written, not re-judged for expiry); and treat a lost probe whose
// value reads null as "says nothing" (like `probe`), not as a login's.
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';
import { sendLogout } from '../server/faulty-store';
import { Browser, openCookie, signedInEndedAtApi, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

/** The library's store over unstorage's memory driver; `moving`: each store read takes 1 ms. */
function store(moving: boolean, settle?: number) {
  const storage = createStorage();
  const timed = {
    getItem: async (key: string) => {
      if (moving) clock.now += 1;
      return storage.getItem(key);
    },
    setItem: (key: string, value: unknown, options?: { ttl?: number }) =>
      storage.setItem(key, value as Parameters<typeof storage.setItem>[1], options),
  };
  return unstorageSessionStore(timed, {
    now: () => clock.now,
    ...(settle === undefined ? {} : { claimSettleMs: settle }),
  });
}

async function logoutClears(moving: boolean) {
  const x = await pam({ store: store(moving, 0) });
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(x.served.url);
  expect((await b.login(email, password)).status).toBe(200);
  const l1 = await openCookie(b.cookie!);
  const out = await sendLogout(x.served.url, b.cookie!, l1.loginId, 'logout-id-0000000001.1');
  // (The token is revoked either way.)
  const me = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${l1.token}`, accept: 'application/json' },
  });
  return { ...out, tokenLive: me.status === 200 };
}

async function api401Clears(moving: boolean) {
  const x = await pam({ store: store(moving, 0) });
  // The token ends at the API (the API's own logout, an admin's revoke).
  const { b } = await signedInEndedAtApi(x.served.url, ref.server);
  const r = await b.call('GET', '/pam/auth/user-profile');
  return { status: r.status, cookieCleared: b.cookie === null };
}

describe('1 ms probes on unstorageSessionStore when the clock moves', () => {
  it('control: clock standing still — the logout clears', async () => {
    expect(await logoutClears(false)).toEqual({ status: 204, clears: true, tokenLive: false });
  });
  it('clock moving (1 ms per store read) — the logout clears', async () => {
    expect(await logoutClears(true)).toEqual({ status: 204, clears: true, tokenLive: false });
  });
  it("control: clock standing still — the API's 401 clears the cookie", async () => {
    expect(await api401Clears(false)).toEqual({ status: 401, cookieCleared: true });
  });
  it("clock moving (1 ms per store read) — the API's 401 clears the cookie", async () => {
    expect(await api401Clears(true)).toEqual({ status: 401, cookieCleared: true });
  });
});
