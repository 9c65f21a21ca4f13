import { describe, expect, it } from 'vitest';
import { restrictionsOf } from '../../src/responsible-gaming/restrictions';
import { freeUserInfo } from '../support/free-user-info';

// Black-box review MED-2 (g2-naive-utc-selfexclusion): an API that writes naive timestamps in UTC
// (Laravel's APP_TIMEZONE=UTC; the spec states no format) puts a self-exclusion or pause made a
// minute ago 3 hours ahead, as we read naive as São Paulo. It was listed as pending and the player
// free to bet. A start at most 18 hours ahead (the widest zone error of a naive timestamp, 17 h, and
// an hour to spare) is in force now; a start further ahead is a scheduled one, still pending.

const NOW = Date.parse('2026-11-23T15:00:00Z'); // 12:00 in São Paulo
const MIN = 60_000;
const H = 3_600_000;
const D = 86_400_000;
/** The bound, as the rule states it (18 h). */
const BOUND = 64_800_000;
/** `ms` written as an API in UTC writes it: naive, no zone. */
const naiveUtc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

describe('a restriction whose start reads at most 18 h ahead is in force (review MED-2)', () => {
  it('a self-exclusion made a minute ago, written in naive UTC, closes the account', () => {
    const r = restrictionsOf(
      freeUserInfo({
        user_exclusion: 3,
        user_exclusion_at: naiveUtc(NOW - MIN),
        user_exclusion_in: null,
        user_exclusion_min: null,
      }),
      NOW,
    );
    // Read as São Paulo, the start is 3 h ahead less a minute.
    expect(r.inForce.map((x) => [x.kind, (x.since ?? 0) - NOW])).toEqual([['selfExclusion', 3 * H - MIN]]);
    expect(r.pending).toEqual([]);
    expect(r).toMatchObject({ canBet: false, accountBlocked: true, known: true });
  });

  it('a pause made a minute ago, written in naive UTC, stops betting', () => {
    const r = restrictionsOf(
      freeUserInfo({
        user_pause: 3,
        user_pause_at: naiveUtc(NOW - MIN),
        user_pause_in: naiveUtc(NOW - MIN + 3 * D),
      }),
      NOW,
    );
    expect(r.inForce.map((x) => x.kind)).toEqual(['pause']);
    expect(r.pending).toEqual([]);
    expect(r).toMatchObject({ canBet: false, accountBlocked: false, known: true });
  });

  it('holds for every zone a naive timestamp may be written in (UTC-12 to UTC+14)', () => {
    for (let zone = -12; zone <= 14; zone++) {
      // The API's wall clock a minute ago, in that zone, without it.
      const wall = naiveUtc(NOW - MIN + zone * H);
      for (const info of [
        { user_exclusion: 6, user_exclusion_at: wall },
        { user_pause: 1, user_pause_at: wall },
      ]) {
        const r = restrictionsOf(freeUserInfo(info), NOW);
        expect(r.canBet, `UTC${zone >= 0 ? '+' : ''}${zone}: ${JSON.stringify(info)}`).toBe(false);
        expect(r.pending).toEqual([]);
      }
    }
  });

  it('the bound is 18 h: at it in force, a second past it pending (a scheduled one)', () => {
    const at = (ms: number) =>
      freeUserInfo({ user_pause: 2, user_pause_at: `${new Date(ms).toISOString()}` });
    const onBound = restrictionsOf(at(NOW + BOUND), NOW);
    expect(onBound.inForce.map((x) => x.kind)).toEqual(['pause']);
    expect(onBound.canBet).toBe(false);
    const past = restrictionsOf(at(NOW + BOUND + 1000), NOW);
    expect(past.inForce).toEqual([]);
    expect(past.pending.map((x) => x.kind)).toEqual(['pause']);
    expect(past.canBet).toBe(true);
  });

  it('a restriction within the bound that already ended is still left out', () => {
    const r = restrictionsOf(
      freeUserInfo({
        user_pause: 1,
        user_pause_at: naiveUtc(NOW - 2 * D),
        user_pause_in: naiveUtc(NOW - 14 * H),
      }),
      NOW,
    );
    // Read as São Paulo, its end is 11 h before now; the latest it may mean (written in UTC-12, and
    // an hour for the clock: REVIEW-K 4) 1 h before now: over.
    expect(r).toMatchObject({ inForce: [], pending: [], canBet: true });
  });
});
