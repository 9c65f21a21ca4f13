// Review 63 (against 9432d33f), sign-out.ts: a logout whose `end:` read failed (`call.endUnread`)
// and whose lineage carries a mark is "handled as an ended lineage": `if (!ended || unread)` it
// never marks the cookie's lineage again, only walks the steps past it. Severity: HIGH.
// Scenario: one browser, the browser client only. Its logout's tries .1 and .2 are both answered
// and lost: X+1 ... X+8 walked and marked. 65 s on the player signs in with C1: L2 is sealed in the
// eighth step X+8 (marked, past its window: a live login in a lineage with an old mark; same with a
// login sealed in any marked lineage past its window). Then an ordinary race: tab A signs in again
// with C2 (its load reads L2 live; the API call in flight), tab B logs out with C2 and the logout's
// read of `end:<L2>` fails (one key's shard failing over; every other key answers). The logout reads
// X+8's old mark, so it takes the "ended lineage" path: X+8 is NOT marked anew (the old mark stays,
// past its window), it reads X+8's members before tab A's login joined, walks X+9..X+16, ends L2,
// keeps the cookie and answers 204. Tab A's login then joins X+8 itself (a live cookie's login joins
// its own lineage, review 62) and reads the mark window-only: the old mark is past its window, so
// the login is sealed: its answer sets C3, live at the API. The player pressed "Sair" and is signed
// in. Control: the same race with `end:` readable (a first logout: X+8 marked now): refused, 401.
// Invariants broken: (4) a login sealed unseen by a logout racing it (a store that fails one key);
// (2)/(3) a live token of the browser after its logout's 204.
// Fault: sign-out.ts marks the lineage only `if (!ended || unread)`; for a live-read login
// (`call.session`, `endUnread`) an old mark is taken as "this lineage is ended", but a login with
// that live cookie joins that very lineage and is refused only within a window counted from a mark
// that predates it. Fix: a logout of a login read as live (endUnread included) always marks its
// cookie's lineage anew before reading its members (as a first logout does; over another logout's
// mark as nobody's, `CONTESTED`, so that no try of that logout becomes `again`), and walks as well.
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';
import { lineageOf } from '../../src/server/lineage';
import { IN_FLIGHT_MS } from '../../src/server/store';
import type { PamSessionStore } from '../../src/server/types';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(endRead: 'answers' | 'fails') {
  const shared = unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
  const fault = { key: '' };
  const gate = { keys: [] as string[], reached: () => {}, open: Promise.resolve() };
  const store: PamSessionStore = {
    get: (key) => (key === fault.key ? Promise.reject(new Error('shard failing over')) : shared.get(key)),
    set: shared.set.bind(shared),
    claim: async (key, value, ttl) => {
      if (gate.keys.includes(key)) {
        gate.keys = [];
        gate.reached();
        await gate.open;
      }
      return shared.claim(key, value, ttl);
    },
  };
  const fx = await pam({ store });
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(fx.served.url);
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const first = await openCookie(c1);
  const x = lineageOf(first as never);
  for (const n of [1, 2]) {
    const lost = new Browser(fx.served.url);
    lost.cookie = c1;
    const out = await lost.call('POST', '/pam/auth/logout', undefined, {
      'x-pam-client': '1',
      'x-pam-login': first.loginId,
      'x-pam-logout': `logout-0123456789abcdef.${n}`,
    });
    expect(out.status).toBe(204);
  }
  await settle();
  clock.now += IN_FLIGHT_MS + 5_000;
  expect((await b.login(email, password)).status).toBe(200);
  const c2 = b.cookie!;
  const l2 = await openCookie(c2);
  const step = lineageOf(l2 as never);
  expect(step).toBe(`${x}++++++++`);
  clock.now += 1_000;
  // Tab A signs in with C2 (held at its join's first claim); tab B logs out with C2.
  let release = () => {};
  const reached = new Promise<void>((r) => {
    gate.reached = r;
  });
  gate.open = new Promise<void>((r) => {
    release = r;
  });
  gate.keys = [`lin:${step}:0`, `lin:${step}+:0`];
  const tabA = new Browser(fx.served.url);
  tabA.cookie = c2;
  const login = tabA.login(email, password);
  await reached;
  if (endRead === 'fails') fault.key = `end:${l2.loginId}`;
  const tabB = new Browser(fx.served.url);
  tabB.cookie = c2;
  const out = await tabB.call('POST', '/pam/auth/logout', undefined, {
    'x-pam-client': '1',
    'x-pam-login': l2.loginId,
    'x-pam-logout': 'logout-aa23456789abcdef.1',
  });
  expect(out.status).toBe(204);
  fault.key = '';
  release();
  const answered = await login;
  await settle();
  const jar = tabA.cookie !== c2 ? tabA.cookie : null;
  let liveAfterLogout = false;
  if (answered.status === 200 && jar) {
    const l3 = await openCookie(jar);
    const api = await fetch(`${ref.server.url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${l3.token}`, accept: 'application/json' },
    });
    liveAfterLogout = api.status === 200;
  }
  return { login: answered.status, liveAfterLogout };
}

describe('a login and a logout sent together with a live cookie of a lineage with an old mark', () => {
  it("control: the logout reads L2's end: the login is refused", async () => {
    expect(await scenario('answers')).toEqual({ login: 401, liveAfterLogout: false });
  });
  it("the logout cannot read L2's end: the login is refused too", async () => {
    expect(await scenario('fails')).toEqual({ login: 401, liveAfterLogout: false });
  });
});
