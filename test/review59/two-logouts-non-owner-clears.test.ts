// Review 59 (against 0e467bac), sign-out.ts `logout` + lineage.ts `close`. Severity: MEDIUM.
// Scenario: two tabs press "Sair" together with the live cookie C1 (logout A on instance X, logout
// B on Y, sharing a store; both read L1 live). B marks the lineage (t+0.5 s), then A's answer
// leaves (t+1 s, lost on the wire) and its `close` marks again: A owns the mark (`<A> 1`, written
// last). B's revokes are slow (a slow API).
// Tab A's client times out at 15 s and sends try 2 (A.2), carrying C1 (the jar still holds it: B's
// answer not back yet), held on the wire. B's answer then arrives: 204, Max-Age=0 (B, a first
// logout, clears), the jar empties, but B's `close` writes nothing (the mark is A's). The player
// signs in again with no cookie: C2, a lineage of its own. Held try A.2 arrives: the mark is A's, 2 >
// 1, within the window: "a later try, the logout done": 204 with Max-Age=0, deleting C2 while L2
// is live (L2's token stays live at the API; no cookie left to end it).
// Control: B's first mark lands after A's close: A.2 is another logout's try, refused 401, C2 kept.
// Invariant broken: (1) an answer clears a cookie the browser got after its request left while that
// cookie's login is live (and (3): a live token with no cookie).
// Fault: lineage.ts `close` (called from sign-out.ts as a clearing answer leaves) keeps the mark of
// another logout when this answer clears the cookie: the clearing answer that leaves last does not
// own the lineage, so an older logout's held try is still "known as it". Fix: a clearing answer
// takes the mark unless a later try of its OWN logout marked since (`!mark || mark.by !== by ||
// mark.n <= n`), or a clearing answer of another logout drops the owner's id (`by` = '').
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';
import type { PamSessionStore } from '../../src/server/types';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

function gate() {
  let open!: () => void;
  let hit!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  const reached = new Promise<void>((r) => {
    hit = r;
  });
  return { open, reached, opened, hit, armed: true };
}

/** A view of `shared` whose first write of an end mark waits for `g`. */
function gatedMarks(shared: PamSessionStore, g: ReturnType<typeof gate>): PamSessionStore {
  return {
    get: shared.get.bind(shared),
    claim: shared.claim.bind(shared),
    set: async (key, value, ttl) => {
      if (g.armed && key.startsWith('out:')) {
        g.armed = false;
        g.hit();
        await g.opened;
      }
      return shared.set(key, value, ttl);
    },
  };
}

async function scenario(lastMark: 'A' | 'B') {
  const shared = unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
  const markA = gate();
  const markB = gate();
  const revokeB = gate();
  const x = await pam({ store: gatedMarks(shared, markA) });
  const y = await pam({
    store: gatedMarks(shared, markB),
    fetch: async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (revokeB.armed && new URL(url).pathname.endsWith('/auth/logout')) {
        revokeB.armed = false;
        revokeB.hit();
        await revokeB.opened;
      }
      return fetch(input, init);
    },
  });
  const b = new Browser(x.served.url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const { loginId } = await openCookie(c1);
  const headers = (id: string, n: number) => ({
    'x-pam-client': '1',
    'x-pam-login': loginId,
    'x-pam-logout': `${id}.${n}`,
  });
  const A = 'logout-aaaaaaaaaaaaaaaa';
  const B = 'logout-bbbbbbbbbbbbbbbb';
  // Both tabs' logouts, sent with C1, read L1 live; each waits at its first mark.
  const tabA = new Browser(x.served.url);
  tabA.cookie = c1;
  const a1 = tabA.call('POST', '/pam/auth/logout', undefined, headers(A, 1));
  await markA.reached;
  clock.now += 500;
  const tabB = new Browser(y.served.url);
  tabB.cookie = c1;
  const b1 = tabB.call('POST', '/pam/auth/logout', undefined, headers(B, 1));
  await markB.reached;
  clock.now += 500;
  if (lastMark === 'A') {
    markB.open();
    await revokeB.reached;
    markA.open();
    expect((await a1).status).toBe(204); // lost on the wire
  } else {
    markA.open();
    expect((await a1).status).toBe(204); // lost on the wire
    markB.open();
    await revokeB.reached;
  }
  // Tab A's client times out: try 2 leaves with C1, held on the wire.
  clock.now += 16_000;
  revokeB.open();
  const bAnswer = await b1;
  expect(bAnswer.status).toBe(204);
  // The jar: cleared by B when B ended L1 first; since the fiftieth pass, kept when A did (B's end
  // second in the store's order, `Rotations.endsFirst`). The player signs in afresh either way.
  expect(tabB.cookie).toBe(lastMark === 'A' ? null : c1);
  // The player signs in again (no cookie).
  clock.now += 1_000;
  const jar = new Browser(x.served.url);
  expect((await jar.login(email, password)).status).toBe(200);
  const { token: t2 } = await openCookie(jar.cookie!);
  clock.now += 1_000;
  const a2 = await new Browser(x.served.url).call('POST', '/pam/auth/logout', undefined, {
    ...headers(A, 2),
    cookie: `__Host-pam-session=${c1}`,
  });
  const clearsC2 = a2.headers.getSetCookie().some((l) => /Max-Age=0(;|$)/.test(l));
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${t2}`, accept: 'application/json' },
  });
  return { a2: a2.status, clearsC2, l2Live: api.status === 200 };
}

describe("two tabs' logouts together, the slower one's answer clears last, then a held try", () => {
  it("control: B's first mark lands after A's close: try A.2 is refused", async () => {
    expect(await scenario('B')).toEqual({ a2: 401, clearsC2: false, l2Live: true });
  });
  it("A's close lands after B's first mark: try A.2 is refused too", async () => {
    expect(await scenario('A')).toEqual({ a2: 401, clearsC2: false, l2Live: true });
  });
});
