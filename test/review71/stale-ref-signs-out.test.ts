// Review 71: a stale `ref:<sha256(token)>` ('failed'), written by an EARLIER refresh attempt of the
// same token, is read by the pollers of a LATER attempt as that later attempt's outcome.
//
// What fails: instance C's call, waiting on B's claim, reads the previous attempt's 'failed' at its
//   first poll, gives up waiting ('kept'), relays with the old token while B's refresh is rotating
//   it: the API (which kills the old token at rotation, as the reference server does) answers 401,
//   no successor is in the store yet, and C answers 401 AND clears the cookie: the player is signed
//   out by a refresh that succeeded.
// Severity: MEDIUM (spurious sign-out of a live session; multi-instance deployments with a store,
//   within `waitMs` (16 s by default) of one failed refresh, with calls spread across instances:
//   the usual burst of a page load after a transient 5xx).
// Scenario: three instances on one store (a clock standing still). The refresh route answers 503 once
//   on A (ref = 'failed', TTL waitMs; claim released). 1 s later, B claims and sends the refresh
//   (the API rotates at once; its answer to B is held in B's fetch). C, with the same cookie, loses
//   the claim and polls.
// Invariant broken: docs/server.md Refresh: "the others wait for it and use it"; a refresh that
//   rotates never signs the player out. `ref:` is meant to tell those waiting THIS claim's outcome.
// Suggested fix: tie the outcome to the claim it releases (e.g. `ref:<hash>` holding the claim's
//   own value / an attempt id that the poller read from `lock:` when it lost the claim; or have the
//   claimer overwrite/expire `ref:` when it takes the claim, before it sends the refresh).
import { describe, expect, it } from 'vitest';
import type { PamSessionStore } from '../../src/server/types';
import { sharedStore } from '../server/faulty-store';
import { Browser, startPam, type TestClock } from '../server/harness';
import { useReferenceServer } from '../support/server';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const ref = useReferenceServer({ now: () => clock.now });

/** `store` as one instance sees it, its reads of a rotation (`rot:`) counted: `reached(n)`. */
function pollsOf(store: PamSessionStore) {
  let count = 0;
  const waiting: [number, () => void][] = [];
  return {
    store: {
      ...store,
      get: (key: string) => {
        if (key.startsWith('rot:')) count++;
        for (const [n, go] of waiting) if (count >= n) go();
        return store.get(key);
      },
    },
    reached: (n: number) => new Promise<void>((go) => waiting.push([n, go])),
  };
}

describe("a stale ref: from an earlier attempt misleads a later attempt's pollers", () => {
  it('C waits for B (a rotation) instead of signing the player out', async () => {
    const store = sharedStore(clock);
    // B's refresh reaches the API (which rotates: the old token dies at once), its answer held.
    let releaseB = () => {};
    let seenB = () => {};
    const bSent = new Promise<void>((r) => {
      seenB = r;
    });
    const holding: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.endsWith('/users/refresh-token')) return fetch(input, init);
      const res = await fetch(input, init);
      seenB();
      await new Promise<void>((r) => {
        releaseB = r;
      });
      return res;
    };
    const options = { store, timeoutMs: 2_000, refreshAfterMs: 60_000 };
    const a = await startPam(ref.server, clock, options);
    const b = await startPam(ref.server, clock, { ...options, fetch: holding });
    // C's polls for B's rotation, counted: a C that waits polls again (its own 25-ms pause).
    const polls = pollsOf(store);
    const c = await startPam(ref.server, clock, { ...options, store: polls.store });
    try {
      const browser = new Browser(a.served.url);
      const { plain } = ref.server.seed;
      expect((await browser.login(plain.email, plain.password)).status).toBe(200);
      const cookie = browser.cookie;
      clock.now += 120_000; // due
      ref.server.faults.add({
        method: 'POST',
        path: '/users/refresh-token',
        status: 503,
        body: {},
        times: 1,
      });
      // Attempt 1 on A: 503, kept (ref: 'failed' for waitMs = 3 s, the claim released).
      expect((await browser.call('GET', '/pam/bff/users/address-by-user')).status).toBe(200);
      clock.now += 1_000; // the released claim expired; the 'failed' ref has 2 s to go

      // Attempt 2 on B: claimed, the API rotated, B's answer still in flight.
      const onB = new Browser(b.served.url);
      onB.cookie = cookie;
      const second = onB.call('GET', '/pam/bff/users/address-by-user');
      await bSent;

      // C, same cookie: loses the claim, polls.
      const onC = new Browser(c.served.url);
      onC.cookie = cookie;
      const third = onC.call('GET', '/pam/bff/users/address-by-user');
      // B answered once C did (the defect), or once C polled twice after its first read (a correct C waits for it).
      await Promise.race([third, polls.reached(3)]);
      releaseB();
      const [bAns, cAns] = await Promise.all([second, third]);
      expect(bAns.status).toBe(200);
      expect({ status: cAns.status, signedOut: onC.cookie === null }).toEqual({
        status: 200,
        signedOut: false,
      });
    } finally {
      releaseB();
      await Promise.all([a.served.close(), b.served.close(), c.served.close()]);
    }
  }, 20_000);

  it('control (passes): with no earlier attempt, C waits for B and is served with the rotation', async () => {
    const store = sharedStore(clock);
    // B's refresh reaches the API (which rotates: the old token dies at once), its answer held.
    let releaseB = () => {};
    let seenB = () => {};
    const bSent = new Promise<void>((r) => {
      seenB = r;
    });
    const holding: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.endsWith('/users/refresh-token')) return fetch(input, init);
      const res = await fetch(input, init);
      seenB();
      await new Promise<void>((r) => {
        releaseB = r;
      });
      return res;
    };
    const options = { store, timeoutMs: 2_000, refreshAfterMs: 60_000 };
    const a = await startPam(ref.server, clock, options);
    const b = await startPam(ref.server, clock, { ...options, fetch: holding });
    // C's polls for B's rotation, counted: a C that waits polls again (its own 25-ms pause).
    const polls = pollsOf(store);
    const c = await startPam(ref.server, clock, { ...options, store: polls.store });
    try {
      const browser = new Browser(a.served.url);
      const { plain } = ref.server.seed;
      expect((await browser.login(plain.email, plain.password)).status).toBe(200);
      const cookie = browser.cookie;
      clock.now += 120_000; // due
      clock.now += 1_000;

      // Attempt 2 on B: claimed, the API rotated, B's answer still in flight.
      const onB = new Browser(b.served.url);
      onB.cookie = cookie;
      const second = onB.call('GET', '/pam/bff/users/address-by-user');
      await bSent;

      // C, same cookie: loses the claim, polls.
      const onC = new Browser(c.served.url);
      onC.cookie = cookie;
      const third = onC.call('GET', '/pam/bff/users/address-by-user');
      // B answered once C did (the defect), or once C polled twice after its first read (a correct C waits for it).
      await Promise.race([third, polls.reached(3)]);
      releaseB();
      const [bAns, cAns] = await Promise.all([second, third]);
      expect(bAns.status).toBe(200);
      expect({ status: cAns.status, signedOut: onC.cookie === null }).toEqual({
        status: 200,
        signedOut: false,
      });
    } finally {
      releaseB();
      await Promise.all([a.served.close(), b.served.close(), c.served.close()]);
    }
  }, 20_000);
});
