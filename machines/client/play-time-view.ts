// The view's restrictions under the play-time flow (review 7, H4; review 8, item 3): a leaf, so a
// client without the play-time flow carries none of it (the flow gives it to the client's view,
// `SessionFlowImplementations.shown`; `selectSessionView` always applies it).

import type { PlayTime } from 'pam-client';
import type { SessionRestrictions } from '../session/profile-rules';

/** The restrictions barred by play time, per restrictions held and why (the same view gives the same object). */
const reachedOf = new WeakMap<SessionRestrictions, SessionRestrictions>();
const unknownOf = new WeakMap<SessionRestrictions, SessionRestrictions>();

/**
 * The restrictions as the view shows them: while the time limit is reached in its period
 * (`playTime.reached`, São Paulo day, week or month), `canBet` is false and `timeLimitReached` true
 * (review 7, H4), until the next period. While play time is not known (`playTime.known` false: no
 * server time learned yet), `canBet` is false too (fail closed) with `playTimeUnknown: true`, never
 * `timeLimitReached` (nothing says the limit was reached; review 8, item 3). Without the play-time
 * flow (`playTime` null) as held.
 */
export function withPlayTime(r: SessionRestrictions | null, p: PlayTime | null): SessionRestrictions | null {
  if (!r || !p?.reached) return r;
  const unknown = p.known === false;
  const cache = unknown ? unknownOf : reachedOf;
  const barred = cache.get(r) ?? {
    ...r,
    canBet: false,
    ...(unknown ? { playTimeUnknown: true } : { timeLimitReached: true }),
  };
  cache.set(r, barred);
  return barred;
}

/** Play time not counted yet (`withPlayTimeFlow`): read as not known. */
const UNCOUNTED = { reached: true, known: false } as PlayTime;

/**
 * The play-time flow's view (`SessionFlowImplementations.shown`): as `withPlayTime`, and while an
 * active time limit is held but its child has not counted yet (`playTime` null, the frame after a
 * profile read), play time is not known: `canBet` false with `playTimeUnknown` (REVIEW-L 3: that
 * frame showed a player whose limit allowed nothing free to bet).
 */
export const withPlayTimeFlow = (
  r: SessionRestrictions | null,
  p: PlayTime | null,
): SessionRestrictions | null =>
  withPlayTime(
    r,
    p ?? (r?.limits.time.active && r.limits.time.amount !== null && r.limits.time.period ? UNCOUNTED : null),
  );
