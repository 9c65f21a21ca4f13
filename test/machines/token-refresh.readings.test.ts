// The readings an event carries (`at`, issue 32.3) that the refresh cycle cannot use: not a finite
// number (NaN, Infinity, a string), or later than the machine's own next reading (a caller's clock,
// a forged delivery). Found by the review (REV D1-D3): `TOKEN_SAVED { at: NaN }` stopped the cycle
// for good with a 0 ms timer spinning, `at` far ahead postponed the refresh without end, and
// `REFRESH { at: NaN }` counted the flight as lost at once. An unusable reading is read again from
// the clock, and a save or failure time after a later reading is pulled back to it.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { persistedData, restoreActor } from '../../machines/persistence';
import { tokenRefreshMachine } from '../../machines/tokenRefreshMachine';
import { startTokenRefresh } from '../support/token-refresh';

const S = 1_000;
const START = 1_000_000;
beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => vi.useRealTimers());

const start = (extra: Record<string, unknown> = {}) => startTokenRefresh(() => Date.now(), extra);

const bad = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  '5',
  null,
] as unknown as number[];

describe('tokenRefreshMachine: readings it cannot use', () => {
  it.each(bad)('TOKEN_SAVED { at: %s }: refreshes after the interval, no timer spin', async (at) => {
    const a = start();
    a.actor.send({ type: 'TOKEN_SAVED', accessToken: 'x', at });
    const before = a.events();
    await vi.advanceTimersByTimeAsync(12 * S);
    expect(a.actor.getSnapshot().context.refresh.tokenSavedAt).toBeGreaterThanOrEqual(START);
    expect(a.calls()).toBe(1);
    expect(a.events() - before).toBeLessThan(100);
  });

  it('TOKEN_SAVED { at: a year ahead }: the refresh is postponed by one interval at most', async () => {
    const a = start();
    a.actor.send({ type: 'TOKEN_SAVED', accessToken: 'x', at: Date.now() + 365 * 86_400_000 });
    await vi.advanceTimersByTimeAsync(21 * S);
    expect(a.calls()).toBe(1);
  });

  it('REFRESH { at: NaN } with a 5 s answer: the flight is not lost at once', async () => {
    let calls = 0;
    const failed: string[] = [];
    let refreshed = 0;
    const auth = {
      refreshToken: () => {
        calls += 1;
        return new Promise((r) => setTimeout(() => r({ access_token: 'n' }), 5 * S)) as never;
      },
    };
    const actor = createActor(tokenRefreshMachine, {
      input: { auth, now: () => Date.now(), intervalMs: 3_600 * S, savedAt: Date.now() },
    });
    actor.on('refreshFailed', (e) => failed.push(e.error.code));
    actor.on('tokenRefreshed', () => {
      refreshed += 1;
    });
    actor.start();
    actor.send({ type: 'REFRESH', at: Number.NaN });
    await vi.advanceTimersByTimeAsync(6 * S);
    expect({ calls, failed, refreshed }).toEqual({ calls: 1, failed: [], refreshed: 1 });
  });

  it('input { at: NaN, savedAt }: refreshes on time', async () => {
    const a = start({ savedAt: Date.now(), at: Number.NaN });
    await vi.advanceTimersByTimeAsync(12 * S);
    expect(a.calls()).toBe(1);
  });

  it('stored after TOKEN_SAVED { at: NaN } and restored: refreshes', async () => {
    const a = start();
    a.actor.send({ type: 'TOKEN_SAVED', accessToken: 'x', at: Number.NaN });
    const stored = JSON.parse(JSON.stringify(persistedData(a.actor)));
    a.actor.stop();
    let calls = 0;
    const auth = {
      refreshToken: async () => {
        calls += 1;
        return { access_token: 'y' } as never;
      },
    };
    const b = restoreActor(tokenRefreshMachine, stored, {
      auth,
      now: () => Date.now(),
      intervalMs: 10 * S,
      tickMs: 5 * S,
    }).start();
    await vi.advanceTimersByTimeAsync(12 * S);
    expect(calls).toBe(1);
    b.stop();
  });

  it('any reading on any event (generated): a refresh within an interval and a backoff, no spin', async () => {
    const reading = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(...bad),
      fc.integer({ min: -10 * 365 * 86_400, max: 10 * 365 * 86_400 }).map((s) => START + s * S),
      fc.double(),
    );
    const event = fc.record({ type: fc.constantFrom('TOKEN_SAVED', 'TICK', 'REFRESH'), at: reading });
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 6 }), async (events) => {
        vi.setSystemTime(START);
        const a = start();
        a.actor.send({ type: 'TOKEN_SAVED', accessToken: 'x' });
        for (const e of events) a.actor.send({ ...e, accessToken: 'x' } as never);
        const before = a.calls();
        const seen = a.events();
        // Each event can make one flight lost (a REFRESH read long before the next TICK: seed
        // 1394420018 lost two), and each lost flight is a failure the next try waits out:
        // min(30 s * 2^(n-1), 15 min). A refresh comes within an interval after that backoff.
        const window = 10 * S + Math.min(30 * S * 2 ** (events.length - 1), 15 * 60 * S) + 5 * S;
        await vi.advanceTimersByTimeAsync(window);
        a.actor.stop();
        expect(a.calls()).toBeGreaterThan(before);
        // No spin: a few events per 5 s tick (the TICK, its reading), never a 0 ms loop.
        expect(a.events() - seen).toBeLessThan(4 * (window / (5 * S)) + 50);
      }),
      {
        numRuns: 60,
        ...(process.env.READINGS_SEED
          ? { seed: Number(process.env.READINGS_SEED), path: process.env.READINGS_PATH }
          : {}),
      },
    );
  });
});
