import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { restrictionsOf } from '../../src/responsible-gaming/index';
import { freeUserInfo } from '../support/free-user-info';

// REVIEW-O 10: `restrictionsOf(userInfo, now)` with a `now` that is no plausible epoch-ms instant
// (seconds instead of ms, 0, a negative, beyond the Date range, not finite, not a number) showed a
// pause or self-exclusion in force at the real instant as nothing in force: `canBet: true`,
// `known: true`. It cannot judge then: `known: false`, `canBet: false`, and what the profile sets is
// never reported as absent (fail closed).

const D = 86_400_000;
/** A naive timestamp in São Paulo (UTC-3), as a PHP back end writes it. */
const naive = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** A real instant: 2025 to 2100, on whole seconds. */
const real = fc.integer({ min: 1_735_700_000, max: 4_102_444_800 }).map((s) => s * 1000);

/** A profile with a restriction in force at `t`: a 7-day pause or a 6-month self-exclusion, begun before `t`. */
const restricted = (t: number) =>
  fc
    .tuple(fc.constantFrom('pause', 'selfExclusion'), fc.integer({ min: 1, max: 5 * 86_400 }))
    .map(([kind, ago]) => {
      const since = t - ago * 1000;
      return {
        kind,
        info:
          kind === 'pause'
            ? freeUserInfo({
                user_pause: 7,
                user_pause_at: naive(since),
                user_pause_in: naive(since + 7 * D),
              })
            : freeUserInfo({ user_exclusion: 6, user_exclusion_at: naive(since) }),
      };
    });

/** A `now` no plausible epoch-ms instant: `t` in seconds, 0, negatives, beyond the Date range, not finite, not a number. */
const implausible = (t: number) =>
  fc.oneof(
    fc.constantFrom<unknown>(
      Math.floor(t / 1000),
      t / 1000,
      0,
      -0,
      -1,
      -t,
      -1e20,
      1e20,
      8.64e15 + 1,
      -8.64e15,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.NaN,
      null,
      String(t),
      {},
      [t],
      BigInt(t),
      true,
      new Date(t),
    ),
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: 999_999_999_999 }),
    fc.double({ min: 8.64e15, noDefaultInfinity: false }).filter((x) => x > 8.64e15 || Number.isNaN(x)),
  );

describe('restrictionsOf at an implausible `now` (REVIEW-O 10, property)', () => {
  it('never shows a restriction in force at the real instant as absent: unknown, no betting', () => {
    fc.assert(
      fc.property(
        real.chain((t) => fc.tuple(fc.constant(t), restricted(t), implausible(t))),
        ([t, { kind, info }, now]) => {
          // The profile itself reads as restricted at the real instant.
          expect(restrictionsOf(info, t)).toMatchObject({ canBet: false, known: true, inForce: [{ kind }] });
          const r = restrictionsOf(info, now as number);
          expect(r.known).toBe(false);
          expect(r.canBet).toBe(false);
          expect(r.unreadable).toContain('now');
          // Nothing set is reported as absent: the restriction is still listed in force.
          expect(r.inForce.map((x) => x.kind)).toEqual([kind]);
          expect(r.pending).toEqual([]);
          expect(r.accountBlocked).toBe(kind === 'selfExclusion');
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('a device clock at an implausible time (no `now` given) cannot judge either', () => {
    const info = freeUserInfo({
      user_pause: 7,
      user_pause_at: '2026-11-20 10:00:00',
      user_pause_in: '2026-11-27 10:00:00',
    });
    for (const clock of [0, 1_764_000_000, -1]) {
      vi.useFakeTimers({ now: clock });
      try {
        expect(restrictionsOf(info)).toMatchObject({
          canBet: false,
          known: false,
          inForce: [{ kind: 'pause' }],
        });
      } finally {
        vi.useRealTimers();
      }
    }
  });
});
