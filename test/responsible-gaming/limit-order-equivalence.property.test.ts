// Old-versus-new equivalence of the limit-order move (src/responsible-gaming/limit-order.ts): the
// core of `compareLimit` (`settingOf`, `TOUCHING`, the comparison, now `within`) in its own module.
// The oracle is the function as it stood before (99b9e3e), copied with its comments stripped (the
// amount, period and flag readers, the same then as at cc4abd6, from test/szprof-old/restrictions.ts).
// `limitOf` times a pending change by the same order since REVIEW29A-6: early exactly when
// `compareLimit` proves it stricter or the same (REVIEW29B; below), else late.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/errors/validation';
import { type LimitSetting, settingOf, within } from '../../src/responsible-gaming/limit-order';
import { compareLimit } from '../../src/responsible-gaming/limits';
import { type LimitKind, limitOf } from '../../src/responsible-gaming/restrictions';
import { earliestTimeOf, type LimitPeriodName, latestTimeOf } from '../../src/responsible-gaming/time';
import { readBoolean, UNREADABLE } from '../../src/schemas/common';
import { amountOf, periodOf } from '../szprof-old/restrictions';

// ---- The oracles (99b9e3e) ----

const TOUCHING: Record<LimitPeriodName, Record<LimitPeriodName, number>> = {
  daily: { daily: 1, weekly: 1, monthly: 1 },
  weekly: { daily: 7, weekly: 1, monthly: 2 },
  monthly: { daily: 31, weekly: 6, monthly: 1 },
};
function oldSettingOf(s: LimitSetting): 'none' | 'unknown' | { amount: number; period: LimitPeriodName } {
  if (typeof s !== 'object' || s === null)
    throw new RequestValidationError('compareLimit', [
      { path: [], code: 'invalid_type', message: 'invalid' },
    ]);
  if (s.known === false) return 'unknown';
  const active = readBoolean(s.active ?? true);
  if (active === UNREADABLE) return 'unknown';
  if (active === false || s.amount === null || s.amount === undefined) return 'none';
  const amount = amountOf(s.amount);
  const period = periodOf(s.period);
  return amount === null || period === null ? 'unknown' : { amount, period };
}
function oldCompareLimit(current: LimitSetting, proposed: LimitSetting): 'stricter' | 'looser' | 'same' {
  const [c, p] = [oldSettingOf(current), oldSettingOf(proposed)];
  if (c === 'unknown' || p === 'unknown') return 'looser';
  if (c === 'none' || p === 'none') return c === p ? 'same' : c === 'none' ? 'stricter' : 'looser';
  const newWithinOld = p.amount * TOUCHING[c.period][p.period] <= c.amount;
  const oldWithinNew = c.amount * TOUCHING[p.period][c.period] <= p.amount;
  if (newWithinOld) return oldWithinNew ? 'same' : 'stricter';
  return 'looser';
}

// ---- Generators ----

const BASE = Date.UTC(2026, 0, 1);
const amount = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    undefined,
    0,
    1,
    10,
    70,
    100,
    300,
    310,
    500,
    600,
    '100',
    '1.00',
    'abc',
    -1,
    '',
  ),
  fc.integer({ min: 0, max: 5000 }),
  fc.double(),
);
const active = fc.constantFrom<unknown>(true, false, 0, 1, '1', '0', 'true', 'yes', 2, null, undefined);
const period = fc.constantFrom<unknown>(
  'daily',
  'weekly',
  'monthly',
  ' weekly ',
  'fortnight',
  null,
  undefined,
  7,
);
const when = fc.integer({ min: 0, max: 10 * 86_400 }).map((s) => BASE + s * 1000);
const stamp = fc.tuple(when, fc.constantFrom('', 'Z', '-03:00', '+05:30', '-12:00')).map(
  ([at, zone]) =>
    new Date(at)
      .toISOString()
      .slice(0, 19)
      .replace('T', zone ? 'T' : ' ') + zone,
);
const change = fc.oneof(
  fc.constantFrom<unknown>(undefined, null, '', 'soon', 12, '{"amount":'),
  stamp,
  fc
    .record(
      { amount, period, active, effective_at: fc.oneof(stamp, fc.constantFrom<unknown>(null, 'soon')) },
      { requiredKeys: [] },
    )
    .chain((v) => fc.constantFrom<unknown>(v, JSON.stringify(v))),
);
const kind = fc.constantFrom<LimitKind>('deposit', 'bet', 'loss', 'time');
const limitInfo = (k: LimitKind) =>
  fc.record(
    {
      [`user_limit_${k}`]: amount,
      [`user_limit_${k}_active`]: active,
      [`user_limit_${k}_period`]: period,
      [`user_limit_${k}_change`]: change,
    },
    { requiredKeys: [] },
  );
const now = fc.oneof(
  when.map((t) => t + 36 * 3_600_000),
  when,
  fc.constantFrom(NaN, 0, 8.64e15),
);
const setting = fc.oneof(
  fc.record(
    { amount, period, active, known: fc.option(fc.boolean(), { nil: undefined }) },
    { requiredKeys: ['amount'] },
  ),
  fc.constantFrom<unknown>(null, undefined, 3, 'x'),
) as fc.Arbitrary<LimitSetting>;

const outcome = <T>(f: () => T) => {
  try {
    return { value: f() };
  } catch (e) {
    return { error: e instanceof RequestValidationError ? e.message : String(e) };
  }
};

describe('limit-order: compareLimit and limitOf answer as before the move (property)', () => {
  it('compareLimit: the same answer (or the same RequestValidationError) for any two settings', () => {
    fc.assert(
      fc.property(setting, setting, (c, p) => {
        expect(outcome(() => compareLimit(c, p))).toEqual(outcome(() => oldCompareLimit(c, p)));
      }),
      { numRuns: 20_000 },
    );
  });

  it('limitOf holds a naive change 18 h early exactly when compareLimit proves it stricter or the same, else late (REVIEW29B)', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        kind.chain((k) => fc.tuple(fc.constant(k), limitInfo(k))),
        ([k, info]) => {
          const before = limitOf(info, k, NaN);
          const c = before.pendingChange;
          if (!c) return;
          const raw = info[`user_limit_${k}_change`];
          // Its `effective_at` as sent: a bare timestamp, or the JSON's (as text or an object).
          const record = typeof raw === 'string' ? (raw[0] === '{' ? JSON.parse(raw) : null) : raw;
          const at = record ? (record as { effective_at: unknown }).effective_at : raw;
          const after = {
            amount: c.amount ?? before.amount,
            period: c.period ?? before.period,
            active: c.active ?? before.active,
          };
          // REVIEW29B: early only when proven stricter or the same; values unknown: late.
          const bare = c.amount === null && c.period === null && c.active === null;
          // (The settings as read: a field of the limit unreadable makes it unknown either way.)
          const was = { amount: before.amount, period: before.period, active: before.active };
          const late = bare || compareLimit(was, after) === 'looser';
          seen.add(late ? 'late' : 'early');
          expect(c.effectiveAt).toBe((late ? latestTimeOf : earliestTimeOf)(at));
        },
      ),
      { numRuns: 20_000 },
    );
    expect([...seen].sort()).toEqual(['early', 'late']);
  });
});
