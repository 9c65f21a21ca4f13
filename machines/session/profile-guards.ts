// The profile flow's guards (./profile.ts): pure, from the context and the event, referenced by
// value in its statechart (split from it; the rules they call are ./profile-rules.ts's).

import { profileReadOf } from 'pam-client/internal';
import { brazilDayOf, nextBrazilMidnight } from '../clock';
import { isInternal, isTrusted as isTrustedEvent } from './events';
import {
  boundOf,
  isRecord,
  LIMIT_KINDS,
  liftsAny,
  namesPlayer,
  type ProfileFlowContext,
} from './profile-rules';
import {
  bothAt,
  type Clock,
  type Now,
  type ProfileFlowEvent,
  type Seen,
  type Stamped,
} from './profile-setup';

/** Whether a datum from elsewhere shows more than the flow holds (it would tighten something). */
export const tighter = (context: ProfileFlowContext, e: Seen) => {
  const [ours, theirs] = bothAt(context, e);
  return liftsAny(theirs, ours);
};

// The flow's guards and actions, referenced by value, not by name: a name in `setup()` is a string
// each bundle keeps twice (issue 33); tests and apps replace only its actors (`.provide()`). Each
// runs on its own events' transitions only (the casts below are XState's routing).
export type Ev = ProfileFlowEvent | Stamped;
/** A guard's arguments. */
export type G = { context: ProfileFlowContext; event: Ev };

// (On `PROFILE` and `PROFILE_SEEN` only: the two share the fields they read.)
/**
 * A datum of the player this flow reads for, by any of their logins: the player's restrictions are
 * the player's, whatever login read them, and a datum from elsewhere may only tighten. (By this
 * login only, two tabs a lost refresh race left on two logins of the player never took each
 * other's reads: one free while the other's newest read barred, the model's seed 12.)
 */
export const isPlayers = ({ context, event }: G) => {
  const e = event as Seen;
  const owner = e.owner;
  return (
    isInternal(e) &&
    isRecord(e.userInfo) &&
    Number.isFinite(e.at) &&
    !!owner &&
    typeof owner.sid === 'number' &&
    owner.userId === context.owner.userId &&
    // (No player id known: its login only; another login's word may name another player.)
    (owner.userId !== null || owner.sid === context.owner.sid) &&
    // A user it names must be the player (an answer of another player, or of none, is not ours).
    (!e.user || namesPlayer((e.user as { id?: unknown }).id, context.owner.userId))
  );
};
// Compared by when each reading's request was sent, never by arrival: not sent before the
// reading the flow holds, and not stamped later than this tab's server time plus the clock's
// bound (a lying or skewed tab).
export const isFresh = ({ context, event }: G) => {
  const e = event as Seen;
  if (!Number.isFinite(e.seen) || e.at > e.seen + boundOf(context.services)) return false;
  return context.sentAt === null || e.at >= context.sentAt;
};
// A lift comes only from the flow's own read: a reading from elsewhere (another tab's, or this
// tab's outcome re-read) may only tighten; one that would lift starts a read of the flow's own.
// (REVIEW33-1: an outcome re-read stamped more than the bound after the reading held lifted it,
// but stamps are each within the bound of the server's time, so two within twice the bound, an
// offset re-learned between them or a read stamped on an untrusted clock, cannot be ordered: a
// re-read sent before a barring reading lifted its bar.)
export const lifts = ({ context, event }: G) => {
  const [ours, theirs] = bothAt(context, event as Seen);
  return liftsAny(ours, theirs);
};
/**
 * A datum from elsewhere whose reading is known (no field it cannot read, the standing known): one
 * that is not (a tab of another version, a forged message missing fields) is taken, barring (it may
 * only tighten), and the flow reads for itself at once, so an unreadable word from elsewhere bars for
 * one read, never until the next midnight's.
 */
export const readable = ({ context, event }: G) => bothAt(context, event as Seen)[1].status !== 'unknown';
/** Neither newer by its stamp nor tighter: taken nowhere (a read in flight is marked `again`). */
export const unplaced = (a: G) => !isFresh(a) && !tighter(a.context, a.event as Seen);
/**
 * The flow's own read's answer `o` would lift something held, while a reading from elsewhere came
 * during that read (`again`): read once more instead of taking it.
 */
export const liftsSince = (
  context: ProfileFlowContext,
  o: { user: unknown; userInfo: Record<string, unknown>; at: number; trusted?: boolean },
) => !!context.again && lifts({ context, event: { ...o, seen: o.at, seenTrusted: o.trusted } as never });
/** `lifts`, negated (a plain guard: xstate's `not` is code each bundle would carry for two uses). */
export const liftsNothing = (a: G) => !lifts(a);
// Sent before what the flow holds, but within the clock's bound of it (a stamp's jitter:
// whole-second `Date` headers move the offset), and it would tighten: the flow reads again.
export const closeAndTighter = ({ context, event }: G) => {
  const { sentAt } = context;
  const e = event as Seen;
  return (
    sentAt !== null && e.at < sentAt && e.at >= sentAt - boundOf(context.services) && tighter(context, e)
  );
};
export const trustChanged = ({ context, event }: G) =>
  isTrustedEvent(event) &&
  ((event as Clock).trusted === context.untrusted || (event as Clock).learned === context.unlearned);
export const lostTrust = ({ context, event }: G) =>
  isTrustedEvent(event) && !(event as Clock).trusted && !context.untrusted;
// Never read yet, or the last read was on an earlier São Paulo day, by this trusted stamp
// (never by a kept maximum, nor by a time read while the clock was untrusted).
export const newDay = ({ context: { readAt: r, services }, event }: G) =>
  usable(event) &&
  // (Or dated more than twice the bound after it: by a clock proven wrong, undated by this very
  // stamp, `advanced`; read, not left unknown until the next midnight, REVIEW35.)
  (r === null ||
    brazilDayOf(r) !== brazilDayOf((event as Now).at) ||
    r > (event as Now).at + 2 * boundOf(services));
/**
 * A new day's stamp (`newDay`) within the clock's bound after its midnight (REVIEW-Q Q-5): `serverNow()` may
 * run up to the bound ahead of the server, whose day may not have begun; the re-check waits (`dawn`).
 */
export const dawn = (a: G) =>
  newDay(a) && nextBrazilMidnight((a.event as Now).at - boundOf(a.context.services)) <= (a.event as Now).at;
/**
 * Time alone, at this stamp, would lift something the reading held shows: a restriction ended, a
 * limit change come due (on `NOW` in `idle`: the stamp is usable there). Not a change in flight's
 * bar lapsing (./in-flight.ts: it ends at its time, TOKLAPSE29).
 */
export const liftedByTime = ({ context: { userInfo: u, now }, event }: G) =>
  // (What the reading shows at each time, its status aside: a status turning current lifts nothing.)
  !!u && !!now && liftsAny(profileReadOf(u, now)[0], profileReadOf(u, (event as Now).at)[0]);
/** A stamp the flow can use as its time: its own (marked), on a trusted clock, a finite time. */
export const usable = (event: Ev) =>
  isTrustedEvent(event) && (event as Now).trusted === true && Number.isFinite((event as Now).at);

/**
 * On the `change` timer: whether a limit change whose values are unknown (a bare timestamp,
 * REVIEW29B) is pending: coming due, it makes the limit unknown (no betting), so the flow reads
 * again at once (the unknown lasts one read, not until the next midnight's re-check). (Another
 * change coming due meanwhile reads too: a read early, never one skipped.)
 */
export const unknownChangeDue = ({ context }: G) =>
  LIMIT_KINDS.some((k) => {
    const c = context.restrictions.limits[k].pendingChange;
    return !!c && (c.amount ?? c.period ?? c.active) === null;
  });
