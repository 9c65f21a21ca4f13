// What playTimeMachine's context shows (the play time, the alert levels) and when it beats next:
// pure readings of the context, but for `nextBeat` (it reads the store) and `arm` (it tells it).
import type { LimitPeriodName, PlayTime } from 'pam-client';
import { RESTORE_EVENT } from '../persistence';
import { trusted } from '../session/events';
import { joined, KINDS, playClockRecordOf, usedIn } from './clock';
import type { PlayTimeContext, PlayTimeLimit } from './types';

type Limited = { amount: number; period: LimitPeriodName };
export const activeLimit = (l: PlayTimeLimit | null): Limited | null =>
  l?.active === true &&
  Number.isFinite(l.amount) &&
  (l.amount as number) >= 0 &&
  KINDS.includes(String(l.period) as LimitPeriodName)
    ? (l as Limited)
    : null;
/** What counting follows: the active limit's amount and period, or `true` while the limit is not known. */
export const limitKey = (l: PlayTimeLimit | null) => {
  const a = activeLimit(l);
  return a ? `${a.amount} ${a.period}` : l?.known === false;
};

/** The play time the context shows (null without an active time limit). Pure. */
export function playTimeOf(c: PlayTimeContext): PlayTime | null {
  const limit = activeLimit(c.limit);
  if (!limit) return null;
  const limitMs = limit.amount * c.unitMs;
  // The period this tab counted in last (its clock may disagree with another tab's), or the larger
  // of the two it counted in on an untrusted clock (none yet: 0). Of another kind of period (the
  // limit's period changed, not beaten on since): the larger of its count and the newest count of
  // the limit's kind, until the beat that follows at once (fail closed: never a moment of time left).
  const used = (key = '') => usedIn(c.clock, key);
  const other = c.own?.periodKey?.startsWith(limit.period) === false;
  const usedMs = Math.max(
    used(c.own?.periodKey),
    used(c.own?.alt),
    (other && c.clock?.kinds?.[limit.period]?.usedMs) || 0,
  );
  // Not known (no beat of this tab's yet, the last beat could not place the time, or a count that is
  // no number): nothing says time is left (fail closed: NaN is under any limit; before the first
  // beat, another tab's count may already be past the limit, review 111).
  const unknown = !c.own || c.own.unknown === true || !Number.isFinite(usedMs);
  return Object.freeze({
    limitMs,
    usedMs,
    leftMs: unknown ? 0 : Math.max(0, limitMs - usedMs),
    period: limit.period,
    warning: unknown || usedMs >= limitMs * c.warnAt,
    reached: unknown || usedMs >= limitMs,
    ...(unknown && { known: false as const }),
  });
}

// The alerts move on known counts only: an unknown one (`PlayTime.known`) neither warns nor goes
// back under (it would warn again once known).
type Level = { context: PlayTimeContext };
export const level = ({ context }: Level, key: 'warning' | 'reached', is: boolean) => {
  const p = playTimeOf(context);
  return p?.known !== false && p?.[key] === is;
};

/**
 * The wait before the next beat, from the shared clock as it reads now (an effect: the store and
 * `learned` are read, so the beat and a restore, actions, read it and tell it on a `RESTORE_EVENT`).
 * It lands on the next threshold when that comes sooner, so the warning and the limit are announced
 * on time, not up to a beat late. Not known (no server time learned, or a clock or store that gave
 * none at the last beat, or a store that throws now): looked at again in 1 s, so the time shows as
 * soon as it can be told.
 */
const nextBeat = (context: PlayTimeContext): number => {
  try {
    if (context.own?.unknown || context.learned?.() === false) return 1_000;
    // The store, not the context: the CLOCK event of the beat that just ran is not applied yet.
    // Checked, and joined with this tab's record as the beat does (a store's lower count lowers none).
    const read = playClockRecordOf(context.store.read());
    const clock = context.clock && joined(read, context.clock, context.now(), context.maxGapMs, context.own);
    const p = playTimeOf({ ...context, clock });
    if (!p) return context.beatMs;
    const next = [p.limitMs * context.warnAt - p.usedMs, p.limitMs - p.usedMs].filter((ms) => ms > 0);
    return Math.max(1_000, Math.min(context.beatMs, ...next));
  } catch {
    return 1_000;
  }
};

/** Arms the beat again with the wait read now (`nextBeat`), once the beat's CLOCK is applied. */
export const arm = (context: PlayTimeContext, self: { send(e: never): void }) =>
  self.send(trusted({ type: RESTORE_EVENT, next: nextBeat(context) }) as never);
