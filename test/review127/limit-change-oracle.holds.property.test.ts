import fc from 'fast-check';
import { restrictionsOf } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { form, freeInfo, H, nowArb, write } from './oracle';

// Review 127: limits with pending changes (spec 2.12 `user_limit_<kind>_change`). Docs: an active
// bet, loss or time limit of 0 bars betting; a looser change applies from the LATEST instant its
// effective_at may mean (naive +10 h, bare date: next midnight +10 h, zoned: exact), a stricter one
// from the EARLIEST (naive -18 h, bare date: its midnight -18 h, zoned: exact). Oracle: the
// player is barred when a bar-by-zero limit is in force at `now` under that timing.

const kindArb = fc.constantFrom('bet', 'loss', 'time');
const zeroForms = fc.constantFrom<unknown>(0, '0', '0.00', ' 0 ', 0.0, '0e0');
const onForms = fc.constantFrom<unknown>(1, '1', '1.00', true, 'true', 'TRUE');
const periodArb = fc.constantFrom('daily', 'weekly', 'monthly');
const edge = fc.constantFrom(-1, 0, 1, -H, H);

describe('limit changes against the docs oracle (review 127)', () => {
  it('a limit of 0 being raised (or switched off) bars until the latest instant the change may mean', () => {
    fc.assert(
      fc.property(
        nowArb,
        kindArb,
        zeroForms,
        onForms,
        periodArb,
        form,
        edge,
        fc.oneof(
          fc.record({ amount: fc.constant(50) }),
          fc.record({ active: fc.constant(0) }),
          fc.record({
            amount: fc.constant(10),
            active: fc.constant(1),
            period: fc.constantFrom('daily', 'weekly', 'monthly'),
          }),
        ),
        fc.boolean(),
        (now, kind, zero, on, period, f, d, change, asString) => {
          const at = write(now + 5 * H, f);
          const info = freeInfo();
          info[`user_limit_${kind}`] = zero;
          info[`user_limit_${kind}_active`] = on;
          info[`user_limit_${kind}_period`] = period;
          const c = { ...change, effective_at: at.text };
          info[`user_limit_${kind}_change`] = asString ? JSON.stringify(c) : c;
          const t = at.latest + d; // the clock on the latest instant's edge
          fc.pre(t < at.latest);
          const r = restrictionsOf(info, t);
          expect(r.canBet).toBe(false);
          expect(r.inForce.map((x) => x.kind)).toContain(`${kind}LimitZero`);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a change to 0 (stricter) bars from the earliest instant its effective_at may mean', () => {
    fc.assert(
      fc.property(
        nowArb,
        kindArb,
        periodArb,
        form,
        edge,
        fc.integer({ min: 0, max: 40 * H }),
        fc.constantFrom<Record<string, unknown>>(
          { amount: 0 },
          { amount: '0.00', active: 1 },
          { amount: 0, period: 'monthly' },
        ),
        fc.constantFrom<[unknown, unknown]>([100, 1], [null, 0], [5, '0'], ['250.00', '1']),
        (now, kind, period, f, d, ahead, change, [amount, active]) => {
          const at = write(now + ahead, f);
          const info = freeInfo();
          info[`user_limit_${kind}`] = amount;
          info[`user_limit_${kind}_active`] = active;
          info[`user_limit_${kind}_period`] = period;
          // A change naming `amount: 0` over an inactive limit must switch it on to be one (active: 1).
          const c = { active: 1, ...change, effective_at: at.text };
          info[`user_limit_${kind}_change`] = JSON.stringify(c);
          const t = at.earliest + d;
          fc.pre(t >= at.earliest && t >= 1e12);
          const r = restrictionsOf(info, t);
          expect(r.canBet).toBe(false);
          expect(r.inForce.map((x) => x.kind)).toContain(`${kind}LimitZero`);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a deposit limit of 0 does not bar betting; active 0 with amount 0 is no limit (docs: free)', () => {
    fc.assert(
      fc.property(nowArb, zeroForms, (now, zero) => {
        const info = freeInfo();
        info.user_limit_deposit = zero;
        info.user_limit_bet = zero;
        info.user_limit_bet_active = 0;
        const r = restrictionsOf(info, now);
        expect({ canBet: r.canBet, known: r.known }).toEqual({ canBet: true, known: true });
      }),
      { numRuns: 200 },
    );
  });
});
