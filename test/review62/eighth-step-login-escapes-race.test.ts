// Review 62 (against 2330acb0), lineage.ts `joinedBy` (eight steps, the eighth "its own successor")
// + sign-out.ts (the walk marks all eight steps; a logout of a LIVE cookie never walks).
// Severity: MEDIUM.
// Scenario: one browser, the browser client only. Its logout's tries .1 and .2 both reach the proxy
// and both answers are lost (the network drops): try .2 is `again`, so it walks and marks X+ ... X+8
// ended. The jar keeps C1. 65 s later the player signs in with C1: `joinedBy` passes X and the seven
// ended steps and stops at X+8, ended long before; as the last step it refuses only within its
// window, so L2 is sealed, live, in the ENDED lineage X+8 (jar: C2). Now an ordinary race: a tab
// signs in again with C2 while another tab logs out with C2 (sent together). The login reads X+8's
// old mark and goes on to X+9 (`joinedBy`); the logout, between that read and the login's own mark
// read, finds C2 live (`ended` null), marks X+8 only and never walks (neither `ended` nor `more`),
// answers 204 clearing the cookie. The login then reads X+9 (never marked) and is sealed: its answer
// (after the logout's) sets C3, live at the API. The player pressed "Sair" and is signed in.
// Control: the same race from a lineage no logout had ended (C2 a re-login in X): refused 401.
// Invariants broken: (4) a login racing a logout of its lineage is left live; (3) a live token
// after the last logout (the browser's jar holds it: signed in).
// Fault: a live login whose lineage carries an old end mark (the eighth step, own successor, and
// every step the walk marked) sends its next login one step further (`joinedBy`), while a logout of
// a live cookie walks nothing (sign-out.ts `if (ended || more)`). Fix: a login with a live cookie
// joins its cookie's lineage (no successor for a live login), or the eighth step joined past its
// window is re-marked un-ended (a fresh lineage recorded where X's logout finds it), or a logout
// always walks the steps when its lineage holds an end mark.
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

async function scenario(from: 'fresh lineage' | 'eighth step') {
  const shared = unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
  // A gate on one claim: the login's join held there while the logout runs (under the store's 1 s).
  const gate = { keys: [] as string[], reached: () => {}, open: Promise.resolve() };
  const store: PamSessionStore = {
    get: shared.get.bind(shared),
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
  if (from === 'eighth step') {
    // The client's logout, tries .1 and .2, both answers lost (the jar keeps C1).
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
  } else clock.now += 1_000;
  // The player signs in with the cookie it holds: C2.
  expect((await b.login(email, password)).status).toBe(200);
  const c2 = b.cookie!;
  const l2 = await openCookie(c2);
  const step = lineageOf(l2 as never);
  expect(step).toBe(from === 'eighth step' ? `${x}++++++++` : x);
  clock.now += 1_000;
  // Tab A signs in again with C2; tab B logs out with C2 (the client's: naming L2, try .1).
  // (Its join held at the first slot it claims: of the cookie's own step since the mend, of the
  // step past it on 2330acb0.)
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
  const tabB = new Browser(fx.served.url);
  tabB.cookie = c2;
  const out = await tabB.call('POST', '/pam/auth/logout', undefined, {
    'x-pam-client': '1',
    'x-pam-login': l2.loginId,
    'x-pam-logout': 'logout-aa23456789abcdef.1',
  });
  expect(out.status).toBe(204);
  expect(tabB.cookie).toBeNull();
  release();
  const answered = await login;
  await settle();
  // The login's answer comes last: the jar holds what it set (nothing when refused).
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

describe('a login and a logout sent together with a live cookie', () => {
  it('control: a lineage no logout had ended: the login is refused', async () => {
    expect(await scenario('fresh lineage')).toEqual({ login: 401, liveAfterLogout: false });
  });
  it('the cookie is a login sealed in the ended eighth step: the login is refused too', async () => {
    expect(await scenario('eighth step')).toEqual({ login: 401, liveAfterLogout: false });
  });
});
