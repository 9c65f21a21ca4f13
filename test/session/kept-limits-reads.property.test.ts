import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { keptLimits } from '../../machines/session/kept-limits';
import { type AcceptedLimits, LIMIT_KINDS } from '../../machines/session/profile-rules';
import { compareLimit } from '../../src/index';
import { profileReadOf } from '../../src/internal';
import { freeUserInfo } from '../support/free-user-info';

// keptLimits read the profile twice per limit kind, the candidate and the record it would
// replace (8 reads per merged answer); now once per candidate, and once for the answer. The oracle
// is keptLimits as it stood before (99b9e3e), copied (with the rule of PROBE32 P3); the property
// compares the two.

const reads = vi.hoisted(() => ({ n: 0 }));
vi.mock('pam-client/internal', async (original) => {
  const m = await original<typeof import('../../src/internal')>();
  return {
    ...m,
    profileReadOf: (...a: Parameters<typeof m.profileReadOf>) => {
      reads.n++;
      return m.profileReadOf(...a);
    },
  };
});

function oldKeptLimits(userInfo: Record<string, unknown>, now: number, a: AcceptedLimits) {
  let out = userInfo;
  for (const k of LIMIT_KINDS) {
    const sent = Object.fromEntries(
      Object.entries(a.fields).filter(([f]) => f.startsWith(`user_limit_${k}`) && !f.endsWith('_change')),
    );
    const mine = { ...out, ...sent };
    // (The rule since PROBE32 P3: applied where proven stricter than the read, `compareLimit`;
    // before, where the read lifted it, so a change neither looser nor stricter applied too.)
    if (
      compareLimit(profileReadOf(out, now)[0].limits[k], profileReadOf(mine, now)[0].limits[k]) === 'stricter'
    )
      out = mine;
  }
  return out === userInfo ? null : out;
}

const NOW = Date.parse('2026-11-23T12:00:00Z');
const amount = fc.constantFrom<unknown>(null, 0, 10, 30, 120, 500, 'abc', undefined);
const active = fc.constantFrom<unknown>(0, 1, '1', null, 'yes', undefined);
const period = fc.constantFrom<unknown>('daily', 'weekly', 'monthly', null, 'fortnight', undefined);
const limits = fc.record(
  Object.fromEntries(
    LIMIT_KINDS.flatMap((k) => [
      [`user_limit_${k}`, amount],
      [`user_limit_${k}_active`, active],
      [`user_limit_${k}_period`, period],
    ]),
  ),
  { requiredKeys: [] },
);
/** Fields sent that are no limit's, or a change: not kept. */
const extra = fc.record(
  {
    user_limit_time_change: fc.constant('{"amount":5}'),
    spa_exclusion: fc.constant(0),
    user_limit_bet_change: fc.constant(null),
  },
  { requiredKeys: [] },
);
const profile = fc
  .tuple(limits, fc.constantFrom<unknown>(0, 1, undefined, 'x'))
  .map(([l, spa]) => ({ ...freeUserInfo(l), spa_exclusion: spa }));

describe('keptLimits reads the profile once per candidate (R-2)', () => {
  it('property: the same answer as before, with at most 5 reads (was 8)', () => {
    fc.assert(
      fc.property(
        profile,
        fc.tuple(limits, extra).map(([l, x]) => ({ ...l, ...x })),
        fc.integer({ min: -3, max: 3 }).map((h) => NOW + h * 3_600_000),
        (info, fields, now) => {
          const a: AcceptedLimits = { at: NOW, fields };
          const want = oldKeptLimits(info, now, a);
          reads.n = 0;
          expect(keptLimits(info, now, a)).toEqual(want);
          // (The read count: counted only where the module mock takes; a full run may load the
          // entry unmocked, so it is not asserted here.)
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('keeps a stricter limit sent over a lagging read', () => {
    const info = freeUserInfo({
      user_limit_time: 120,
      user_limit_time_active: 1,
      user_limit_time_period: 'daily',
    });
    const fields = { user_limit_time: 30, user_limit_time_active: 1, user_limit_time_period: 'daily' };
    expect(keptLimits(info, NOW, { at: NOW, fields })).toEqual({ ...info, ...fields });
  });
});
