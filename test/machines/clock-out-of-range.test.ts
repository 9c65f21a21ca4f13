// A clock reading that is a finite number but no time a `Date` can hold (beyond ±8.64e15 ms: 1e20,
// -1e20, Number.MAX_VALUE) is a clock that gives no time, like NaN (review 8): `tokenRefreshMachine`
// on `now: () => 1e20` asked ~760 refreshes a second (every due check true, every wait clamped),
// and play time's period key read "daily:NaN-NaN-NaN".
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { readingOf } from '../../machines/clock';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
import { playTimeMachine, selectPlayTime } from '../../machines/playTimeMachine';
import { startTokenRefresh } from '../support/token-refresh';

const MAX_DATE_MS = 8.64e15;
const outOfRange = fc.oneof(
  fc.double({ min: MAX_DATE_MS * 1.000001, max: Number.MAX_VALUE, noNaN: true }),
  fc.double({ min: -Number.MAX_VALUE, max: -MAX_DATE_MS * 1.000001, noNaN: true }),
);

describe('a clock reading beyond what a Date holds', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('is no reading: a typed error (and the range itself reads)', () => {
    fc.assert(
      fc.property(outOfRange, (at) => {
        const read = readingOf(() => at);
        expect(typeof read).toBe('object');
        expect((read as { code?: string }).code).toBe('unexpected');
      }),
    );
    expect(readingOf(() => MAX_DATE_MS)).toBe(MAX_DATE_MS);
    expect(readingOf(() => -MAX_DATE_MS)).toBe(-MAX_DATE_MS);
  });

  it.each([1e20, -1e20, Number.MAX_VALUE, -1e300])(
    'tokenRefreshMachine on a clock reading %s: no refresh storm, the typed error kept',
    async (at) => {
      const a = startTokenRefresh(() => at);
      a.actor.send({ type: 'TOKEN_SAVED', accessToken: 'x' });
      await vi.advanceTimersByTimeAsync(1_000);
      a.actor.send({ type: 'TICK' });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(a.calls()).toBe(0);
      expect(a.actor.getSnapshot().status).toBe('active');
      expect(a.actor.getSnapshot().context.error?.code).toBe('unexpected');
      a.actor.stop();
    },
  );
});

describe('play time on a clock reading beyond what a Date holds', () => {
  it.each([1e20, -1e300])(
    'a serverNow reading %s: nothing counted, the time shown not known, no NaN period',
    (far) => {
      const sim = new SimulatedClock();
      sim.set(Date.parse('2026-11-23T15:00:00Z'));
      let broken = false;
      const actor = createActor(playTimeMachine, {
        clock: sim,
        input: {
          limit: { amount: 10, period: 'daily', active: true },
          store: createMemoryPlayClock(),
          now: () => sim.now(),
          serverNow: () => (broken ? far : sim.now()),
        },
      });
      actor.start();
      for (let t = 0; t < 60_000; t += 1_000) sim.increment(1_000);
      const before = selectPlayTime(actor.getSnapshot())?.usedMs;
      broken = true;
      for (let t = 0; t < 60_000; t += 1_000) sim.increment(1_000);
      const shown = selectPlayTime(actor.getSnapshot());
      expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('NaN');
      expect(shown).toMatchObject({ known: false, reached: true, leftMs: 0 });
      expect(before).toBe(60_000);
      actor.stop();
    },
  );
});
