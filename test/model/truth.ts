// The service's truth in the model-based session test: each player's restrictions as the operator
// holds them, written into the profile answers the way the spec types them or the way a PHP back
// end renders them, and judged at the TRUE server time (never a client's clock). Independent of
// the client's readers on purpose: the model must not share the code it checks.

export const S = 1000;
export const MIN = 60 * S;
export const H = 60 * MIN;
export const DAY = 24 * H;

/** São Paulo keeps UTC−3 all year (no daylight saving since 2019). */
const SP_OFFSET = 3 * H;

/** `ms` as the platform writes a server time: naive `YYYY-MM-DD HH:mm:ss` in São Paulo. */
export function spTime(ms: number): string {
  return new Date(ms - SP_OFFSET).toISOString().slice(0, 19).replace('T', ' ');
}

/** The São Paulo calendar day of `ms` (a day number, for comparisons). */
export const spDay = (ms: number): number => Math.floor((ms - SP_OFFSET) / DAY);

/** A form a PHP back end writes that no reader may take as "no restriction" (issue 26.7). */
export type Oddity = 'pauseEndBeforeStart' | 'halfMonthExclusion';

/** One player's restrictions, as the service holds them. */
export interface PlayerTruth {
  spa: { at: number } | null;
  pause: { at: number; until: number; days: number } | null;
  exclusion: { at: number; until: number | null; months: number } | null;
  deposit: { amount: number; change: { amount: number; effectiveAt: number } | null };
  /** How the next answers are written: the spec's types, or PHP's strings. */
  form: 'spec' | 'php';
  oddity: Oddity | null;
}

export const freshTruth = (): PlayerTruth => ({
  spa: null,
  pause: null,
  exclusion: null,
  deposit: { amount: 100, change: null },
  form: 'spec',
  oddity: null,
});

/** What one answer told the client: the truth as written, and whether every field was readable. */
export interface ReadRecord {
  userId: number;
  /** True server time the server produced the answer. */
  at: number;
  /** Production order (answers of one millisecond are ordered by it). */
  order: number;
  truth: PlayerTruth;
  /** The tab index, and the key of the client (one page load) that read it. */
  tab: number;
  key: number;
}

const n = (v: number, form: PlayerTruth['form']): number | string => (form === 'php' ? String(v) : v);
const money = (v: number, form: PlayerTruth['form']): number | string => (form === 'php' ? v.toFixed(2) : v);

/** The restriction fields of `userInfo` as the service writes them for `t`. */
export function restrictionFields(t: PlayerTruth): Record<string, unknown> {
  const f = t.form;
  const out: Record<string, unknown> = {
    spa_exclusion: n(t.spa ? 1 : 0, f),
    spa_exclusion_at: t.spa ? spTime(t.spa.at) : null,
    spa_exclusion_note: t.spa ? 'Registro SPA' : '',
    operator_exclusion: n(0, f),
    operator_exclusion_at: null,
    operator_exclusion_note: '',
    user_pause: n(t.pause ? t.pause.days : 0, f),
    user_pause_at: t.pause ? spTime(t.pause.at) : null,
    user_pause_in: t.pause ? spTime(t.pause.until) : null,
    user_pause_min: null,
    user_exclusion: n(t.exclusion ? t.exclusion.months : 0, f),
    user_exclusion_at: t.exclusion ? spTime(t.exclusion.at) : null,
    user_exclusion_in: t.exclusion?.until ? spTime(t.exclusion.until) : null,
    user_exclusion_min: null,
    user_limit_deposit: money(t.deposit.amount, f),
    user_limit_deposit_active: n(1, f),
    user_limit_deposit_period: 'daily',
    user_limit_deposit_change: t.deposit.change
      ? JSON.stringify({
          amount: t.deposit.change.amount,
          effective_at: spTime(t.deposit.change.effectiveAt),
        })
      : null,
  };
  if (t.oddity === 'pauseEndBeforeStart') {
    // PHP's rendering of timestamp 0 for an end it lost: a 7-day pause that "ended" in 1969.
    Object.assign(out, {
      user_pause: n(7, f),
      user_pause_at: spTime(Date.UTC(2030, 0, 1)),
      user_pause_in: '1969-12-31 21:00:00',
    });
  }
  if (t.oddity === 'halfMonthExclusion') {
    Object.assign(out, { user_exclusion: '0.5', user_exclusion_at: spTime(Date.UTC(2030, 0, 1)) });
  }
  return out;
}

/** Whether `t` bars betting at true server time `at` (an unreadable field bars: fail closed). */
export function barsAt(t: PlayerTruth, at: number): boolean {
  if (t.oddity !== null || t.spa) return true;
  if (t.pause && t.pause.at <= at && at < t.pause.until) return true;
  if (t.exclusion && t.exclusion.at <= at && (t.exclusion.until === null || at < t.exclusion.until))
    return true;
  return false;
}

/**
 * Whether `t` surely bars betting around `at`: at both ends of `±boundMs`, so a client whose
 * server time is within the stated bound may see a restriction end or start that much early.
 */
export const surelyBars = (t: PlayerTruth, at: number, boundMs: number): boolean =>
  barsAt(t, at - boundMs) && barsAt(t, at + boundMs);

/** Whether `t` surely leaves betting free around `at` (the other side of the same tolerance). */
export const surelyFree = (t: PlayerTruth, at: number, boundMs: number): boolean =>
  !barsAt(t, at - boundMs) && !barsAt(t, at + boundMs);

export const cloneTruth = (t: PlayerTruth): PlayerTruth => structuredClone(t);
