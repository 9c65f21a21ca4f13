// Review 57 (against 349d0658). Rule 2 (sign-in.ts `sealLogin`): a login sent with the cookie of a
// lineage ended `IN_FLIGHT_MS` or more before it arrived starts a lineage of its own (sealed). The
// window is meant to count from the logout's ANSWER (2d7e4ca1: the mark written again as the answer
// leaves), but that second write is `void` and best effort (`written` swallows a failure): with a
// shared store, when it is lost (store hiccup, the instance gone right after answering) every other
// instance still reads the FIRST mark, written before the revokes. A logout slowed 50 s by its
// revokes, and a login another tab sent with the old cookie just before the 204 came, reaching
// instance Y 11 s after that 204 (61 s after the first mark), is sealed: a new lineage, cookie set.
// The player saw "signed out" and is signed in again by a login that was in flight across the logout.
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { Browser, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

describe('a logout whose second mark did not reach the store', () => {
  it('control: with the second mark written, the same login is refused', () => scenario(false));
  it('a login in flight across its answer is not sealed on another instance', () => scenario(true));
});

async function scenario(lose: boolean): Promise<void> {
  {
    const shared = unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
    let outWrites = 0;
    const flaky = {
      get: shared.get.bind(shared),
      claim: shared.claim.bind(shared),
      set: (key: string, value: string, ttl: number) => {
        // The lineage's second mark (the answer's) fails, as a store hiccup would.
        if (key.startsWith('out:') && ++outWrites === 2 && lose)
          return Promise.reject(new Error('store down'));
        return shared.set(key, value, ttl);
      },
    };
    let hold: Promise<void> | undefined;
    let reached!: () => void;
    const revoking = new Promise<void>((r) => {
      reached = r;
    });
    const x = await pam({
      store: flaky,
      timeoutMs: 120_000,
      fetch: async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (hold && new URL(url).pathname.endsWith('/auth/logout')) {
          reached();
          await hold;
        }
        return fetch(input, init);
      },
    });
    const y = await pam({ store: shared });
    const b = new Browser(x.served.url);
    const { email, password } = ref.server.seed.plain;
    expect((await b.login(email, password)).status).toBe(200);
    const c1 = b.cookie!;
    let release!: () => void;
    hold = new Promise<void>((r) => {
      release = r;
    });
    const out = b.call('POST', '/pam/auth/logout', undefined, { 'x-pam-client': '1' });
    await revoking;
    clock.now += 50_000; // the revokes take 50 s
    release();
    hold = undefined;
    expect((await out).status).toBe(204);
    expect(b.cookie).toBeNull();
    // A login another tab sent with C1 just before that 204, reaching Y 11 s later.
    clock.now += IN_FLIGHT_MS - 50_000 + 1_000;
    const tab = new Browser(y.served.url);
    tab.cookie = c1;
    const late = await tab.login(email, password);
    // Fails on 349d0658 with { status: 200, sealed: true }.
    expect({ status: late.status, sealed: tab.cookie !== c1 && tab.cookie !== null }).toEqual({
      status: 401,
      sealed: false,
    });
  }
}
