// A pause or self-exclusion is told to the session with the time it was sent on the server's clock
// (`sent`: a read shows it by a restriction starting then or later). A clock that gives no time (it
// throws, or gives NaN, ±Infinity, a reading beyond ±8.64e15) gives no `sent`: any restriction of
// its kind then shows it. Before, a NaN `sent` was told, and no read could ever show the change (the
// player stayed barred until the kept record lapsed), a judgment made from a non-reading.
import fc from 'fast-check';
import { createAuthModule, createMemoryTokenStore, createOfetchAdapter, type UserModule } from 'pam-client';
import { sessionMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { withProfileRecheck } from '../../machines/client/session-facade';

function toldWith(serverNow: () => number) {
  const tokens = createMemoryTokenStore();
  const http = createOfetchAdapter({ baseURL: 'http://127.0.0.1:9', getAccessToken: async () => null });
  const actor = createActor(sessionMachine, {
    input: { auth: createAuthModule(http), tokens, environment: { serverNow } },
  });
  const told: { type: string; restricts?: unknown; sent?: unknown }[] = [];
  const session = { getSnapshot: () => actor.getSnapshot(), send: (ev: never) => told.push(ev) };
  const user = { setTimeoutLimits: async () => ({ ok: true }) } as unknown as UserModule;
  const wrapped = withProfileRecheck(user, () => session as never);
  return { told, call: wrapped.setTimeoutLimits as (p: object) => Promise<unknown> };
}

const noTime = fc.oneof(
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e20, -1e16),
  fc.double({ min: 8.7e15, noNaN: true }),
);

describe('the time a restricting call was sent is a reading or nothing', () => {
  it('a clock that gives no time tells no `sent`', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          noTime.map((v) => () => v),
          fc.constant(() => {
            throw new Error('clock down');
          }),
        ),
        async (clock) => {
          const { told, call } = toldWith(clock as () => number);
          await call({ user_pause: 1, reason: 1 });
          expect(told.map((t) => t.type)).toEqual(['PROFILE_CHANGED']);
          expect(told[0]).not.toHaveProperty('sent');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a reading is told as it is', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 4_102_444_800_000 }), async (at) => {
        const { told, call } = toldWith(() => at);
        await call({ user_pause: 1, reason: 1 });
        expect(told.map((t) => [t.type, t.sent])).toEqual([['PROFILE_CHANGED', at]]);
      }),
      { numRuns: 60 },
    );
  });
});
