// One play clock per origin, shared by every tab through a store (localStorage by default, kept by
// playTimeMachine.ts): the record and the arithmetic of a beat, pure. Each
// tab's heartbeat adds the time since the LAST beat of ANY tab (`lastBeat` is shared), so with
// several tabs open on one clock the count moves at wall-clock speed, never faster. A gap between
// beats longer than `maxGapMs` (the device slept, the browser froze every tab, no tab was open)
// adds nothing.
// Timestamps from another clock (issue 18 defect 3): a tab whose clock runs ahead or behind, or a
// stored `lastBeat` in the future, must never stop the count. So each tab also measures its own
// beat-to-beat interval on its own clock (`own`, trusted for its length only); when the shared
// `lastBeat` cannot be placed on this tab's clock (it is in the future, or too far back), the tab
// adds its own interval. Two tabs on clocks that disagree may then both count the same minute:
// fail closed, the alerts come early, never late. The record also keeps the count of one other
// period, so a tab whose clock is already in tomorrow does not reset today's count. Every beat is
// counted in the São Paulo day, week and month alike (`kinds`, each rolled on its own boundary),
// whatever the limit's period, so a change of the limit's period reads the new period's count as
// is. A record stored before `kinds` carries the counts that may overlap the new period into it
// (`carried`: what it proves, failing closed).
// localStorage has no compare-and-set: two tabs beating in the same millisecond can lose or double
// one beat's worth of time (at most `beatMs`), which we accept.

import type { LimitPeriodName } from 'pam-client';
import { type PlayPeriod, playPeriodOf } from 'pam-client/internal';

/** The time used in one period. */
export interface PlayClockCount {
  periodKey: string;
  usedMs: number;
}

/**
 * What the store keeps: the newest period counted and the time used in it, the last beat of any
 * tab, and (`other`) the count of one more period, kept while tabs whose clocks disagree are on
 * both sides of a period's end.
 */
export interface PlayClockRecord extends PlayClockCount {
  /** Epoch ms of the last heartbeat of any tab (on that tab's clock); null before the first. */
  lastBeat: number | null;
  /**
   * Where the count started again: a beat that could place neither `lastBeat` nor a beat of its own
   * (a new page, or a tab after a sleep: the mark looked further back than a gap) moved the mark to
   * here, so a tab whose own interval began before it counts the part before it too. None once such
   * a tab beat, or a gap after it.
   */
  since?: number;
  other?: PlayClockCount | null;
  /**
   * The counts of each kind of period (the São Paulo day, week and month), whatever the limit's
   * period: the newest period of the kind and (`other`) one more. The fields above are the
   * limit's kind's. None in a record stored before them.
   */
  kinds?: Partial<Record<LimitPeriodName, PlayClockCount & { other?: PlayClockCount | null }>>;
  /**
   * How far the server's time may be behind the last beat's `serverNow()` (ms, a tab whose clock
   * lost its trust: docs/time.md); every tab's next beat counts in the period there as well.
   */
  behind?: number;
  /**
   * `lastBeat` on the server's time, as the tab that wrote it knew it (the earliest it may be:
   * less the `behind` it read, so a mark is never placed late): a tab whose steady clock
   * is hours off another's (one opened after the device clock was stepped back, its base the
   * stepped wall) places the mark by it (`onClock`), so tabs of one device count each minute once.
   */
  server?: number;
}

/** The counts of one kind of period: the newest period counted and (`other`) one more. */
type PlayClockKind = PlayClockCount & { other?: PlayClockCount | null };

export const KINDS: LimitPeriodName[] = ['daily', 'weekly', 'monthly'];

/** Where the tabs of one origin share their play clock. `read` answers null for nothing or garbage. */
export interface PlayClockStore {
  /** The record, or null for none (or garbage). */
  read(): PlayClockRecord | null;
  /** Replaces the record. */
  write(record: PlayClockRecord): void;
}

/**
 * A record read from anywhere, or null when it is not one (never throws). `heard`: told by another
 * tab, where a count longer than its period is none.
 */
export function playClockRecordOf(value: unknown, heard?: boolean): PlayClockRecord | null {
  const count = countsOf(value, heard);
  if (!count) return null;
  const { lastBeat, since, behind, kinds, server } = value as {
    lastBeat: number;
    since: number;
    behind: number;
    kinds: unknown;
    server?: number;
  };
  // Each kind's counts, where their newest period is of that kind (else none: carried).
  const each = KINDS.flatMap((k) => {
    const c = countsOf((kinds as Record<string, unknown> | null)?.[k], heard);
    return c && kindOf(c.periodKey) === k ? [[k, c] as const] : [];
  });
  // Number.isFinite is false for anything but a finite number.
  return {
    ...count,
    lastBeat: Number.isFinite(lastBeat) ? lastBeat : null,
    ...(Number.isFinite(since) && { since }),
    ...(behind > 0 && Number.isFinite(behind) && { behind }),
    ...(each.length > 0 && { kinds: Object.fromEntries(each) }),
    ...(Number.isFinite(server) && { server }),
  };
}

/**
 * `record` as this tab's clock reads it at `now` (its server time `server`): a mark it cannot place
 * (further than a gap from `now`: another tab's steady clock, hours apart after a step back of the
 * device clock) that its server time places is moved there, `since` with it; otherwise as is. Two
 * tabs that each count their own interval count every minute twice (fail closed, but the limit
 * comes early). Pure.
 */
export function onClock(
  record: PlayClockRecord | null,
  now: number,
  server: number,
  maxGapMs: number,
): PlayClockRecord | null {
  const r = record as PlayClockRecord & { server: number; lastBeat: number };
  // How far the server's time moves the mark (NaN: no server time).
  const by = r?.server - server + now - r?.lastBeat;
  return Math.abs(r?.server - server) <= maxGapMs && !(Math.abs(r.lastBeat - now) <= maxGapMs)
    ? { ...r, lastBeat: r.lastBeat + by, ...(r.since !== undefined && { since: r.since + by }) }
    : record;
}

/** A count and the `other` it keeps, or null when it is not one. */
function countsOf(value: unknown, heard?: boolean): PlayClockKind | null {
  const count = countOf(value, heard);
  const second = count && countOf((value as { other: unknown }).other, heard);
  return count && (second ? { ...count, other: second } : count);
}

function countOf(value: unknown, heard?: boolean): PlayClockCount | null {
  if (typeof value !== 'object' || value === null) return null;
  const { periodKey, usedMs } = value as { periodKey: unknown; usedMs: number };
  if (typeof periodKey !== 'string' || periodKey.length > 40) return null; // a key longer than any period's is garbage
  // Heard from another tab (`heard`), a count longer than its period (its São Paulo days and an
  // hour) is impossible: no record (a forged one on the cross-tab channel barred the player for the
  // period, REVIEW-AB AB-3). Not so in the store: a count carried whole into a shorter period
  // (`carried`, failing closed) may be longer. A key it cannot read keeps any finite count (NaN).
  const [first, end] = spanOf(periodKey);
  if (!Number.isFinite(usedMs) || usedMs < 0 || (heard && usedMs > end - first + 3_600_000)) return null;
  return { periodKey, usedMs };
}

/** The time a record holds for `periodKey` (0 when it holds none). Pure. */
export function usedIn(record: PlayClockRecord | null, periodKey: string): number {
  const of = (c: PlayClockKind | null | undefined) =>
    c?.periodKey === periodKey ? c.usedMs : c?.other?.periodKey === periodKey ? c.other.usedMs : 0;
  return Math.max(of(record), of(record?.kinds?.[kindOf(periodKey) as LimitPeriodName]));
}

/**
 * `record` with each of its counts raised to what `heard` (another tab's record, told on the
 * cross-tab channel: tabs with no `localStorage` share none) holds for that period: never lowered;
 * none: `heard`. A heard count holds the time up to the heard `lastBeat`: when that mark is later
 * than this record's and can be placed at `now` (`placed`), the record takes it, its own newest
 * counts carried up to it first (this tab was open meanwhile: within a gap), so the next beat counts
 * on from there, each minute once (REVIEW-AB AB-1: from its own earlier mark, two tabs counted the
 * time between twice). `behind` the larger. A period this tab did not count in yet takes the other
 * tab's count at the next one it tells. Pure.
 */
export function merged(
  record: PlayClockRecord | null,
  heard: PlayClockRecord,
  now: number,
  maxGapMs: number,
): PlayClockRecord {
  if (!record) return heard;
  const mark = placed(heard.lastBeat, now, maxGapMs);
  const last = record.lastBeat ?? NaN;
  // (Not from a later period than this record's: its count there is not held here yet, and the
  // time from the period's start to the mark would go uncounted until the next one it tells.)
  const later = mark !== null && !(mark <= last) && heard.periodKey <= record.periodKey;
  const shift = later && mark - last <= maxGapMs ? mark - last : 0;
  const up = <C extends PlayClockKind>(c: C, by = 0): C => ({
    ...c,
    usedMs: Math.max(c.usedMs + by, usedIn(heard, c.periodKey)),
    ...(c.other && { other: up(c.other) }),
  });
  return {
    ...up(record, shift),
    ...(later && { lastBeat: mark }),
    kinds:
      record.kinds && Object.fromEntries(Object.entries(record.kinds).map(([k, c]) => [k, up(c, shift)])),
    ...((heard.behind as number) > (record.behind ?? 0) && { behind: heard.behind }),
  };
}

/**
 * The store's record (`stored`) joined with this tab's (`mine`, holding heard records taken in
 * memory since its last write): `merged` into the one counting the later period (a period the other
 * did not count in yet is kept whole), else into this tab's, so a later mark of the store's carries
 * this tab's counts up to it (it was open meanwhile). `own` (this tab's last beat) with nothing
 * heard since (`mine` is its record): into the store's whatever its period, whose marks are the
 * ones every tab moved (this tab's own later mark, kept over a store's another tab moved back to
 * its `now`, counted the time between twice: the skew tests). Either way this tab's counts are
 * held (`room`) and none lowered: a store cleared, or written lower or a day ahead, brought a tab
 * past the limit back under it (review 94). None stored: this tab's. Pure.
 */
export const joined = (
  stored: PlayClockRecord | null,
  mine: PlayClockRecord,
  now: number,
  maxGapMs: number,
  own?: { periodKey?: string; heard?: boolean } | null,
): PlayClockRecord =>
  (own && !own.heard) || (stored?.periodKey as string) > mine.periodKey || !stored
    ? merged(stored && room(stored, mine, own?.periodKey), mine, now, maxGapMs)
    : merged(mine, stored, now, maxGapMs);

/**
 * `stored` holding this tab's periods of each kind (`mine`'s), for `merged` to raise to this tab's
 * counts: the newest period of either, and as `other` the one this tab counted in last (`counted`),
 * else its newest other one (none: the store's). A record of the next day that kept none of today
 * (another script's, a fresh tab's ahead after the store was cleared) read today's count as 0 in
 * this tab. What it leaves out, `beat` in this tab drops all the same (it keeps the newest count and
 * the one it counts in). Pure.
 */
function room(stored: PlayClockRecord, mine: PlayClockRecord, counted = ''): PlayClockRecord {
  const of = <C extends PlayClockKind>(c: C, m: PlayClockKind | undefined): C => {
    if (!m || kindOf(c.periodKey) !== kindOf(m.periodKey)) return c;
    // (Of this kind only: a key that sorts after every period's, garbage, is no period.)
    const keys = (k: PlayClockKind) =>
      [k.periodKey, k.other?.periodKey ?? ''].filter((key) => kindOf(key) === kindOf(m.periodKey));
    const top = [...keys(c), ...keys(m)].sort().pop() as string;
    const next = (k: PlayClockKind) => keys(k).filter((key) => key !== top);
    const mineNext = next(m).sort();
    const other = (mineNext.includes(counted) ? counted : mineNext.pop()) ?? next(c).sort().pop();
    const at = (periodKey: string) => ({ periodKey, usedMs: usedIn(c as never, periodKey) });
    const { other: _, ...rest } = c;
    return { ...rest, ...at(top), ...(other && { other: at(other) }) } as C;
  };
  const kinds = stored.kinds as Record<string, PlayClockKind> | undefined;
  return {
    ...of(stored, mine),
    ...(kinds && {
      kinds: Object.fromEntries(
        Object.entries(kinds).map(([k, c]) => [k, of(c, mine.kinds?.[k as LimitPeriodName])]),
      ),
    }),
  };
}

/** The kind of a period key (`daily`, `weekly`, `monthly`): keys of one kind sort by time. */
const kindOf = (key: string) => key.slice(0, key.indexOf(':'));

/** The São Paulo calendar days a period key spans, as UTC dates [first, end); NaN for garbage. */
function spanOf(key: string): [number, number] {
  const [kind, ...date] = key.split(/[:-]/);
  const [y = NaN, m = NaN, d = 1] = date.map(Number);
  const day = (n: number) => Date.UTC(y, m - 1, d + n);
  return [day(0), kind === 'monthly' ? Date.UTC(y, m, 1) : day(kind === 'weekly' ? 7 : 1)];
}

/**
 * The time a record holds for `periodKey`, and when it counts another kind of period (the limit's
 * period changed), every count whose period may overlap this one: a day's into its week or month;
 * a week's or a month's whole into a day or week of it, which the client cannot split (fail
 * closed); one whose key it cannot read whole too. Pure.
 */
function carried(record: PlayClockRecord | null, periodKey: string): number {
  if (!record || kindOf(record.periodKey) === kindOf(periodKey)) return usedIn(record, periodKey);
  return [record, record.other].reduce(
    (ms, c) => (c && overlaps(c.periodKey, periodKey) ? ms + c.usedMs : ms),
    0,
  );
}

/** Whether the periods of two keys may share a day (a key it cannot read: yes). */
function overlaps(a: string, b: string): boolean {
  const [[a0, a1], [b0, b1]] = [spanOf(a), spanOf(b)];
  return !(a1 <= b0 || b1 <= a0);
}

/**
 * The shared `lastBeat` on this tab's clock: as is when it is at most `maxGapMs` back; `now` when
 * it is at most `maxGapMs` ahead (a tab on a clock a little ahead just counted up to about now);
 * null when it cannot be placed (further back: a sleep; further ahead: another clock).
 */
function placed(last: number | null, now: number, maxGapMs: number): number | null {
  if (last === null || !Number.isFinite(last) || !(Math.abs(now - last) <= maxGapMs)) return null;
  return Math.min(last, now);
}

/** A period's key and its start on the counting clock (its end is not needed). */
type Bounds = Pick<PlayPeriod, 'key' | 'start'>;

/**
 * One heartbeat at `now` (this tab's clock): the record after it. Pure.
 * - `own`: this tab's previous beat on its own clock (null for its first). Its interval is counted
 *   when the shared `lastBeat` cannot be placed on this clock (ahead of `now`, or more than
 *   `maxGapMs` back), so no foreign timestamp stops the count.
 * - A shared `lastBeat` that can be placed means another tab counted up to it: only the time after
 *   it is added (one clock for the origin).
 * - Nothing is added across a gap longer than `maxGapMs` (sleep), nor before the period's start
 *   (that part goes to the period the record counted in until then).
 * - Counts are per period: a record of a later period (a tab ahead, past midnight) keeps its count
 *   and this tab's goes in `other`; a record of an earlier period moves to `other`. A record of
 *   another kind of period (stored before `kinds`: `beatKinds`) is carried into this one where it
 *   may overlap it (`carried`), and goes.
 * - `also`: a second period this beat is counted in as well (the tab cannot tell which of the two
 *   it is in: docs/time.md, play time on an untrusted clock); the record then keeps these two.
 *   Default: `period` (none).
 */
export function beat(
  record: PlayClockRecord | null,
  now: number,
  period: Bounds,
  maxGapMs: number,
  own: number | null = null,
  also: Bounds = period,
): PlayClockRecord {
  const mine = own !== null && own <= now && now - own <= maxGapMs ? own : null;
  const shared = placed(record?.lastBeat ?? null, now, maxGapMs);
  const from = mine === null ? shared : Math.max(mine, shared ?? mine);
  // The count started again at `since`: this tab's own interval from before it is counted up to it
  // too (the mark only says what was counted after it), in the period counted (fail closed).
  const start = placed(record?.since ?? null, now, maxGapMs);
  const bridged = mine !== null && start !== null && mine < start;
  const earlier = bridged ? Math.min(start, from as number) - mine : 0;
  const counted = (p: Bounds): PlayClockCount => ({
    periodKey: p.key,
    usedMs:
      carried(record, p.key) + earlier + (from === null ? 0 : Math.max(0, now - Math.max(from, p.start))),
  });
  const used = counted(period);
  // The other period worth keeping: `also` (this beat counted in it too), else the newest of the
  // record's counts that is not this one. A beat across the period's start adds the part before
  // it to the period the record counted in up to then.
  const before =
    from === null || !record || record.periodKey >= period.key ? 0 : Math.max(0, period.start - from);
  const upTo: PlayClockCount | null = record && {
    periodKey: record.periodKey,
    usedMs: record.usedMs + before,
  };
  // Of this kind only: another kind's counts are kept in their own (`beatKinds`).
  const other =
    (also.key !== period.key ? [counted(also)] : [upTo, record?.other ?? null])
      .filter(
        (c): c is PlayClockCount =>
          c !== null && c.periodKey !== period.key && kindOf(c.periodKey) === kindOf(period.key),
      )
      .sort((a, b) => (a.periodKey < b.periodKey ? 1 : -1))[0] ?? null;
  // A mark a little ahead (another tab's clock) stays: writing ours would move it back, and the
  // time between would be counted twice. One further ahead than a gap is not kept. A beat that
  // counted from nothing (a new page after a step or a sleep) moves the mark (a page reloaded
  // before its second beat loses nothing) and says the count started again there (`since`), so
  // another tab's own interval from before it is still counted in full.
  const last = record?.lastBeat ?? null;
  const lastBeat = last !== null && last > now && last - now <= maxGapMs ? last : now;
  const since = from === null && last !== null ? now : bridged || start === null ? null : record?.since;
  const mark = since == null ? { lastBeat } : { lastBeat, since };
  if (other && other.periodKey > period.key)
    return { periodKey: other.periodKey, usedMs: other.usedMs, ...mark, other: used };
  return other ? { ...used, ...mark, other: { ...other } } : { ...used, ...mark };
}

export { playPeriodOf };

/**
 * One heartbeat counted in every kind of period (`beat` on each kind's counts), the limit's kind
 * (`kind`) in the record's own fields. `periodsOf` gives a kind's period and the second one this
 * beat is counted in as well (`beat`'s `also`). A kind the record holds no counts of (a record
 * stored before `kinds`) starts from what the record's own counts prove (`carried`). Pure.
 */
export function beatKinds(
  record: PlayClockRecord | null,
  now: number,
  kind: LimitPeriodName,
  periodsOf: (kind: LimitPeriodName) => [Bounds, Bounds],
  maxGapMs: number,
  own: number | null = null,
): PlayClockRecord {
  const each = KINDS.map((k) => {
    const counts = record?.kinds?.[k];
    const [period, also] = periodsOf(k);
    return beat(
      counts ? { ...counts, lastBeat: record.lastBeat, since: record.since } : record,
      now,
      period,
      maxGapMs,
      own,
      also,
    );
  });
  const kinds = Object.fromEntries(each.map(({ lastBeat, since, ...counts }, i) => [KINDS[i], counts]));
  return { ...(each[KINDS.indexOf(kind)] as PlayClockRecord), kinds };
}
