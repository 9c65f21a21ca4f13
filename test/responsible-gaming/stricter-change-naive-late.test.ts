// REVIEW29A-5 (MED, fail open in a window): a STRICTER limit change the server scheduled, with a
// naive `effective_at`, is applied by the client only at its São Paulo reading. The spec gives naive
// timestamps no zone, and docs/responsible-gaming.md says an API writing naive UTC (Laravel's
// default) reads 3 hours late as São Paulo (up to 17 hours for UTC+14). For a restriction's START
// the client fails closed (in force when it starts within 18 hours of now), and a LOOSER change is
// held to the latest instant it may mean (+10 h); a stricter change gets neither: for up to 17
// hours after the server enforces it, the view shows the looser limit (a time limit feeds play time
// and `canBet`, a bet limit of 0 allows nothing).
import { restrictionsOf } from 'pam-client';
import { describe, expect, test } from 'vitest';
import { defaultLimits } from '../../src/testing/seed';

/** 12:00 in São Paulo (15:00 UTC), 2 Dec 2026. */
const NOW = Date.UTC(2026, 11, 2, 15);

// The spec's defaults (src/testing/seed.ts), every limit set below.
const info: Record<string, unknown> = { ...defaultLimits() };
for (const kind of ['deposit', 'bet', 'loss', 'time']) {
  info[`user_limit_${kind}`] = 120;
  info[`user_limit_${kind}_active`] = 1;
  info[`user_limit_${kind}_period`] = 'daily';
  info[`user_limit_${kind}_change`] = null;
}

describe('REVIEW29A-5: a stricter change due within the naive-time slack', () => {
  // '2026-12-02 14:00:00' is 14:00 in São Paulo (2 h ahead), or 14:00 UTC (1 h ago) from an API
  // writing naive UTC: it may be in force already.
  const change = (amount: number) =>
    JSON.stringify({ amount, period: 'daily', active: 1, effective_at: '2026-12-02 14:00:00' });

  test('a pause starting at that naive instant is already in force (the rule for starts)', () => {
    const r = restrictionsOf(
      { ...info, user_pause: 1, user_pause_at: '2026-12-02 14:00:00', user_pause_in: '2026-12-03 14:00:00' },
      NOW,
    );
    expect(r.inForce.map((x) => x.kind)).toEqual(['pause']);
    expect(r.canBet).toBe(false);
  });

  for (const kind of ['time', 'bet'] as const)
    test(`a ${kind} limit lowered to 0 at that instant shows as applied (fail closed)`, () => {
      const r = restrictionsOf({ ...info, [`user_limit_${kind}_change`]: change(0) }, NOW);
      expect(r.limits[kind].amount).toBe(0);
    });
});
