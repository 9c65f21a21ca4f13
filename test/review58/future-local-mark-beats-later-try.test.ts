// Review 58 (against 3bcb9ac3), lineage.ts `endOf` + sign-out.ts: a logout's FIRST mark is written
// with a future time (now + 2*timeoutMs + 8 s) and `endOf` takes the newer of the instance's own mark
// and the store's BY TIME. On the instance X serving try 1 (slow revokes), its own future mark
// `<id> 1` beats the store's real, later mark `<id> 3` (try 3, answered on Y): X still believes the
// mark is try 1's. (i) Try 2, held on the wire, reaching X is taken for "a later try" (2 > 1): 204 and
// Max-Age=0, deleting the cookie of the login the player made since. (ii) Try 1's `close` on X passes
// its ownership check (its own mark, n 1 <= 1) and writes `<id> 1` back to the store: the held try 2
// reaching Y is again "a later try". Review 57's stale-try-remark-lowers-n, across two instances.
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(try2On: 'x' | 'y', try1AnswersFirst: boolean) {
  const shared = unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
  let holdNext = false;
  let hold: Promise<void> | undefined;
  let reached!: () => void;
  const revoking = new Promise<void>((r) => {
    reached = r;
  });
  // X: default timeoutMs (15 s): its first mark is dated now + 38 s.
  const x = await pam({
    store: shared,
    fetch: async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (holdNext && new URL(url).pathname.endsWith('/auth/logout')) {
        holdNext = false;
        reached();
        await hold;
      }
      return fetch(input, init);
    },
  });
  const y = await pam({ store: shared });
  const b = new Browser(y.served.url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const { loginId } = await openCookie(c1);
  const tryHeaders = (n: number) => ({
    'x-pam-client': '1',
    'x-pam-login': loginId,
    'x-pam-logout': `logout-0123456789abcdef.${n}`,
  });
  let release!: () => void;
  hold = new Promise<void>((r) => {
    release = r;
  });
  holdNext = true;
  // Try 1 on X (the browser gives up on it: its own jar).
  const gaveUp = new Browser(x.served.url);
  gaveUp.cookie = c1;
  const try1 = gaveUp.call('POST', '/pam/auth/logout', undefined, tryHeaders(1));
  await revoking;
  // Try 1 times out at the client (15 s); try 2 is sent and held on the wire; try 3 lands on Y.
  clock.now += 16_000;
  const try3 = await b.call('POST', '/pam/auth/logout', undefined, tryHeaders(3));
  expect(try3.status).toBe(204);
  expect(b.cookie).toBeNull();
  // The player signs in again (no cookie: a lineage of its own).
  clock.now += 2_000;
  expect((await b.login(email, password)).status).toBe(200);
  const c2 = b.cookie!;
  if (try1AnswersFirst) {
    clock.now += 10_000; // try 1's revokes end; its answer leaves (to nobody)
    release();
    expect((await try1).status).toBe(204);
  }
  // Try 2, held on the wire, arrives (carrying C1, as sent).
  clock.now += 1_000;
  const to = new Browser((try2On === 'x' ? x : y).served.url);
  const try2 = await to.call('POST', '/pam/auth/logout', undefined, {
    ...tryHeaders(2),
    cookie: `__Host-pam-session=${c1}`,
  });
  const clearedC2 = try2.headers.getSetCookie().some((l) => /Max-Age=0(;|$)/.test(l));
  if (!try1AnswersFirst) {
    release();
    await try1;
  }
  return { try2: try2.status, clearsTheBrowsersCookie: clearedC2 };
}

describe('a slow first try on X, a later try answered on Y, then a held try 2', () => {
  it('control: held try 2 on Y before try 1 answers is refused', async () => {
    expect(await scenario('y', false)).toEqual({ try2: 401, clearsTheBrowsersCookie: false });
  });
  it('held try 2 reaching X (its own future-dated mark) is refused', async () => {
    // Fails on 3bcb9ac3 with { try2: 204, clearsTheBrowsersCookie: true }.
    expect(await scenario('x', false)).toEqual({ try2: 401, clearsTheBrowsersCookie: false });
  });
  it("held try 2 reaching Y after try 1's close on X is refused", async () => {
    // Fails on 3bcb9ac3 with { try2: 204, clearsTheBrowsersCookie: true }.
    expect(await scenario('y', true)).toEqual({ try2: 401, clearsTheBrowsersCookie: false });
  });
});
