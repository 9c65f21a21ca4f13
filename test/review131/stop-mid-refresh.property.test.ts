// Review 131's class over generated timings: the timed refresh reaches the server (which rotates at
// once), its answer takes `delay`, and the client stops `stopAfter` after the send (before the
// answer, or after it). Whatever the order, the store is left holding a token the server takes.

import fc from 'fast-check';
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { clientsFor } from '../support/server';
import { H, logIn, MIN, S, useWorld } from '../support/world';

const world = useWorld();

describe('review 131: stopped around the refresh answer', () => {
  it('property: the store holds a live token, whatever the answer delay and the stop moment', {
    timeout: 240_000,
  }, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 8 }),
        async (delayS, stopAfterS) => {
          const store = createMemoryTokenStore();
          const a = world.open({ tabId: `tab-${++n}`, channel: false, storage: store, retry: 0 });
          await logIn(world, a);
          world.delayAnswers({ method: 'POST', path: '/users/refresh-token', ms: delayS * S, times: 1 });
          const refreshes = () => world.count('POST', '/users/refresh-token');
          const before = refreshes();
          await world.advance(5 * H + 55 * MIN, 5 * MIN);
          for (let i = 0; i < 400 && refreshes() === before; i++) await world.advance(S, S);
          expect(refreshes()).toBe(before + 1); // the control: sent, rotated at the server
          if (stopAfterS) await world.advance(stopAfterS * S, S);
          a.client.stop();
          await world.advance(10 * S, S);
          const stored = (await store.get())?.accessToken ?? null;
          const answer = await clientsFor(world.server, stored)
            .auth.getUserProfile()
            .then(
              () => 'live',
              (e: { code?: string }) => e.code,
            );
          expect(answer).toBe('live');
        },
      ),
      { numRuns: 15 },
    );
  });
});
