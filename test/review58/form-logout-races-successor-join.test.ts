// Review 58 (against 3bcb9ac3), sign-out.ts `logout` (rule 3's successor loop) + sign-in.ts
// `sealLogin`: the lineage protocol is "the logout MARKS, then reads the members; the login JOINS,
// then reads the mark". The form post's successor loop reads `X+`'s members FIRST and marks `X+` only
// if it found some (`if (!more.length) break`). A login sent with the kept ended cookie C1 (past
// `IN_FLIGHT_MS`), which reached the proxy first and chose `X+` (`joinedBy`) but whose join lands
// after the form post read `X+` (a store round trip slower than the logout's), finds `X+` unmarked
// and is sealed: the form post answered 204 (cookie cleared), the login made with C1 alongside it is
// live at the API and its answer signs the browser in again. Review 57's form-logout-misses-fresh-
// lineage, the other interleaving. Control: the login's join lands before the form post (ended).
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(joinLandsFirst: boolean) {
  const shared = unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
  let hold: Promise<void> | undefined;
  let reached!: () => void;
  const joining = new Promise<void>((r) => {
    reached = r;
  });
  const slow = {
    get: shared.get.bind(shared),
    set: shared.set.bind(shared),
    claim: async (key: string, value: string, ttl: number) => {
      // The successor's first slot: a slow store round trip.
      if (hold && /^lin:.*\+:0$/.test(key)) {
        reached();
        await hold;
      }
      return shared.claim(key, value, ttl);
    },
  };
  const fx = await pam({ store: slow });
  const b = new Browser(fx.served.url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const { loginId } = await openCookie(c1);
  // The client's logout ends L1; its answer is lost (the jar keeps C1).
  const lost = new Browser(fx.served.url);
  lost.cookie = c1;
  expect(
    (
      await lost.call('POST', '/pam/auth/logout', undefined, {
        'x-pam-client': '1',
        'x-pam-login': loginId,
        'x-pam-logout': 'logout-0123456789abcdef.1',
      })
    ).status,
  ).toBe(204);
  clock.now += IN_FLIGHT_MS + 5_000;
  let release!: () => void;
  hold = new Promise<void>((r) => {
    release = r;
  });
  // A login and a form-post logout, both sent with C1; the login reaches the proxy first.
  const tabLogin = new Browser(fx.served.url);
  tabLogin.cookie = c1;
  const login = tabLogin.login(email, password);
  await joining;
  if (joinLandsFirst) {
    release();
    hold = undefined;
    expect((await login).status).toBe(200);
  }
  const form = await b.call('POST', '/pam/auth/logout', undefined, {
    cookie: `__Host-pam-session=${c1}`,
    'content-type': 'application/x-www-form-urlencoded',
  });
  expect(form.status).toBe(204);
  release();
  hold = undefined;
  const answered = await login;
  let t2LiveAtApi = false;
  if (tabLogin.cookie !== null && tabLogin.cookie !== c1) {
    const { token } = await openCookie(tabLogin.cookie);
    const api = await fetch(`${ref.server.url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    t2LiveAtApi = api.status === 200;
  }
  return { loginStatus: joinLandsFirst ? 'answered first' : answered.status, t2LiveAtApi };
}

describe('a form post with a kept ended cookie, and a login sent with it whose join is slow', () => {
  it('control: the join lands before the form post: the login is ended', async () => {
    expect(await scenario(true)).toEqual({ loginStatus: 'answered first', t2LiveAtApi: false });
  });
  it('the join lands after the form post read the successor: the login is refused', async () => {
    // Fails on 3bcb9ac3 with { loginStatus: 200, t2LiveAtApi: true }.
    expect(await scenario(false)).toEqual({ loginStatus: 401, t2LiveAtApi: false });
  });
});
