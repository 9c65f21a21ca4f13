// Review 64 (against 420b6014), context.ts `load(true)` + sign-out.ts: the lineage's end mark is
// now read at load (`CallSession.markRead`), before the logout's body is read (handle.ts `readBody`,
// up to `timeoutMs`, 15 s) and before the load's own API revoke of an idle cookie's token. Before
// 420b6014 the mark was read after both. Severity: MEDIUM (a regression: a store-step race window
// widened to a body deadline; no store fault needed).
// Scenario: one browser, one instance, a healthy store. Its cookie C1 holds L1, the second login of
// lineage X (stored in `lin:X:0`), idle past `idleMs` (lapsed). Tab B posts the "Sair" form (no
// `X-Pam-Logout`) with C1: its load reads `out:X` (unmarked) and its body trickles in (a slow uplink).
// Tab A's browser-client logout with C1 runs whole meanwhile: a first logout, X marked as A's, L1
// ended, 204 with Max-Age=0. The browser then signs in afresh (no cookie: a new lineage): C2, L2 live.
// B's body arrives: B judges with the mark it read at load (none), so it is "a first logout": it
// clears. Its answer deletes C2 while L2 is live at the API: no cookie left to end it.
// Read after the body (9432d33f, and the control here: B arrives after A), B sees A's mark within its
// window, another logout's: no clear (and `decideLine` sets nothing: L1 ended meanwhile).
// Invariants broken: (1) a logout's answer clears a cookie the browser got after that logout left,
// its login live; (3) a live token with no cookie.
// Fault: context.ts starts `markRead` in `load(true)`; sign-out.ts uses it after `readBody` (and after
// the load's API revoke of a lapsed token). Fix: start the mark read after the body is read (in
// `logout`, beside nothing else), or, for a cookie read as ended/lapsed (`!live`), read the mark again
// (or re-read `out:` only when `markRead` resolved null/older) right before deciding `clears`; the one-
// deadline gain of (a) is only needed for `unsure`, whose `end:` read is what the mark pairs with.
import { describe, expect, it } from 'vitest';
import { lineageOf } from '../../src/server/lineage';
import type { PamSessionStore } from '../../src/server/types';
import { sharedStore } from '../server/faulty-store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(b_arrives: 'before A' | 'after A') {
  const shared = sharedStore(clock);
  const marksRead: string[] = [];
  const store: PamSessionStore = {
    get: async (key) => {
      const value = await shared.get(key);
      if (key.startsWith('out:')) marksRead.push(key);
      return value;
    },
    set: shared.set.bind(shared),
    claim: shared.claim.bind(shared),
  };
  const fx = await pam({ store });
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(fx.served.url);
  expect((await b.login(email, password)).status).toBe(200);
  expect((await b.login(email, password)).status).toBe(200); // L1 joins lineage X (L0's)
  const c1 = b.cookie!;
  const l1 = await openCookie(c1);
  const x = lineageOf(l1 as never);
  expect(x).not.toBe(l1.loginId);
  clock.now += 7_200_000 + 1_000; // C1 idle: lapsed

  // Tab B: the form post, its body held.
  let release = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      release = () => {
        controller.enqueue(new TextEncoder().encode('x=1'));
        controller.close();
      };
    },
  });
  const sendB = () =>
    fx.pam.handle(
      new Request(`${fx.served.url}/pam/auth/logout`, {
        method: 'POST',
        headers: {
          cookie: `__Host-pam-session=${c1}`,
          origin: fx.served.url,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
        duplex: 'half',
      } as RequestInit),
    ) as Promise<Response>;
  let answerB: Promise<Response> | null = null;
  if (b_arrives === 'before A') {
    answerB = sendB();
    for (let i = 0; i < 200 && !marksRead.includes(`out:${x}`); i++) await settle();
    expect(marksRead).toContain(`out:${x}`);
  }

  // Tab A: the browser client's logout, answered: the cookie cleared.
  const tabA = new Browser(fx.served.url);
  tabA.cookie = c1;
  const outA = await tabA.call('POST', '/pam/auth/logout', undefined, {
    'x-pam-client': '1',
    'x-pam-login': l1.loginId,
    'x-pam-logout': 'logout-a123456789abcdef.1',
  });
  expect(outA.status).toBe(204);
  expect(tabA.cookie).toBeNull();
  await settle();
  clock.now += 2_000;
  // The browser (A's answer received) signs in afresh: C2, a lineage of its own.
  b.cookie = null;
  expect((await b.login(email, password)).status).toBe(200);
  const l2 = await openCookie(b.cookie!);
  clock.now += 1_000;

  if (b_arrives === 'after A') answerB = sendB();
  release();
  const outB = await answerB!;
  expect(outB.status).toBe(204);
  const clearsC2 = outB.headers.getSetCookie().some((l) => /Max-Age=0(;|$)/.test(l));
  await settle();
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${l2.token}`, accept: 'application/json' },
  });
  return { clearsC2, l2Live: api.status === 200 };
}

describe("a form-post logout whose body arrives after another tab's logout ended the lineage", () => {
  it("control: B arrives after A's answer: it sees A's mark, C2 kept", async () => {
    expect(await scenario('after A')).toEqual({ clearsC2: false, l2Live: true });
  });
  it("B's load read the mark before A's: C2 kept too", async () => {
    expect(await scenario('before A')).toEqual({ clearsC2: false, l2Live: true });
  });
});
