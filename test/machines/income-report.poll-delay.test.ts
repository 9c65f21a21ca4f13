// reportPollDelayMs writes the core's backoff out for the income report's options (issue 33: the
// machine alone carries no general backoff); it must stay the same function as backoffDelay's.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reportPollDelayMs } from '../../machines/income-report/polling';
import { backoffDelay, clampDelay } from '../../src/http/waiting';

/** The schedule as it was: backoffDelay with the report's options, never under `minDelayMs`. */
const viaBackoff = (o: { polls: number; pollIntervalMs: number; minDelayMs: number }, random: () => number) =>
  clampDelay(
    Math.max(
      backoffDelay(o.polls, {
        baseMs: o.pollIntervalMs,
        factor: 1.5,
        maxMs: 10 * o.pollIntervalMs,
        jitter: 0.2,
        random,
      }),
      o.minDelayMs,
    ),
  );

// Numbers a restored or hand-made context may hold: NaN, infinities, negatives, huge values.
const anyNumber = fc.oneof(
  fc.integer({ min: -5, max: 80 }),
  fc.double({ noDefaultInfinity: false }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, -0, 1e12),
);
// A draw as the machine passes it (`event.roll`): in [0, 1), or missing on an event that has none.
const anyDraw = fc.oneof(
  fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  fc.constantFrom(undefined, false, Number.NaN, 1),
);

describe('reportPollDelayMs', () => {
  it('is backoffDelay with the report options, for every input', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, anyNumber, anyDraw, (polls, pollIntervalMs, minDelayMs, draw) => {
        const o = { polls, pollIntervalMs, minDelayMs };
        expect(reportPollDelayMs(o, draw as number)).toBe(viaBackoff(o, () => draw as number));
      }),
      { numRuns: 2_000 },
    );
  });

  it('is backoffDelay on the schedules a machine runs (2 s base, polls 0-30)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 600_000 }),
        fc.nat(3_600_000),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (polls, pollIntervalMs, minDelayMs, draw) => {
          const o = { polls, pollIntervalMs, minDelayMs };
          expect(reportPollDelayMs(o, draw)).toBe(viaBackoff(o, () => draw));
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
