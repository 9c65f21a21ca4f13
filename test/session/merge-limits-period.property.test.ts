import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeLimits } from '../../machines/session/accepted-store';
import { compareLimit } from '../../src/index';

// REVIEW-V 1 (HIGH): two kept records of accepted limits merged kind by kind on the amount alone,
// ignoring the period: monthly 1,000 kept, then daily 100 (looser: up to 3,100 a month, held
// pending by the server) replaced it, so a lagging read let 3,100 a month through where 1,000 is
// in force. Now a kind's record is replaced only by one `compareLimit` proves stricter, whole (no
// record ever takes the other's period).

const NOW = Date.UTC(2026, 10, 30, 15);
const rec = (at: number, f: Record<string, unknown>) => ({ at, fields: f });
const dep = (amount: number, period: string) => ({
  user_limit_deposit: amount,
  user_limit_deposit_active: 1,
  user_limit_deposit_period: period,
});
const setting = (f: Record<string, unknown>) => ({
  amount: f.user_limit_deposit as number,
  period: f.user_limit_deposit_period as 'daily',
  active: f.user_limit_deposit_active as number,
});

describe('mergeLimits compares periods, not amounts alone (REVIEW-V 1)', () => {
  it('monthly 1,000 kept, daily 100 heard: monthly 1,000 stays', () => {
    const merged = mergeLimits(rec(NOW - 1000, dep(1000, 'monthly')), rec(NOW, dep(100, 'daily')), NOW);
    expect(merged?.fields).toMatchObject(dep(1000, 'monthly'));
  });

  it('(property) a record heard never loosens the one kept; a stricter one is taken; one of them whole', () => {
    const one = fc.record({
      amount: fc.integer({ min: 0, max: 5000 }),
      period: fc.constantFrom('daily', 'weekly', 'monthly'),
    });
    fc.assert(
      fc.property(one, one, (a, b) => {
        const x = dep(a.amount, a.period);
        const y = dep(b.amount, b.period);
        const merged = mergeLimits(rec(NOW - 1, x), rec(NOW, y), NOW)!.fields;
        expect([x, y]).toContainEqual(merged);
        expect(compareLimit(setting(x), setting(merged))).not.toBe('looser');
        if (compareLimit(setting(x), setting(y)) === 'stricter') expect(merged).toEqual(y);
      }),
      { numRuns: 500 },
    );
  });
});
