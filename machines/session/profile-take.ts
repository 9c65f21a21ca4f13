// A reading taken by the profile flow (./profile.ts): the flow's context after it, its restrictions
// awaited (one accepted until a read of the flow's own shows it, one shown kept for its day) and
// its limits accepted kept over a looser reading. Pure: time comes on the reading's stamp.

import type { AuthUser } from 'pam-client';
import { withoutTokens } from '../login/request';
import { mergeLimits } from './accepted-store';
import { keptLimits } from './kept-limits';
import {
  ACCEPTED_MS,
  type AcceptedLimits,
  boundOf,
  datedBy,
  dayOf,
  type ProfileFlowContext,
  type ProfileSource,
  readAtOf,
  shows,
  strongerOf,
  timeAfter,
} from './profile-rules';
import { advanced } from './profile-setup';

/** The context after a reading `d` is taken (the flow's own read, or one from elsewhere). */
export const took = (
  context: ProfileFlowContext,
  d: {
    user: AuthUser | null;
    userInfo: Record<string, unknown>;
    at: number;
    sent: number;
    source: ProfileSource;
    stamp: { at: number; trusted?: boolean };
    /** The limits kept for the player (the flow's own read: `AcceptedStore.recallLimits`). */
    limits?: AcceptedLimits | null;
  },
) => {
  // A restriction accepted is awaited until a read of the flow's own shows it, else read
  // again, backing off (`unsure`); one shown is awaited again, for its day, by any reading
  // taken that does not show it (a replica lagging later, whatever path brought it).
  const now = timeAfter(context.now, d.stamp);
  const own = d.source === 'read';
  // One awaited that a reading sent a day (the shortest pause) after it does not show is left to
  // the server's word, on a trusted clock only: a pause that ended unseen (its reads failing
  // meanwhile) bars no longer (REVIEW33-4). Another tab's word (undated) is dated by the first
  // reading taken after it, as heard.
  const e = context.expect;
  const dated = e && !e.at ? { kind: e.kind, at: now, heard: true as const } : e;
  // (Nor on a clock that has not learned the server's time: one ahead ended them early, review 80.)
  const unsure = d.stamp.trusted === false || context.unlearned;
  const awaited = dated && (unsure || !(d.sent - dayOf(dated) >= ACCEPTED_MS)) ? dated : null;
  const shown =
    context.shown && (context.unlearned || now - dayOf(context.shown) < ACCEPTED_MS) ? context.shown : null;
  // (A pause awaited beside a self-exclusion shown: the exclusion, its day to the pause's.)
  const kept = awaited ? strongerOf(shown, awaited) : shown;
  const showsIt = !!kept && shows(d.userInfo, now, boundOf(context.services), kept);
  const seen = own && showsIt;
  const expect = seen ? null : showsIt && !own ? awaited : kept;
  // Limits accepted, for their day (here, or kept for the player: another tab's, T-5): a read with a
  // looser one is taken with them as sent, and read again, backing off.
  const limits = mergeLimits(context.limits, d.limits, now, !context.unlearned);
  const applied = limits && keptLimits(d.userInfo, now, limits);
  return advanced(
    context,
    {
      // (Without a token at any depth, whichever way it came: a field kept as sent may be an
      // object, the flow's own read's, another tab's, a re-read's alike: review 107.)
      userInfo: withoutTokens(applied ?? d.userInfo),
      limits,
      // (One the server may have made before the São Paulo day began: of the day before, REVIEW34.
      // A stamp from elsewhere may be twice the bound ahead of the server: `isFresh`.)
      readAt: readAtOf(context.services, d.at, d.sent, own),
      // The order key never goes back (the flow's own read was sent after what it held).
      sentAt: Math.max(d.sent, context.sentAt ?? d.sent),
      failed: false,
      error: null,
      user: d.user ?? context.user,
      source: d.source,
      attempts: 0,
      unsure: d.stamp.trusted === false || expect || applied ? context.unsure + 1 : 0,
      expect,
      // (One heard from another tab: dated by this read, kept for its day as one accepted here.)
      shown: seen ? datedBy(d.userInfo, now, kept) : context.shown,
    },
    d.stamp,
  );
};
