// Old-versus-new equivalence of the limit-order move (src/responsible-gaming/limit-order.ts): the
// core of `compareLimit` (`settingOf`, `TOUCHING`, the comparison, now `within`) in its own module,
// which restrictions.ts's R-4 test is checked against. The oracles are the functions as they stood
// before (99b9e3e), copied with their comments stripped (the amount, period and flag readers, the
// same then as at cc4abd6, from test/szprof-old/restrictions.ts); the properties compare them with the
// shipped ones over generated limits, periods, amounts and pending changes. (`limitOf` asking
// `within` itself would change what it reads: a bare-timestamp change of a limit whose fields are
// absent, `{ user_limit_time_change: '2026-01-01 00:00:00' }`, held 10 h late as shipped, or a
// change of period `within` proves looser, due at its São Paulo reading as shipped.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/errors/validation';
import { type LimitSetting, settingOf, within } from '../../src/responsible-gaming/limit-order';
import { compareLimit } from '../../src/responsible-gaming/limits';
import {
  type LimitKind,
  type LimitState,
  limitOf,
  type PendingLimitChange,
} from '../../src/responsible-gaming/restrictions';
import { type LimitPeriodName, latestTimeOf, parseServerTime } from '../../src/responsible-gaming/time';
import { readBoolean, UNREADABLE } from '../../src/schemas/common';
import { amountOf, limitFlagOf, periodOf } from '../szprof-old/restrictions';

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

const carriedFlag = (v: unknown) => (v === undefined ? UNREADABLE : readBoolean(v));
function changeOf(raw: unknown, late = true): PendingLimitChange | null {
  const timeOf = late ? latestTimeOf : parseServerTime;
  let value = raw as Record<string, unknown> | null;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      const at = timeOf(raw);
      return at === null ? null : { amount: null, period: null, active: null, effectiveAt: at };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const change: PendingLimitChange = {
    amount: amountOf(value.amount),
    period: periodOf(value.period),
    active: limitFlagOf(value.active),
    effectiveAt: timeOf(value.effective_at),
  };
  return Object.values(change).every((v) => v === null) ? null : change;
}
function oldLimitOf(
  info: Record<string, unknown>,
  kind: LimitKind,
  now: number,
  bad: string[] = [],
): LimitState {
  const key = `user_limit_${kind}`;
  const active = carriedFlag(info[`${key}_active`]);
  const limit: LimitState = {
    kind,
    amount: amountOf(info[key]),
    period: periodOf(info[`${key}_period`]),
    active: active === true,
    pendingChange: changeOf(info[`${key}_change`]),
    known: true,
  };
  let change = limit.pendingChange;
  if (
    change &&
    change.active !== false &&
    !(
      (change.active !== true || limit.active) &&
      (change.period ?? limit.period) === limit.period &&
      (change.amount ?? Infinity) >= (limit.amount ?? Infinity)
    )
  )
    change = limit.pendingChange = changeOf(info[`${key}_change`], false);
  const out: LimitState =
    change === null || change.effectiveAt === null || !(change.effectiveAt <= now)
      ? limit
      : {
          ...limit,
          amount: change.amount ?? limit.amount,
          period: change.period ?? limit.period,
          active: change.active ?? limit.active,
          pendingChange: null,
        };
  const wrong = [
    info[key] !== null && limit.amount === null && key,
    active === UNREADABLE && `${key}_active`,
    limit.period === null &&
      (info[`${key}_period`] !== null || (out.period === null && out.active && out.amount !== null)) &&
      `${key}_period`,
  ].filter(Boolean) as string[];
  out.known = wrong.length === 0;
  bad.push(...wrong);
  return out;
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

  it('limitOf: the same limit, pending change and unreadable fields for any limit, change and time', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        kind.chain((k) => fc.tuple(fc.constant(k), limitInfo(k))),
        now,
        ([k, info], at) => {
          const [bad, oldBad] = [[] as string[], [] as string[]];
          const got = limitOf(info, k, at, bad);
          expect(got).toEqual(oldLimitOf(info, k, at, oldBad));
          expect(bad).toEqual(oldBad);
          if (got.pendingChange) seen.add('pending');
          if (oldLimitOf(info, k, NaN).pendingChange && !got.pendingChange) seen.add('applied');
          if (got.known && got.active) seen.add('known active');
        },
      ),
      { numRuns: 20_000 },
    );
    expect([...seen].sort()).toEqual(['applied', 'known active', 'pending']);
  });

  it("R-4's held change is one the shared order proves looser, for a limit that reads", () => {
    // limitOf holds a naive `effective_at` late (latestTimeOf) only for a change that, field by
    // field, does not tighten; for a readable limit `within` (the order compareLimit uses) proves
    // each such change looser or the same. It holds fewer than `within` would (a change of period
    // is due at its São Paulo reading, whatever it allows): the shipped behaviour, kept.
    let held = 0;
    fc.assert(
      fc.property(
        kind.chain((k) => fc.tuple(fc.constant(k), limitInfo(k))),
        ([k, info]) => {
          const bad: string[] = [];
          const before = limitOf(info, k, NaN, bad);
          const c = before.pendingChange;
          const raw = info[`user_limit_${k}_change`];
          const late = changeOf(raw);
          if (!c || !late || c.effectiveAt === changeOf(raw, false)?.effectiveAt || bad.length) return;
          // Held late: the read differs from the São Paulo one, so limitOf chose `late`.
          held++;
          const applied = {
            amount: c.amount ?? before.amount,
            period: c.period ?? before.period,
            active: c.active ?? before.active,
          };
          expect(within(settingOf(before), settingOf(applied))).toBe(true);
        },
      ),
      { numRuns: 20_000 },
    );
    expect(held).toBeGreaterThan(100);
  });
});
