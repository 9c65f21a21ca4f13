// Review 134's class over generated timings: the timed refresh reaches the server (which rotates at
// once), its answer takes `delay`; the client stops `stopAfter` after the send, and the next client
// opens on the same store `reopenAfter` after that (before the answer lands, or after), and reads
// at once and again later. Whatever the order, the next client stays signed in and the store ends
// holding a token the server takes.

import fc from 'fast-check';
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { clientsFor } from '../support/server';
import { H, logIn, MIN, S, useWorld } from '../support/world';

const world = useWorld();

describe('review 135: the next client opened around a stopped client’s refresh answer', () => {
  it('property: it stays signed in, the store live, whatever the delay, stop and reopen moments', {
    timeout: 300_000,
  }, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        async (delayS, stopAfterS, reopenAfterS, readAtOnce) => {
          const store = createMemoryTokenStore();
          const tabId = `tab-${++n}`;
          const a = world.open({ tabId, channel: false, storage: store, retry: 0 });
          await logIn(world, a);
          world.delayAnswers({ method: 'POST', path: '/users/refresh-token', ms: delayS * S, times: 1 });
          const refreshes = () => world.count('POST', '/users/refresh-token');
          const before = refreshes();
          await world.advance(5 * H + 55 * MIN, 5 * MIN);
          for (let i = 0; i < 400 && refreshes() === before; i++) await world.advance(S, S);
          expect(refreshes()).toBe(before + 1); // the control: sent, rotated at the server
          if (stopAfterS) await world.advance(stopAfterS * S, S);
          a.client.stop();
          if (reopenAfterS) await world.advance(reopenAfterS * S, S);
          const b = world.open({ tabId, channel: false, storage: store, retry: 0 });
          // (Read while time runs: a 401 of the sent token waits for the stopped client's answer.)
          if (readAtOnce)
            await world.during(
              b.client.user.getAddress().catch(() => undefined),
              S,
            );
          await world.advance(10 * S, S);
          await world.during(
            b.client.user.getAddress().catch(() => undefined),
            S,
          );
          await world.advance(10 * S, S);
          expect(b.events).not.toContain('sessionExpired');
          expect(b.state()).toBe('signedIn');
          const stored = (await store.get())?.accessToken ?? null;
          const answer = await clientsFor(world.server, stored)
            .auth.getUserProfile()
            .then(
              () => 'live',
              (e: { code?: string }) => e.code,
            );
          expect(answer).toBe('live');
          b.client.stop();
        },
      ),
      {
        numRuns: 20,
        examples: [
          [4, 0, 0, false],
          [4, 0, 0, true],
          [6, 1, 2, true],
        ],
      },
    );
  });
});
