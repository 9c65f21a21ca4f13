// Review 63 (against 9432d33f): neighbours of the new rule that HELD (passing; kept as guards).
// Review 62's scenario (kept C1 of L, L2 in L+ made with it past the window) with a logout sent with
// C1 reaching X while X's `end:<login 1>` read fails, sent (a) as a form post (no `x-pam-logout`),
// (b) as try .2 of the lost logout itself, X's clock 30 s behind and its `win:L` read failing too
// (so `again` is judged on X's clock alone, and the cookie is cleared): both walk L+ and end L2.
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';
import { lineageOf } from '../../src/server/lineage';
import { IN_FLIGHT_MS } from '../../src/server/store';
import type { PamSessionStore } from '../../src/server/types';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';
import { keptEndedCookie, LOST_LOGOUT } from '../server/kept-cookie';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(kind: 'form post' | 'lost try .2, skewed, win unread') {
  const shared = unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
  const fault = { keys: [] as string[] };
  const onX: PamSessionStore = {
    get: (key) =>
      fault.keys.includes(key) ? Promise.reject(new Error('shard failing over')) : shared.get(key),
    set: shared.set.bind(shared),
    claim: shared.claim.bind(shared),
  };
  const skew = kind === 'form post' ? 0 : -30_000;
  const y = await pam({ store: shared });
  const x = await pam({ store: onX, now: () => clock.now + skew });
  const { b, c1, email, password } = await keptEndedCookie(y.served.url, ref);
  const lineage = lineageOf((await openCookie(c1)) as never);
  await settle();
  clock.now += IN_FLIGHT_MS + 5_000;
  expect((await b.login(email, password)).status).toBe(200);
  const l2 = await openCookie(b.cookie!);
  expect(lineageOf(l2 as never)).toBe(`${lineage}+`);
  clock.now += 1_000;
  fault.keys = [`end:${(await openCookie(c1)).loginId}`];
  if (kind !== 'form post') fault.keys.push(`win:${lineage}`);
  const tab = new Browser(x.served.url);
  tab.cookie = c1;
  const headers: Record<string, string> =
    kind === 'form post' ? {} : { 'x-pam-client': '1', 'x-pam-logout': `${LOST_LOGOUT}.2` };
  const out = await tab.call('POST', '/pam/auth/logout', undefined, headers);
  const clearsC2 = out.headers.getSetCookie().some((l) => /Max-Age=0(;|$)/.test(l));
  await settle();
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${l2.token}`, accept: 'application/json' },
  });
  return { status: out.status, liveWithoutCookie: api.status === 200 && clearsC2 };
}

describe('held: unread end:, mark readable, neighbours', () => {
  it('a form post: L2 ended or C2 kept', async () => {
    expect(await scenario('form post')).toEqual({ status: 204, liveWithoutCookie: false });
  });
  it("the lost logout's try .2 on a skewed X, win: unread: L2 ended or C2 kept", async () => {
    expect((await scenario('lost try .2, skewed, win unread')).liveWithoutCookie).toBe(false);
  });
});
