import fc from 'fast-check';
import { missingMandatoryLimits } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { sessionRestrictionsOf } from '../../machines/session/profile-rules';

// One rule for "a mandatory limit is missing" (Portaria SPA/MF 2.579/2025; docs/responsible-gaming.md):
// set means active, with a readable amount and a readable period; anything else, unreadable
// included, is missing (fail closed). The session's view (`restrictions.missingMandatoryLimits`)
// must say what the public `missingMandatoryLimits(userInfo, now)` says of the same profile at the
// same time (its due changes applied): a limit with no period is no limit a player can be held to.

const NOW = Date.parse('2026-11-23T15:00:00Z');
const fieldValue = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(null, '', 'abc', true, false, '1', '0', 0, 1, -1, 0.5, 500, '500', 1e21, Number.NaN),
  fc.constantFrom('daily', 'weekly', 'monthly', 'DAILY', 'yearly', 'day'),
);
const change = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(null, '', '{}', 'not json'),
  fc
    .record(
      {
        amount: fieldValue,
        period: fieldValue,
        active: fieldValue,
        effective_at: fc.constantFrom('2026-11-20 10:00:00', '2026-12-20 10:00:00', '', null, 'garbage'),
      },
      { requiredKeys: [] },
    )
    .map((c) => JSON.stringify(c)),
);
const limitFields = (kind: 'loss' | 'time') =>
  fc.record(
    {
      [`user_limit_${kind}`]: fieldValue,
      [`user_limit_${kind}_period`]: fieldValue,
      [`user_limit_${kind}_active`]: fieldValue,
      [`user_limit_${kind}_change`]: change,
    },
    { requiredKeys: [] },
  );
/** A limit set (active, an amount, a period), with any change: so some profiles set one. */
const setLimit = (kind: 'loss' | 'time') =>
  fc.record({
    [`user_limit_${kind}`]: fc.constantFrom<unknown>(0, 60, '500'),
    [`user_limit_${kind}_period`]: fc.constantFrom('daily', 'weekly', 'monthly'),
    [`user_limit_${kind}_active`]: fc.constantFrom<unknown>(1, true, '1'),
    [`user_limit_${kind}_change`]: change,
  });
const anyLimit = (kind: 'loss' | 'time') => fc.oneof(limitFields(kind), setLimit(kind));
const profile = fc.tuple(anyLimit('loss'), anyLimit('time')).map(([loss, time]) => ({
  spa_exclusion: false,
  operator_exclusion: false,
  user_exclusion: false,
  ...loss,
  ...time,
}));

type Profile = typeof profile extends fc.Arbitrary<infer P> ? P : never;

describe('mandatory limits: one rule for the session and the public function', () => {
  it("the session's missingMandatoryLimits is the public function's on the same profile (due changes applied)", () => {
    let someSet = 0;
    fc.assert(
      fc.property(profile, (info) => {
        const session = sessionRestrictionsOf(info, { readAt: NOW, failed: false, now: NOW });
        const expected = missingMandatoryLimits(info, NOW);
        if (expected.length < 2) someSet += 1;
        expect(session.missingMandatoryLimits).toEqual(expected);
      }),
      // A profile that sets both limits is always tried: the check below is never left to luck.
      {
        numRuns: 2000,
        examples: [
          [
            {
              spa_exclusion: false,
              operator_exclusion: false,
              user_exclusion: false,
              user_limit_loss: '500',
              user_limit_loss_period: 'daily',
              user_limit_loss_active: 1,
              user_limit_loss_change: null,
              user_limit_time: 60,
              user_limit_time_period: 'weekly',
              user_limit_time_active: true,
              user_limit_time_change: null,
            } as Profile,
          ],
        ],
      },
    );
    expect(someSet).toBeGreaterThan(0); // not vacuous: some profiles set a mandatory limit
  });

  it('an active limit with an amount and no period is missing', () => {
    const info = {
      spa_exclusion: false,
      operator_exclusion: false,
      user_exclusion: false,
      user_limit_loss: 500,
      user_limit_loss_period: 'daily',
      user_limit_loss_active: true,
      user_limit_time: 60,
      user_limit_time_active: true,
    };
    const session = sessionRestrictionsOf(info, { readAt: NOW, failed: false, now: NOW });
    expect(session.missingMandatoryLimits).toEqual(['time']);
  });
});
