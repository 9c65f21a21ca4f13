import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptLimits } from '../../machines/session/kept-limits';
import { LIMIT_KINDS, liftsAny } from '../../machines/session/profile-rules';
import { compareLimit } from '../../src/index';
import { profileReadOf } from '../../src/internal';
import { freeUserInfo } from '../support/free-user-info';

// PROBE32 P3, the rules alone: an accepted limit change is taken over a read at once only where it
// is proven stricter than what the read shows (`compareLimit`, the server's rule); a change neither
// looser nor stricter (600 a month -> 30 a day) waits like a looser one. And `liftsAny` counts the
// periods: 30 a day does not keep 600 a month (up to 930 in 31 days), so another tab's reading
// with it is a lift, not a tightening.

const NOW = Date.parse('2026-11-23T12:00:00Z');
type Setting = { amount: number; period: 'daily' | 'weekly' | 'monthly'; active: 0 | 1 };
const setting: fc.Arbitrary<Setting> = fc.record({
  amount: fc.constantFrom(0, 10, 15, 30, 70, 100, 300, 465, 500, 600, 930),
  period: fc.constantFrom('daily', 'weekly', 'monthly'),
  active: fc.constantFrom(0, 1),
});
const fieldsOf = (k: string, s: Setting) => ({
  [`user_limit_${k}`]: s.amount,
  [`user_limit_${k}_period`]: s.period,
  [`user_limit_${k}_active`]: s.active,
});
const asLimit = (s: Setting) => ({ amount: s.amount, period: s.period, active: s.active === 1 });

describe('an accepted limit change over a read (PROBE32 P3)', () => {
  it('600 a month -> 30 a day is not taken early; 600 a month -> 15 a day is', () => {
    const read = freeUserInfo(fieldsOf('deposit', { amount: 600, period: 'monthly', active: 1 }));
    const to = (s: Setting) => ({ at: NOW, fields: fieldsOf('deposit', s) });
    expect(keptLimits(read, NOW, to({ amount: 30, period: 'daily', active: 1 }))).toBeNull();
    expect(keptLimits(read, NOW, to({ amount: 15, period: 'daily', active: 1 }))).toMatchObject({
      user_limit_deposit: 15,
      user_limit_deposit_period: 'daily',
    });
  });

  it('property: each kind is taken exactly when proven stricter than the read', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.constantFrom(...LIMIT_KINDS), setting, setting, (k, held, sent) => {
        const read = freeUserInfo(fieldsOf(k, held));
        const out = keptLimits(read, NOW, { at: NOW, fields: fieldsOf(k, sent) });
        const verdict = compareLimit(asLimit(held), asLimit(sent));
        const neither = verdict === 'looser' && compareLimit(asLimit(sent), asLimit(held)) === 'looser';
        seen.add(neither ? 'neither' : verdict);
        if (verdict === 'stricter') expect(out).toEqual({ ...read, ...fieldsOf(k, sent) });
        else expect(out).toBeNull();
      }),
      {
        numRuns: 1500,
        examples: [
          [
            'deposit',
            { amount: 600, period: 'monthly', active: 1 },
            { amount: 30, period: 'daily', active: 1 },
          ],
          ['time', { amount: 600, period: 'monthly', active: 1 }, { amount: 15, period: 'daily', active: 1 }],
          ['bet', { amount: 100, period: 'daily', active: 1 }, { amount: 100, period: 'daily', active: 1 }],
          ['loss', { amount: 100, period: 'daily', active: 1 }, { amount: 100, period: 'daily', active: 0 }],
        ],
      },
    );
    expect([...seen].sort()).toEqual(['looser', 'neither', 'same', 'stricter']);
  });

  it('property: liftsAny tells a limit not proven kept as a lift, periods counted', () => {
    const seen = new Set<boolean>();
    fc.assert(
      fc.property(fc.constantFrom(...LIMIT_KINDS), setting, setting, (k, o, t) => {
        const ours = profileReadOf(freeUserInfo(fieldsOf(k, o)), NOW)[0];
        const theirs = profileReadOf(freeUserInfo(fieldsOf(k, t)), NOW)[0];
        const lift = o.active === 1 && compareLimit(asLimit(o), asLimit(t)) === 'looser';
        seen.add(lift);
        expect(liftsAny(ours, theirs)).toBe(lift);
      }),
      {
        numRuns: 1500,
        examples: [
          [
            'deposit',
            { amount: 600, period: 'monthly', active: 1 },
            { amount: 30, period: 'daily', active: 1 },
          ],
          [
            'deposit',
            { amount: 600, period: 'monthly', active: 1 },
            { amount: 15, period: 'daily', active: 1 },
          ],
        ],
      },
    );
    expect([...seen].sort()).toEqual([false, true]);
  });
});
