// The profile flow's two actors (machines/session/profile.ts): its clock (the clock's trust as the
// flow's own events, and every reading the flow makes), and one profile read for a login, stamped
// when its answer arrives.

import { ResponseValidationError } from 'pam-client';
import { asPamError, type TimersLike } from 'pam-client/internal';
import { fromCallback, fromPromise } from '../actor-logic';
import { nextBrazilMidnight, trusted } from '../clock';
import {
  boundOf,
  isRecord,
  namesPlayer,
  type ProfileFlowContext,
  type ProfileOwner,
  type ProfileServices,
  type ReadOutcome,
  stampOf,
  withoutToken,
} from './profile-rules';

/**
 * The flow's clock's watch, an actor (the flow's transitions read no clock, issue 32.3): the
 * clock's trust and whether it learned, as events of the flow's own (marked: nothing from outside
 * stands in for them), each with a stamp read then (`stamp`: the flow's time). At its start (the
 * flow's entry, each re-entry): the restriction kept for the player (`AcceptedStore.recall`),
 * before the clock's trust; at each 5-s look after, a newer one kept meanwhile (a peek: AE-3).
 */
export const watchClock = /* @__PURE__ */ fromCallback<{ type: string }, ProfileFlowContext>(
  ({ input: { services, owner }, sendBack }) => {
    // (The flow's entry starts it again: each re-entry, a new owner's included, recalls.) Each
    // look after (below) peeks (nothing written) and tells one it has not told: another tab's,
    // kept while its one message was lost (REVIEW-AE AE-3). (One dated ahead reads as of the look:
    // the same record each look, told once.)
    let told: unknown;
    const recall = (at: number, peek?: boolean) => {
      const a = services.accepted?.recall(owner.userId, at, peek);
      const key = a && a.kind + (a.at < at && a.at);
      if (!peek || (key && key !== told)) sendBack(trusted({ type: 'ACCEPTED', accepted: a }));
      told = key;
    };
    if (services.accepted) recall(stampOf(services).at);
    const clock = services.clock;
    if (!clock) return;
    // (Its trust first, then the stamp: a jump that reading sees is the stamp's, told by `NOW`.)
    const tell = () =>
      sendBack(
        trusted({
          type: 'CLOCK',
          trusted: clock.trusted() !== false,
          learned: clock.learned?.() !== false,
          stamp: stampOf(services),
        }),
      );
    tell();
    // A sleep ends with no page event when the tab stays in front (REVIEW-Q Q-9): the clock is
    // read every 5 s (the session's timers), nothing else. A jump it sees is told by `subscribe`
    // (`CLOCK`: untrusted, a read); a São Paulo day begun since the last look, by a stamp (`NOW`:
    // a read in a new day), so the day rule never waits for a page event or a 60 s tick.
    const { timers } = services as { timers?: TimersLike };
    let day = 0;
    let id: unknown;
    // Stopped (its cleanup ran): no look again. What it tells its parent may stop it at once (a
    // `CLOCK` the flow leaves on), and a look armed after its cleanup was never cleared: one every
    // 5 s for the page's life (review 151).
    let ended = false;
    const look = () => {
      if (ended) return;
      const s = stampOf(services);
      recall(s.at, true);
      // (Its first look too: a midnight passed while it was restarted, a trust change or the flow's
      // re-entry, is seen, REVIEW35.)
      if (s.at >= day) {
        sendBack(trusted({ type: 'NOW', ...s }));
        day = nextBrazilMidnight(s.at);
      }
      // (At the São Paulo midnight itself when sooner: a read on its way across it, sent the day
      // before, leaves the reading held stale from then, not up to 5 s later, REVIEW34. A clock
      // that gave no time: 5 s.)
      // (One look armed at a time: a trust change told while the clock is read re-plans within it.)
      timers?.clearTimeout(id);
      id = timers?.setTimeout(look, Math.min(5e3, day - s.at) || 5e3);
    };
    look();
    // A trust change moves the clock's stamps (the offset re-learned, up to hours): the next look
    // and the day it waits for are planned again from the new stamp. Planned on the old one (an hour
    // behind), the São Paulo midnight passed unseen for up to 5 s with a read hanging: the flow's
    // time stood before it, the day before still current (REVIEW35); planned an hour ahead, a day late.
    const off = clock.subscribe(() => {
      tell();
      day = 0;
      look();
    });
    return () => {
      ended = true;
      off();
      timers?.clearTimeout(id);
    };
  },
);

/**
 * The failures of a read whose answer named another player (only those this module made: no event
 * can forge one). A session that never had its player confirmed (a restore) ends on one (AN-2).
 */
export const otherPlayer = /* @__PURE__ */ new WeakSet<object>();
/** Of those, the reads whose answer named another player by id (not none): any session ends on one. */
export const namedOther = /* @__PURE__ */ new WeakSet<object>();

/**
 * One read for `owner`, stamped when its answer arrives. Never rejects: a failure is an outcome.
 * Its outcome is trusted: the flow takes no outcome but the ones built here (see `reading` below).
 */
export async function readProfileOnce(
  services: ProfileServices,
  owner: ProfileOwner,
  signal: AbortSignal,
  read?: number,
  since?: number,
): Promise<ReadOutcome> {
  // When the request is sent: the reading's order, never its arrival (see `fresh` in ./profile.ts).
  const s0 = stampOf(services);
  try {
    const profile = (await services.auth.getUserProfile({ signal })) as {
      user?: unknown;
      userInfo?: unknown;
    };
    const user = withoutToken(profile?.user);
    const userInfo = profile?.userInfo;
    // An answer for another player (a token swapped under us), or naming none, is not this
    // login's profile: an invalid answer (fail closed, retried; one naming another player by id
    // ends the session, ./parts/profile.ts).
    if (user && !namesPlayer((user as { id?: unknown }).id, owner.userId)) {
      const e = new ResponseValidationError('getUserProfile', [
        { path: ['user', 'id'], code: 'invalid_value', message: 'not the player' },
      ]);
      otherPlayer.add(e);
      if ((user as { id?: unknown }).id != null) namedOther.add(e);
      throw e;
    }
    // No readable userInfo: nothing is known of the restrictions (fail closed, retried).
    if (!isRecord(userInfo)) throw new Error('profile without userInfo');
    // An answer the clock can give no time to is not taken (nothing judged at no time): it fails
    // with the clock's typed error, and is read again (backing off) until the clock gives time.
    const stamp = stampOf(services);
    if (stamp.error) throw stamp.error;
    // (With the limits kept for the player then: this read does not lift them, T-5.)
    const limits = services.accepted?.recallLimits?.(owner.userId, stamp.at);
    // A send stamped on an untrusted clock, or after its answer by more than twice the bound (each
    // trusted stamp is within it: a clock proven wrong), counts from the flow's trusted time then
    // (`since`); without one, from a day before its answer (sent when, unknown: stale, one read more
    // at once). One stamped an hour ahead just before midnight, answered after it, counted the read
    // for the new day (REVIEW35); one 1.5 bounds ahead, unproven, as well (REVIEW36).
    const sent =
      s0.at > stamp.at + 2 * boundOf(services) || s0.trusted === false ? since || stamp.at - 864e5 : s0.at;
    return trusted({ ok: true as const, user, userInfo, ...stamp, sent, read, limits });
  } catch (error) {
    return trusted({
      ok: false as const,
      ...stampOf(services),
      error: asPamError(error),
      jitter: services.random(),
      read,
    });
  }
}

/** The profile flow's read (`readProfileOnce` as an actor). */
export const readProfile = /* @__PURE__ */ fromPromise<
  ReadOutcome,
  { services: ProfileServices; owner: ProfileOwner; read?: number; since?: number }
>(({ input, signal }) => readProfileOnce(input.services, input.owner, signal, input.read, input.since));
