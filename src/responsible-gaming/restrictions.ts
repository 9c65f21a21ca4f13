import { LIMIT_KINDS, type LimitKind, type LimitState, limitOf } from './limits';
import { brazilPartsOf, brazilTimeToEpoch, parseServerTime } from './time';

/** What keeps a player from betting, weakest last: see `restrictionsOf`. */
export type RestrictionKind = 'pause' | 'selfExclusion' | 'operatorExclusion' | 'spaExclusion';

/** One restriction, in force or pending. Dates are epoch ms. */
export interface Restriction {
  kind: RestrictionKind;
  imposedBy: 'self' | 'operator' | 'spa';
  since: number | null;
  /** When it ends; null when permanent, indefinite or unknown. */
  until: number | null;
  /** A self-exclusion of -1 months: it never ends. */
  permanent: boolean;
  /** An operator or SPA exclusion: no end until whoever imposed it lifts it. */
  indefinite: boolean;
  /** The operator's or SPA's note, as given (never interpreted). */
  note: string | null;
  /** Exclusions close the account; a pause only stops betting. */
  blocksAccount: boolean;
  /** Earliest moment the player may lift it (pause: `_min`, else its end; exclusion: `_min`, else never). */
  earliestLiftAt: number | null;
}

/** Everything `restrictionsOf` derives from a profile's userInfo. */
export interface Restrictions {
  /** Strongest first: SPA > operator > self-exclusion > pause. */
  inForce: Restriction[];
  /** Restrictions whose start is still in the future, strongest first. */
  pending: Restriction[];
  limits: Record<LimitKind, LimitState>;
  /** A restriction in force closes the account (any exclusion). */
  accountBlocked: boolean;
  /** No restriction in force (a pause stops betting too). */
  canBet: boolean;
}

const DAY_MS = 86_400_000;

const isFlagSet = (v: unknown) => v === 1 || v === true || v === '1';
const positive = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
/** A derived date inside the Date range, else null (a stray 3 285 129-month exclusion has no end we can name). */
const timeOrNull = (t: number): number | null => (Number.isFinite(t) && Math.abs(t) <= 8.64e15 ? t : null);
const noteOf = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** `since` plus whole calendar months in São Paulo (an exclusion of N months). */
function addMonths(since: number, months: number): number {
  const p = brazilPartsOf(since);
  return brazilTimeToEpoch(p.year, p.month + months, p.day, p.hour, p.minute, p.second);
}

function pauseOf(info: Record<string, unknown>): Restriction | null {
  const days = positive(info.user_pause);
  if (days === null) return null;
  const since = parseServerTime(info.user_pause_at);
  const until =
    parseServerTime(info.user_pause_in) ?? (since === null ? null : timeOrNull(since + days * DAY_MS));
  return {
    kind: 'pause',
    imposedBy: 'self',
    since,
    until,
    permanent: false,
    indefinite: false,
    note: null,
    blocksAccount: false,
    earliestLiftAt: parseServerTime(info.user_pause_min) ?? until,
  };
}

function selfExclusionOf(info: Record<string, unknown>): Restriction | null {
  const months = info.user_exclusion;
  const permanent = months === -1;
  if (!permanent && positive(months) === null) return null;
  const since = parseServerTime(info.user_exclusion_at);
  const until = permanent
    ? null
    : (parseServerTime(info.user_exclusion_in) ??
      (since === null ? null : timeOrNull(addMonths(since, months as number))));
  return {
    kind: 'selfExclusion',
    imposedBy: 'self',
    since,
    until,
    permanent,
    indefinite: false,
    note: null,
    blocksAccount: true,
    earliestLiftAt: parseServerTime(info.user_exclusion_min),
  };
}

function imposedOf(info: Record<string, unknown>, who: 'operator' | 'spa'): Restriction | null {
  if (!isFlagSet(info[`${who}_exclusion`])) return null;
  return {
    kind: who === 'spa' ? 'spaExclusion' : 'operatorExclusion',
    imposedBy: who,
    since: parseServerTime(info[`${who}_exclusion_at`]),
    until: null,
    permanent: false,
    indefinite: true,
    note: noteOf(info[`${who}_exclusion_note`]),
    blocksAccount: true,
    earliestLiftAt: null,
  };
}

/**
 * The restrictions and limits a profile's `userInfo` holds at `now`, read by the rules in
 * docs/responsible-gaming.md. Pure and total: any input (null, garbage, wrong types) gives an
 * answer, never an exception, and a field that does not say "restricted" never yields a
 * restriction. A restriction that already ended is left out; one that starts later is `pending`.
 * A cancelled account is not in userInfo: the session shows it as its own status.
 *
 * @example
 * const r = restrictionsOf(view.userInfo);
 * if (r.accountBlocked) showBanner(r.inForce[0]); // strongest first
 * else if (!r.canBet) showPause(r.inForce[0]);
 */
export function restrictionsOf(userInfo: unknown, now: number = Date.now()): Restrictions {
  try {
    return derive(userInfo, now);
  } catch {
    // Only a hostile object (a throwing getter, a revoked Proxy) gets here: read it as empty.
    return derive(null, now);
  }
}

function derive(userInfo: unknown, now: number): Restrictions {
  const info: Record<string, unknown> =
    typeof userInfo === 'object' && userInfo !== null ? (userInfo as Record<string, unknown>) : {};
  const at = Number.isFinite(now) ? now : Date.now();
  const inForce: Restriction[] = [];
  const pending: Restriction[] = [];
  // Strongest first, so both lists come out in severity order.
  for (const r of [
    imposedOf(info, 'spa'),
    imposedOf(info, 'operator'),
    selfExclusionOf(info),
    pauseOf(info),
  ]) {
    if (r === null || (r.until !== null && r.until <= at)) continue;
    (r.since !== null && r.since > at ? pending : inForce).push(r);
  }
  const limits = {} as Record<LimitKind, LimitState>;
  for (const kind of LIMIT_KINDS) limits[kind] = limitOf(info, kind, at);
  return {
    inForce,
    pending,
    limits,
    accountBlocked: inForce.some((r) => r.blocksAccount),
    canBet: inForce.length === 0,
  };
}
