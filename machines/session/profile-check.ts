// What the profile flow (./profile.ts) keeps on a `CHECK`: the restriction accepted that it awaits
// (dated: here, or when another tab's word was heard), and the limits accepted, applied where they
// tighten, kept for the player and told to the other tabs (split from the statechart).

import { assign } from 'xstate';
import { mergeLimits } from './accepted-store';
import { keptLimits } from './kept-limits';
import type { Ev } from './profile-guards';
import { type AcceptedRestriction, dayOf, type ProfileFlowContext, strongerOf } from './profile-rules';
import { advanced, type ProfileFlowEvent } from './profile-setup';

/** A `CHECK` that may carry limits accepted: their `user_limit_*` fields as sent. */
export type LimitsCheck = Extract<ProfileFlowEvent, { type: 'CHECK' }> & { limits?: Record<string, unknown> };

/** What a `CHECK` keeps (read or queued): the restriction awaited, the limits accepted. */
export const CHECK_ACTIONS = [
  // The server accepted a change that bars betting (sent at `at`; another tab's word: heard at
  // `heardAt`, any of its kind): no betting from now until a read shows it. One of the same kind
  // kept is replaced by a later one only.
  // Limits the server accepted (`limits`: the `user_limit_*` fields sent at `at`, told by the
  // client's user module): kept as sent for their day, over any read showing a looser limit
  // of their kinds.
  /* @__PURE__ */ assign<ProfileFlowContext, Ev, undefined, Ev, never>(({ context, event }) => {
    const { restricts: kind, at = 0, limits } = event as LimitsCheck;
    if (limits) {
      // (Kind by kind the stricter of those kept and those sent, `mergeLimits`: a looser change of
      // unknown outcome never replaces a stricter one kept, review 85; those sent as they are when
      // neither is in its day at the flow's time, a clock re-learned downward.)
      const sent = { at, fields: limits };
      const kept = mergeLimits(context.limits, sent, Math.max(at, context.now), !context.unlearned) ?? sent;
      // Applied at once to what is held where they tighten it (ZERO30: a bet or loss limit of 0
      // accepted bars betting from the answer, not from the read that follows; a looser one waits),
      // as the read that follows applies them too.
      const applied = context.userInfo && keptLimits(context.userInfo, context.now, kept);
      return applied ? advanced(context, { limits: kept, userInfo: applied }, {}) : { limits: kept };
    }
    if (!kind) return {};
    const kept = context.expect?.kind === kind && !context.expect.heard ? context.expect.at : at;
    // Another tab's word (no `at`): heard then (`heardAt`, the session's trusted reading: its day
    // counts from there, not from a read taken hours later, REVIEW38 F4; never the flow's last time,
    // which may be a day old, review 40 F1), any of its kind showing it; none: dated by the first
    // reading taken (`took`).
    const heardAt = (event as LimitsCheck).heardAt ?? 0;
    const expect = kept ? { kind, at: Math.max(at, kept) } : { kind, at: heardAt, heard: true };
    // (A pause over a self-exclusion awaited: the exclusion, its day to the pause's, `strongerOf`;
    // one of its kind keeps the day it had, when later.)
    const e = context.expect;
    const day = e?.kind === kind ? dayOf(e) : 0;
    return advanced(
      context,
      { expect: strongerOf(e, (day > expect.at ? { ...expect, from: day } : expect) as AcceptedRestriction) },
      {},
    );
  }),
  // One accepted here is kept for the player past this login and page, until a read shows it;
  // limits accepted here, for their day, and told to the other tabs of this login (T-5).
  ({ context: { services: s, owner }, event }: { context: ProfileFlowContext; event: Ev }) => {
    const { restricts: kind, at, limits } = event as LimitsCheck;
    if (at === undefined) return;
    if (kind) s.accepted?.remember(owner.userId, { kind, at } as AcceptedRestriction);
    const l = limits && { at: Math.floor(at), fields: limits };
    if (l) {
      s.accepted?.rememberLimits?.(owner.userId, l, at);
      s.crossTab?.publishLimits?.(l, owner);
    }
  },
];
