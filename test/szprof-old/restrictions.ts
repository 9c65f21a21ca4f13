// The SZPROF oracle of src/responsible-gaming/restrictions.ts (issue 33, eleventh pass):
// `restrictionsOf` as it stood before the cut (cc4abd6, with the eleventh pass's REVIEW-L fix 1
// applied: an end short of its length; REVIEW-K 4 / REVIEW-J: a naive date holds until the latest
// it may mean, 10 h on, and an unreadable `_min` is unknown; the thirteenth pass's rule: an absent
// (undefined) restriction flag or limit field (`user_limit_<kind>`, `_active`, `_period`) is
// unreadable, null is "not set"; REVIEW-R R-7: an active limit with an amount and no readable
// period, as due, is unknown; REVIEW-R R-4: a surely looser pending change's naive time holds 10 h
// on, any other's not; REVIEW29A-1, -5, -6, -7: a bet or loss limit of 0 in force, a change timed
// by compareLimit, 18 h early unless proven looser, an unreadable change unknown; REVIEW29B: 18 h
// early only when proven stricter or the same, else 10 h on; REVIEW30 R30-1: a bare date holds
// 10 h after its day (`late`), R30-5: an end passed before its earliest lift is unknown; review 87: a
// change timed at or before 1970-01-02 is unreadable), copied with its
// comments stripped. Its amount, period and flag readers are
// limit-order-equivalence's oracle's too (the same code at 99b9e3e): one copy.
import type { LimitKind, LimitState, Restriction, Restrictions } from '../../src/responsible-gaming/index';
import { compareLimit } from '../../src/responsible-gaming/limits';
import {
  brazilPartsOf,
  brazilTimeToEpoch,
  type LimitPeriodName,
  offsetOf,
} from '../../src/responsible-gaming/time';
import { readBoolean, readNumber, UNREADABLE } from '../../src/schemas/common';
import { late, oldParseServerTime } from './time';

const DAY_MS = 86_400_000;

const START_SLACK_MS = 64_800_000;

const EXCLUSION_MONTHS: ReadonlySet<number> = new Set([0, 3, 6, 12, 24, 36, 60, -1]);
const isPauseDays = (n: number): boolean => Number.isInteger(n) && n >= 0 && n <= 45;

const ZERO_DATE_FLOOR = DAY_MS;
const dateSent = (v: unknown) => v !== undefined && v !== null && v !== '';

const isZeroDate = (v: unknown) =>
  v === 0 || (typeof v === 'string' && /^(?:0|0{4}-00-00(?:[T ]00:00(?::00)?)?)$/.test(v.trim()));

const ahead = (info: Record<string, unknown>, field: string, suffixes: string[], now: number) =>
  suffixes.some((x) => {
    const v = info[field + x];
    if (!dateSent(v) || isZeroDate(v)) return false;
    const t = oldParseServerTime(v);
    return t === null || t + late(v) > now;
  });

const timeOrNull = (t: number): number | null => (Number.isFinite(t) && Math.abs(t) <= 8.64e15 ? t : null);
const noteOf = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

// (Review 127, fifty-eighth pass: months as late as São Paulo's, UTC's or the written zone's count.)
function addMonths(since: number, months: number, at?: unknown): number {
  const p = brazilPartsOf(since);
  const inZone = (offset: number) => {
    const d = new Date(since + offset * 60_000);
    d.setUTCMonth(d.getUTCMonth() + months);
    return d.getTime() - offset * 60_000;
  };
  return Math.max(
    brazilTimeToEpoch(p.year, p.month + months, p.day, p.hour, p.minute, p.second),
    inZone(0),
    inZone(offsetOf(at) ?? 0),
  );
}

function selfOf(
  info: Record<string, unknown>,
  field: 'user_pause' | 'user_exclusion',
  bad: string[],
  now: number,
): Restriction | null {
  const pause = field === 'user_pause';
  const v = info[field] === undefined ? UNREADABLE : readNumber(info[field]);
  const n =
    v === UNREADABLE ? null : v === null ? 0 : (pause ? isPauseDays(v) : EXCLUSION_MONTHS.has(v)) ? v : null;
  if (n === null || (n === 0 && ahead(info, field, ['_at', '_in', '_min'], now))) bad.push(field);
  if (!n) return null;
  const at = info[`${field}_at`];
  const since = oldParseServerTime(at);
  const minAt = info[`${field}_min`];
  const lift = oldParseServerTime(minAt);
  if (dateSent(minAt) && (lift === null || lift <= ZERO_DATE_FLOOR)) {
    bad.push(`${field}_min`);
    return null;
  }
  let until: number | null = null;
  const end = info[`${field}_in`];
  if (n > 0) {
    until = oldParseServerTime(end);
    const wrong =
      dateSent(at) && (since === null || since <= ZERO_DATE_FLOOR)
        ? `${field}_at`
        : (dateSent(end) && (until === null || until <= ZERO_DATE_FLOOR)) ||
            (since !== null &&
              until !== null &&
              (until <= since || until < since + (pause ? n - 1 : n * 28) * DAY_MS))
          ? `${field}_in`
          : null;
    if (wrong) {
      bad.push(wrong);
      return null;
    }
    if (until !== null) until += late(end);
    else if (since !== null)
      until = timeOrNull((pause ? since + n * DAY_MS : addMonths(since, n, at)) + late(at));
  }
  const min = lift === null ? null : lift + late(minAt);
  const earliestLiftAt = pause ? (min ?? until) : min;
  if (until !== null && earliestLiftAt !== null && until <= now && earliestLiftAt > now) {
    bad.push(`${field}${dateSent(end) ? '_in' : '_at'}`);
    return null;
  }
  return {
    kind: pause ? 'pause' : 'selfExclusion',
    imposedBy: 'self',
    since,
    until,
    permanent: n === -1,
    indefinite: false,
    note: null,
    blocksAccount: !pause,
    earliestLiftAt,
  };
}

function imposedOf(
  info: Record<string, unknown>,
  who: 'operator' | 'spa',
  bad: string[],
  now: number,
): Restriction | null {
  const raw = info[`${who}_exclusion`];
  const flag = raw === undefined ? UNREADABLE : readBoolean(raw);
  if (flag === UNREADABLE || (!flag && ahead(info, `${who}_exclusion`, ['_at'], now)))
    bad.push(`${who}_exclusion`);
  if (flag !== true) return null;
  return {
    kind: who === 'spa' ? 'spaExclusion' : 'operatorExclusion',
    imposedBy: who,
    since: oldParseServerTime(info[`${who}_exclusion_at`]),
    until: null,
    permanent: false,
    indefinite: true,
    note: noteOf(info[`${who}_exclusion_note`]),
    blocksAccount: true,
    earliestLiftAt: null,
  };
}

export function oldRestrictionsOf(userInfo: unknown, now: number = Date.now()): Restrictions {
  try {
    return derive(userInfo, now);
  } catch {
    return {
      ...derive(null, now),
      accountBlocked: true,
      canBet: false,
      known: false,
      unreadable: ['userInfo'],
    };
  }
}

function derive(userInfo: unknown, now: number): Restrictions {
  const info: Record<string, unknown> =
    typeof userInfo === 'object' && userInfo !== null ? (userInfo as Record<string, unknown>) : {};
  const at = Number.isFinite(now) ? now : Date.now();
  const inForce: Restriction[] = [];
  const pending: Restriction[] = [];
  const unreadable: string[] = [];
  for (const r of [
    imposedOf(info, 'spa', unreadable, at),
    imposedOf(info, 'operator', unreadable, at),
    selfOf(info, 'user_exclusion', unreadable, at),
    selfOf(info, 'user_pause', unreadable, at),
  ]) {
    if (r === null || (r.until !== null && r.until <= at)) continue;
    const endless = r.permanent || r.indefinite;
    (r.since !== null && r.since > at + START_SLACK_MS && !endless ? pending : inForce).push(r);
  }
  const limits = {} as Record<LimitKind, LimitState>;
  for (const kind of LIMIT_KINDS) limits[kind] = limitOf(info, kind, at, unreadable);
  // REVIEW29A-1: an active bet or loss limit of 0 allows no bet; review 116 (a change of the
  // current code, carried into this oracle): nor a time limit of 0 any play.
  for (const kind of ['bet', 'loss', 'time'] as const)
    if (limits[kind].active && limits[kind].amount === 0)
      inForce.push({
        kind: `${kind}LimitZero`,
        imposedBy: 'self',
        since: null,
        until: null,
        permanent: false,
        indefinite: true,
        note: null,
        blocksAccount: false,
        earliestLiftAt: null,
      });
  return {
    inForce,
    pending,
    limits,
    accountBlocked: inForce.some((r) => r.blocksAccount) || unreadable.some((f) => f.includes('exclusion')),
    canBet: inForce.length === 0 && unreadable.length === 0,
    known: unreadable.length === 0,
    unreadable,
  };
}

export const LIMIT_KINDS: readonly LimitKind[] = ['deposit', 'bet', 'loss', 'time'];

export const amountOf = (v: unknown): number | null => {
  const n = readNumber(v);
  return typeof n === 'number' && n >= 0 ? n : null;
};
export const periodOf = (v: unknown): LimitPeriodName | null => {
  const t = typeof v === 'string' ? v.trim() : v;
  return t === 'daily' || t === 'weekly' || t === 'monthly' ? t : null;
};
export const limitFlagOf = (v: unknown): boolean | null => {
  const b = readBoolean(v);
  return b === UNREADABLE ? null : b;
};

type OracleChange = {
  amount: number | null;
  period: LimitPeriodName | null;
  active: boolean | null;
  at: unknown;
};
const BAD = Symbol('unreadable');
// Review 87 (fifty-third pass): a change's time at or before 1970-01-02 (PHP's zero dates) is none.
const dated = (v: unknown) => (oldParseServerTime(v) ?? 0) > ZERO_DATE_FLOOR;
function changeOf(raw: unknown): OracleChange | null | typeof BAD {
  if (raw === undefined || raw === null || raw === '') return null;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return !dated(raw) ? BAD : { amount: null, period: null, active: null, at: raw };
    }
  }
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return BAD;
  const v = value as Record<string, unknown>;
  const sent = (x: unknown) => x !== undefined && x !== null;
  if (![v.amount, v.period, v.active, v.effective_at].some(sent)) return null;
  const flag = sent(v.active) ? readBoolean(v.active) : null;
  const change = {
    amount: sent(v.amount) ? amountOf(v.amount) : null,
    period: sent(v.period) ? periodOf(v.period) : null,
    active: flag === UNREADABLE ? null : flag,
    at: v.effective_at,
  };
  if (
    (sent(v.amount) && change.amount === null) ||
    (sent(v.period) && change.period === null) ||
    flag === UNREADABLE ||
    !dated(v.effective_at)
  )
    return BAD;
  return change;
}

function limitOf(
  info: Record<string, unknown>,
  kind: LimitKind,
  now: number,
  bad: string[] = [],
): LimitState {
  const key = `user_limit_${kind}`;
  const rawActive = info[`${key}_active`];
  const active = rawActive === undefined ? UNREADABLE : readBoolean(rawActive);
  const limit: LimitState = {
    kind,
    amount: amountOf(info[key]),
    period: periodOf(info[`${key}_period`]),
    active: active === true,
    pendingChange: null,
    known: true,
  };
  const wrong = [
    info[key] !== null && limit.amount === null && key,
    active === UNREADABLE && `${key}_active`,
    info[`${key}_period`] !== null && limit.period === null && `${key}_period`,
  ].filter(Boolean) as string[];
  const change = changeOf(info[`${key}_change`]);
  let changeBad = change === BAD;
  let applied = limit;
  if (change !== null && change !== BAD) {
    const after = {
      amount: change.amount ?? limit.amount,
      period: change.period ?? limit.period,
      active: change.active ?? limit.active,
    };
    // REVIEW29A-5, -6, REVIEW29B: proven stricter or the same (compareLimit, amount, period and
    // flag together): 18 h early; anything else (looser, incomparable, values unknown): 10 h on;
    // a zoned time: exact.
    const unknownValues = change.amount === null && change.period === null && change.active === null;
    const looser = unknownValues || compareLimit(limit, after) === 'looser';
    const t = oldParseServerTime(change.at)!;
    const naive = late(change.at) > 0;
    const effectiveAt = naive ? (looser ? t + late(change.at) : t - START_SLACK_MS) : t;
    limit.pendingChange = {
      amount: change.amount,
      period: change.period,
      active: change.active,
      effectiveAt,
    };
    if (effectiveAt <= now) {
      applied = { ...limit, ...after, pendingChange: null };
      // Values unknown (a bare timestamp) once due: the limit is unknown (REVIEW29A-7).
      if (change.amount === null && change.period === null && change.active === null) changeBad = true;
    }
  }
  const periodLess = applied.active && applied.amount !== null && applied.period === null;
  if (periodLess && !wrong.includes(`${key}_period`)) wrong.push(`${key}_period`);
  if (changeBad) wrong.push(`${key}_change`);
  applied.known = wrong.length === 0;
  bad.push(...wrong);
  return applied;
}
