// Review 68's class, the calls already waiting: a call on instance B that lost the refresh claim to
// A polls for A's rotation. When A's refresh ends without one, B learns its outcome (`ref:`) at its
// next poll: the session over (`401` from the refresh route) is told as over, never served for
// `waitMs` more with the old token and then relayed with it. Deterministic: A's refresh is held in
// the `fetch` the server is given and answered when the test says, after B's call is waiting.
import { describe, expect, it } from 'vitest';
import { sharedStore } from '../server/faulty-store';
import { Browser, startPam, type TestClock } from '../server/harness';
import { useReferenceServer } from '../support/server';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const ref = useReferenceServer({ now: () => clock.now });

describe('a refresh that ends without a rotation, told to the calls waiting for it', () => {
  it("B, waiting on A's claim, answers the session over once A's refresh is refused", async () => {
    const store = sharedStore(clock);
    let release = (_: Response) => {};
    let held = (_: unknown) => {};
    const heldSeen = new Promise((resolve) => {
      held = resolve;
    });
    const holding: typeof fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.endsWith('/users/refresh-token')) return fetch(input, init);
      held(undefined);
      return new Promise((resolve) => {
        release = resolve;
      });
    };
    // waitMs = 3 s of polls: B, never told, gives up after them and relays with the old token (200).
    const options = { store, timeoutMs: 2_000, refreshAfterMs: 60_000 };
    const a = await startPam(ref.server, clock, { ...options, fetch: holding });
    // B's polls for A's rotation, counted: told, it stops at the next; never told, it polls all
    // of `waitMs` (120), then finds the login ended and answers the same 401, 3 s late.
    let polls = 0;
    const counted = {
      ...store,
      get: (key: string) => {
        if (key.startsWith('rot:')) polls++;
        return store.get(key);
      },
    };
    const b = await startPam(ref.server, clock, { ...options, store: counted });
    try {
      const browser = new Browser(a.served.url);
      const { plain } = ref.server.seed;
      expect((await browser.login(plain.email, plain.password)).status).toBe(200);
      clock.now += 120_000; // due
      const onA = browser.call('GET', '/pam/bff/users/address-by-user');
      await heldSeen; // A claimed the refresh and sent it
      const onB = new Browser(b.served.url);
      onB.cookie = browser.cookie;
      const second = onB.call('GET', '/pam/bff/users/address-by-user');
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      release(new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 }));
      const [first, late] = await Promise.all([onA, second]);
      expect({ a: first.status, b: late.status, told: polls < 40 }).toEqual({ a: 401, b: 401, told: true });
    } finally {
      release(new Response('{}', { status: 503 }));
      await Promise.all([a.served.close(), b.served.close()]);
    }
  }, 15_000);
});
