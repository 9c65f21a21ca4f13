// A client stopped while its restore waits on a store that never answers (a custom `TokenStore`
// whose `get` hangs: an IndexedDB blocked by another tab's upgrade) leaves no timer behind: the
// store's bounded wait (`STORE_WAIT_MS`) ends with the restore's actor (review 126 noted it: the
// 3 s wait stayed a timer after `stop()`). Over generated moments of the stop and store kinds.

import fc from 'fast-check';
import type { TokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { usePamClients } from '../support/clients';
import { turns } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const { client } = usePamClients(ctx);

/** A SimulatedClock whose pending timers can be counted (set, not yet fired nor cleared). */
function countedTimers() {
  const sim = new SimulatedClock();
  const pending = new Set<unknown>();
  const timers = {
    setTimeout: (fn: (...a: unknown[]) => void, ms?: number) => {
      const id: unknown = sim.setTimeout(() => {
        pending.delete(id);
        fn();
      }, ms ?? 0);
      pending.add(id);
      return id;
    },
    clearTimeout: (id: unknown) => {
      pending.delete(id);
      sim.clearTimeout(id as never);
    },
  };
  return { sim, timers, pending };
}

describe('a restore waiting on a hung store, then stopped', () => {
  it('property: no timer is left once stopped, whenever the stop comes within the wait', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2_900 }), fc.boolean(), async (before, sync) => {
        const { sim, timers, pending } = countedTimers();
        const store: TokenStore = {
          get: () => new Promise(() => {}),
          set: () => (sync ? undefined : Promise.resolve()),
          clear: () => (sync ? undefined : Promise.resolve()),
        };
        const c = client({ storage: store, environment: { timers: timers as never, now: () => Date.now() } });
        await turns();
        expect(c.view.status).toBe('restoring');
        sim.increment(before);
        await turns();
        c.stop();
        await turns();
        expect([...pending]).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});
