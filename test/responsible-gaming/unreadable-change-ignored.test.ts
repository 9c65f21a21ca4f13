// REVIEW29A-7 (MED, fail open): a limit change that has taken effect but whose amount or period
// cannot be read (`"abc"`, `-5`, `"hourly"`) is dropped field by field: the limit shows its old
// values with `known: true`, and `canBet` stays true. docs/responsible-gaming.md: "A restriction or
// limit field the service sent but that cannot be read makes restrictionsOf(...).known false,
// lists the field in unreadable and makes canBet false". Once such a change applied, the limit's
// amount or period is not known (it may be the stricter one); a change that is no JSON and no time
// at all (`"garbage"`, `42`) is dropped the same way.
import { restrictionsOf } from 'pam-client';
import { describe, expect, test } from 'vitest';
import { defaultLimits } from '../../src/testing/seed';

/** 12:00 in São Paulo (15:00 UTC), 2 Dec 2026. */
const NOW = Date.UTC(2026, 11, 2, 15);
// The spec's defaults (src/testing/seed.ts), every limit set below.
const info: Record<string, unknown> = { ...defaultLimits() };
for (const kind of ['deposit', 'bet', 'loss', 'time']) {
  info[`user_limit_${kind}`] = 100;
  info[`user_limit_${kind}_active`] = 1;
  info[`user_limit_${kind}_period`] = 'daily';
  info[`user_limit_${kind}_change`] = null;
}
const PAST = '2026-12-01 00:00:00';

describe('REVIEW29A-7: an unreadable limit change is unknown, not ignored', () => {
  const changes: Record<string, unknown> = {
    'an applied change of amount "abc"': JSON.stringify({ amount: 'abc', effective_at: PAST }),
    'an applied change of amount -5': JSON.stringify({ amount: -5, effective_at: PAST }),
    'an applied change of period "hourly"': JSON.stringify({ period: 'hourly', effective_at: PAST }),
    'a change that is no JSON and no time': 'garbage',
    'a change that is a number': 42,
  };
  for (const [name, change] of Object.entries(changes))
    test(name, () => {
      const r = restrictionsOf({ ...info, user_limit_time_change: change }, NOW);
      expect(r.limits.time.known).toBe(false);
      expect(r.unreadable).toContain('user_limit_time_change');
      expect(r.canBet).toBe(false);
    });
});
