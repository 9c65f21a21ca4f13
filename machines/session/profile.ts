// The profile flow: a child of the session while it is signed in. It reads the profile
// (`auth.getUserProfile`, `check_spa_again=1`), checks the SPA register again at each São Paulo
// midnight (server time) and on a wake-up in a new São Paulo day, retries a failed read with the
// core's one backoff until it succeeds, and keeps the responsible-gaming restrictions with their
// status (current / stale / unknown). Its read and its clock watch are here; its data and rules
// (services, stamps, context, datum, restrictions) are pure, in ./profile-rules.ts (and
// ./profile-services.ts); its input, events and context helpers: ./profile-setup.ts.
// Protocol (events the session sends it):
// - `CHECK { restricts? }`: read now (a limit, pause or exclusion was sent; a mutation's outcome is
//   unknown). `restricts`: the server accepted a change that bars betting (a pause, a
//   self-exclusion; here or in another tab of this login): `canBet` is false at once, until a read
//   of the flow's own made after it shows that restriction (a read that does not is a lagging
//   replica: kept barred, read again, backing off). `at`: the server time the change was sent (a
//   read shows it by one of its kind starting then or later: an earlier one, before an extension,
//   is not it; none: another tab's word, any of its kind; `remote`: another tab's word, which does
//   not restart a read on its way, AK-3). One accepted here (`at`) is kept for
//   the player (`services.accepted`, a day): each later login or page of theirs starts barred by it
//   until a read of its own shows it (`ACCEPTED`, told by the flow's clock watch as it starts: at
//   the flow's entry, on `OWNER`; one kept later at its next 5-s look: another tab's whose message
//   was lost, AE-3). One heard from another tab is kept likewise once a read of the flow's own shows
//   it, dated by that read (when the server started it): a replica lagging later
//   frees the player neither in this login nor in a later one, for that day (`shown`, `keepShown`).
//   `limits` (told by the client's user module, with `at`): the `user_limit_*` fields of a limit
//   change the server accepted, kept as sent for a day over any read showing a looser limit of
//   their kinds (read again, backing off; R-2: a lagging read dropped a stricter time limit).
// - `WAKE`: the page is visible or online again: read if the São Paulo day changed since the last
//   read (the flow reads the clock, an effect: its `NOW`). The session tells its own wake-up as a
//   `NOW { at, trusted }` instead, marked (`profileNow`): the clock as it read it then, the flow's time.
// - `PROFILE { owner, user, userInfo, at, source }`: a profile read elsewhere (the client's outcome
//   re-read, another tab's message), `owner` being the player and login it was read for (as they
//   were when the read STARTED), `at` when its request was SENT. Every reading, the flow's own too,
//   is ordered by when it was sent, never by arrival (`sentAt`): one from elsewhere is taken only
//   when it is the flow's player's (by any of their logins: `isPlayers`), not sent before the
//   reading held, stamped no later than serverNow +
//   the clock's bound, and only when it tightens, this tab's outcome re-read too (REVIEW33-1; else
//   the flow reads for itself, barred meanwhile if it also bars more: `doubt`). One sent just
//   before (within the bound) may still tighten. One that comes while a read of the flow's own is
//   in flight (taken, or neither newer nor tighter) marks it `again`: that read may have been sent
//   before it, so its answer is taken only if it lifts nothing held, else read once more.
// - (its own) `CLOCK { trusted, learned }`: the clock's trust (`ClockTrust`); untrusted, nothing is current,
//   and a read starts (re-teaching it); until it learned the server's time, nothing dated is current.
// - `OWNER { owner }`: another login held (an adoption): the one before forgotten, the new one read.
// - `INFLIGHT { id, kind, until, settled? }` (the user module's, another tab's): a pause or self-exclusion
//   in flight bars betting from its send until it settles or ends (./in-flight.ts, AI-3).
// What it gives the session: its snapshot, `profileOf(snapshot)`: one datum stamped with the player
// and login (`sid`) it was read for, taken with `profileUpdateOf(context, datum)` (null unless both
// match, `ownsDatum`, and it brings something new). Time comes on events stamped by the session or
// the flow's own actors (its clock, `watchClock`, its read; `serverNow`), never read while a
// transition is computed (`assign`, a guard, a raised event's expression: issue 32.3).
// Wiring (signedIn): the `profile` child in ./flows.ts (CHECK on PROFILE_CHANGED, WAKE on a wake-up);
// the login answer's restrictions: `loginRestrictionsOf(userInfo, savedAt)` (status unknown).

import { backoffDelay, clampDelay } from 'pam-client/internal';
import { and, assign, raise } from 'xstate';
import { nextBrazilMidnight, trusted } from '../clock';
import { machineSetup } from '../machine-setup';
import { isTrusted as isTrustedEvent } from './events';
import { IN_FLIGHT, IN_FLIGHT_IDLE, inFlightEnd } from './in-flight';
import { CHECK_ACTIONS, type LimitsCheck } from './profile-check';
import { readProfile, watchClock } from './profile-read';
import {
  ACCEPTED_MS,
  boundOf,
  nextChangeAt,
  type ProfileFlowContext,
  type ReadOutcome,
  sameOwner,
  stampOf,
  strongerOf,
  withoutToken,
} from './profile-rules';
import {
  advanced,
  answers,
  type Clock,
  initial,
  type Now,
  type ProfileFlowEvent,
  type ProfileFlowInput,
  type Seen,
  type Stamped,
  seenOf,
} from './profile-setup';
import { took } from './profile-take';

export * from './profile-rules';
export type { ProfileFlowInput } from './profile-setup';

import {
  closeAndTighter,
  dawn,
  type Ev,
  isFresh,
  isPlayers,
  liftedByTime,
  lifts,
  liftsNothing,
  liftsSince,
  lostTrust,
  newDay,
  readable,
  tighter,
  trustChanged,
  unknownChangeDue,
  unplaced,
  usable,
} from './profile-guards';

// The flow's clock read, an effect (never in the transition: issue 32.3), told as an event of
// its own (nothing from outside stands in for it), with the clock's trust as read with it (a
// jump is seen by that very reading, before `CLOCK`).
const stamp = ({ context, self }: { context: ProfileFlowContext; self: { send(e: Ev): void } }) =>
  self.send(trusted({ type: 'NOW' as const, ...stampOf(context.services) }));
// The stamp `CLOCK` came with (read by the clock's watch with the trust it tells), the flow's
// time in this very step.
const stamped = /* @__PURE__ */ raise<ProfileFlowContext, Ev, Ev, undefined>(({ event }) =>
  trusted({ type: 'NOW' as const, ...(event as Clock).stamp }),
);
// The flow's time is its last trusted stamp, never the largest it saw: a time taken while the
// clock is untrusted (a device clock jump) is not kept, and nothing derived from it is current.
// (Actions and guards below run on their own event's transitions only: the type is XState's routing.)
// (A stamp that gave no time sets `noTime`: nothing current until one that gives time.)
const seeNow = /* @__PURE__ */ assign<ProfileFlowContext, Ev, undefined, Ev, never>(({ context, event }) =>
  isTrustedEvent(event) ? advanced(context, {}, event as Now) : {},
);
// A reading not taken (it would lift something) that also shows more than the flow holds (an
// SPA exclusion beside a raised limit): stale, no betting, until the flow's own read that
// follows it (fail closed: never free to bet beside a reading that bars).
// Nothing sent before it is taken any more (the read that follows is sent after it).
const doubt = /* @__PURE__ */ assign<ProfileFlowContext, Ev, undefined, Ev, never>(({ context, event }) => {
  const e = event as Seen;
  return tighter(context, e)
    ? advanced(context, { failed: true, sentAt: Math.max(e.at, context.sentAt ?? e.at) }, {})
    : {};
});
// The clock's trust changed (or it learned the server's time): restrictions read on an
// untrusted clock are never current, nor dated ones on a clock that never learned.
const trust = /* @__PURE__ */ assign<ProfileFlowContext, Ev, undefined, Ev, never>(({ context, event }) => {
  const { trusted, learned } = event as Clock;
  return isTrustedEvent(event)
    ? advanced(
        context,
        { untrusted: !trusted, unlearned: learned === false, ...(trusted ? { unsure: 0 } : {}) },
        {},
      )
    : {};
});

/** A datum from elsewhere (`PROFILE_SEEN`), taken. */
/** A reading from elsewhere came during the read in flight (`again`). */
const AGAIN_FLAG = /* @__PURE__ */ assign<ProfileFlowContext, Ev, undefined, Ev, never>({ again: true });
const TOOK_SEEN = /* @__PURE__ */ assign<ProfileFlowContext, Ev, undefined, Ev, never>(
  ({ context, event }) => {
    const e = event as Seen;
    return took(context, {
      user: withoutToken(e.user),
      userInfo: e.userInfo,
      at: Math.min(e.at, e.seen),
      sent: e.at,
      source: e.source,
      stamp: { at: e.seen, trusted: e.seenTrusted },
    });
  },
);

/**
 * A kept restriction (`ACCEPTED`) newer than the one awaited and than one its reads showed, or a
 * self-exclusion beside a pause held (`strongerOf`, review 85: whatever their times) (done: the
 * entry runs again on each re-entry).
 */
const newer = ({ context, event }: { context: ProfileFlowContext; event: Ev }) => {
  const { accepted } = event as Extract<Stamped, { type: 'ACCEPTED' }>;
  const held = context.expect ?? context.shown;
  return (
    isTrustedEvent(event) &&
    !!accepted &&
    ((!!held && strongerOf(held, accepted).kind !== held.kind) ||
      (accepted.at > (context.shown?.at ?? -1) &&
        !(context.expect && !context.expect.heard && context.expect.at >= accepted.at)))
  );
};
/** It is awaited: no betting until a read of the flow's own shows it. */
const awaitKept = /* @__PURE__ */ assign<ProfileFlowContext, Ev, undefined, Ev, never>(({ context, event }) =>
  advanced(
    context,
    { expect: strongerOf(context.expect, (event as Extract<Stamped, { type: 'ACCEPTED' }>).accepted!) },
    {},
  ),
);

/** What `idle` and `retrying` both hear: the clock's trust. */
const AGAIN = {
  CLOCK: [
    // The clock lost its trust: a read re-learns it (its answer's `Date`).
    { guard: lostTrust, target: 'reading', actions: trust },
    // Trusted again with a reading taken on it untrusted (`unsure`): its date may be off by what the
    // clock re-learned (a read sent just before midnight, stamped after it, was current all the new
    // day, REVIEW35): read again at once, as a trusted clock dates it.
    {
      guard: (a: { context: ProfileFlowContext; event: Ev }) =>
        trustChanged(a) && a.context.untrusted && a.context.unsure > 0,
      target: 'reading',
      actions: [trust, stamped],
    },
    // Trusted again: a fresh stamp becomes the flow's time (and re-arms the timers).
    { guard: trustChanged, actions: [trust, stamped] },
  ],
} as const;

/** Builds the flow (one pure call, so bundlers can drop it when unused). */
export function createProfileFlow() {
  return machineSetup({
    // Types only: `{}` at run time (createMachine does not read `types`).
    types: {} as { input: ProfileFlowInput; context: ProfileFlowContext; events: ProfileFlowEvent | Stamped },
    actors: { readProfile, watchClock },
    delays: {
      // The São Paulo midnight after the day of the reading held: at once when that is past (one the
      // server may have made before this day began, taken since: the day's re-check is owed, REVIEW34).
      midnight: ({ context: c }) => clampDelay(nextBrazilMidnight(c.readAt ?? c.now) - c.now),
      hourly: ({ context: c }) => clampDelay((c.readAt ?? c.now) + 3_600_000 - c.now),
      change: ({ context }) => {
        // The flow's restrictions are derived at its time (`now`) from what it holds: each assign
        // that moves one moves both. At `next` itself, not 1 ms after: a restriction is in force
        // from that instant (test/session/change-at-instant.property); a change in flight's bar ends.
        const next = nextChangeAt(context.restrictions, context.now) ?? Infinity;
        return clampDelay(Math.min(next, inFlightEnd(context)) - context.now);
      },
      retry: ({ context }) => context.retryMs,
      bound: ({ context }) => boundOf(context.services),
      // 1 s, 2 s, 4 s … up to 5 min (a server whose `Date` never settles costs a read a while).
      unsure: ({ context }) => Math.min(300_000, 1000 * 2 ** Math.max(0, context.unsure - 1)),
    },
  }).createMachine({
    id: 'profile',
    context: ({ input }) => initial(input),
    initial: 'reading',
    invoke: { src: 'watchClock', input: ({ context }) => context },
    on: {
      ...IN_FLIGHT,
      CHECK: { target: '.reading', reenter: true, actions: CHECK_ACTIONS },
      ACCEPTED: { guard: newer, actions: awaitKept },
      WAKE: { actions: stamp },
      NOW: { actions: seeNow },
      // Taken from elsewhere (while no read of its own is in flight: see `reading`).
      // Stamped with the flow's own clock first: a read dated after it (another tab's clock
      // ahead, or a forged date) counts as read now, never later.
      PROFILE: {
        guard: isPlayers,
        // A profile from elsewhere, stamped with the flow's own clock (an effect, as `stamp`).
        actions: ({ context, event, self }) =>
          self.send(
            trusted({
              ...(event as Extract<ProfileFlowEvent, { type: 'PROFILE' }>),
              type: 'PROFILE_SEEN' as const,
              ...seenOf(context.now, stampOf(context.services)),
            }),
          ),
      },
      PROFILE_SEEN: [
        // Newer, but it would lift something: this tab reads for itself (a read in flight may have
        // been sent before theirs, so it starts over).
        { guard: and([isPlayers, isFresh, lifts]), target: '.reading', reenter: true, actions: doubt },
        // Newer, and it lifts nothing: taken...
        {
          guard: and([
            isPlayers,
            isFresh,
            // What the flow holds needs no read of its own: it knows the account's standing (another
            // tab's message names no user: only a read does) and awaits no restriction accepted.
            ({ context, event }) => !context.expect && !!((event as Seen).user ?? context.user),
            // ...and it can be read (else it bars until the flow's own read: `readable`).
            readable,
          ]),
          target: '.idle',
          reenter: true,
          actions: TOOK_SEEN,
        },
        // ...unless the flow still needs a read of its own: it reads again.
        { guard: and([isPlayers, isFresh]), target: '.reading', reenter: true, actions: TOOK_SEEN },
        // Not newer by its stamp, but too close to tell, and tighter: taken when it lifts nothing (a
        // reading may always tighten), and read again (a read in flight may have started before
        // theirs, so it starts over).
        {
          guard: and([isPlayers, closeAndTighter, liftsNothing]),
          target: '.reading',
          reenter: true,
          actions: TOOK_SEEN,
        },
        { guard: and([isPlayers, closeAndTighter]), target: '.reading', reenter: true, actions: doubt },
        // Tighter, but its stamp cannot be placed (in this tab's future, or before what it holds: a
        // tab whose clock had not learned server time, REVIEW-X X-1): never dropped; barred (stale)
        // until the flow's own read, which follows (its order key unmoved: the stamp means nothing).
        {
          guard: and([isPlayers, ({ context, event }) => tighter(context, event as Seen)]),
          target: '.reading',
          reenter: true,
          actions: assign(({ context }) => advanced(context, { failed: true }, {})),
        },
      ],
      CLOCK: { guard: trustChanged, actions: [trust, stamped] },
      // (Re-entered, the flow's clock starts again: it recalls the new owner's, `ACCEPTED`.)
      OWNER: {
        guard: ({ context, event }) => !sameOwner(context.owner, event.owner),
        target: '.reading',
        reenter: true,
        actions: assign(({ context, event }) => {
          const { owner } = event as Extract<ProfileFlowEvent, { type: 'OWNER' }>;
          const fresh = initial({ services: context.services, owner, retry: context.retry });
          return {
            ...fresh,
            services: context.services,
            now: context.now,
            untrusted: context.untrusted,
            unlearned: context.unlearned,
            noTime: context.noTime,
            version: context.version + 1,
            reads: context.reads,
            // Another player: nothing of the one before (its limits accepted, its changes in flight;
            // REVIEW33-3). The same player's new login keeps them (fail closed: still theirs).
            ...(owner.userId !== context.owner.userId && { limits: null, pending: [] }),
          };
        }),
      },
    },
    states: {
      reading: {
        entry: assign({ reads: ({ context }) => context.reads + 1, again: false }),
        // Newer than what it holds and it lifts nothing, while a read of its own is in flight that
        // may have been sent before or after it: taken. One not placed (stamped before what it
        // holds, tightening nothing) may have been sent after that read too (stamps within the
        // clock's bound cannot be ordered). Either way the read's answer is taken only if it lifts
        // nothing held, else read once more (`again`): an answer sent before a reading never lifts
        // what that one shows, at one read more at most (REVIEW33-2: not a restart each).
        on: {
          PROFILE_SEEN: [
            { guard: and([isPlayers, isFresh, liftsNothing]), actions: [TOOK_SEEN, AGAIN_FLAG] },
            { guard: and([isPlayers, unplaced]), actions: AGAIN_FLAG },
          ],
          // Another tab's word (a restriction, limits): kept, and the read on its way not restarted
          // (REVIEW-AK AK-3: a burst of forged words cost a read each). That read applies the limits
          // kept then (`readProfile`), and one that does not show the restriction awaited is read
          // again, backing off (`unsure`).
          CHECK: { guard: ({ event }) => !!(event as LimitsCheck).remote, actions: CHECK_ACTIONS },
        },
        invoke: {
          src: 'readProfile',
          input: ({ context: c }) => ({ services: c.services, owner: c.owner, read: c.reads, since: c.now }),
          onDone: [
            // The flow's own read is newer than anything it held when the read started (their
            // answers were made before it was sent; whatever is taken meanwhile cancels it), even
            // when stamped earlier (the offset re-learned downwards): taken, its order key kept.
            // Only the flow's own read's outcome (built by readProfile, trusted): a done event
            // forged through any door XState has (an app actor's relay, `_send`) is no outcome.
            {
              guard: ({ context, event: { output: o } }) =>
                answers(context, o) && o.ok && !liftsSince(context, o as Extract<ReadOutcome, { ok: true }>),
              target: 'idle',
              actions: [
                assign(({ context, event }) => {
                  const o = event.output as Extract<ReadOutcome, { ok: true }>;
                  // (Not the held date when a trusted stamp proves it wrong: `advanced`.)
                  const held = context.readAt ?? o.at;
                  return took(context, {
                    user: o.user,
                    userInfo: o.userInfo,
                    at: held > o.at + 2 * boundOf(context.services) ? o.at : Math.max(o.at, held),
                    sent: Number.isFinite(o.sent) ? (o.sent as number) : o.at,
                    source: 'read',
                    stamp: { at: o.at, trusted: o.trusted },
                    limits: o.limits,
                  });
                }),
                // One a read of the flow's own shows, within its day, is kept for the player as one
                // accepted here (one heard from another tab: dated by that read), so a later login or
                // page of theirs starts barred by it too (the store keeps the later of two).
                ({ context: c }) => {
                  // (As shown, its day from its start: one shown by an older restriction is not kept.)
                  if (c.shown && !c.expect && c.now - c.shown.at < ACCEPTED_MS)
                    c.services.accepted?.remember(c.owner.userId, { kind: c.shown.kind, at: c.shown.at });
                },
              ],
            },
            // (A reading came meanwhile, and this answer would lift what is held: read once more.)
            {
              guard: ({ context, event }) => answers(context, event.output) && event.output.ok,
              target: 'reading',
              reenter: true,
              // One that also shows more than is held (an SPA exclusion beside a raised limit): barred
              // (stale) until that read, as `doubt` (test/review34/own-read-again-tighter).
              actions: assign(({ context, event: { output: o } }) =>
                tighter(context, { ...o, seen: o.at, seenTrusted: o.trusted } as never)
                  ? advanced(context, { failed: true }, {})
                  : {},
              ),
            },
            {
              guard: ({ context, event }) => answers(context, event.output),
              target: 'retrying',
              actions: assign(({ context, event }) => {
                const o = event.output as Extract<ReadOutcome, { ok: false }>;
                return advanced(
                  context,
                  {
                    failed: true,
                    error: o.error,
                    attempts: context.attempts + 1,
                    retryMs: backoffDelay(context.attempts, { ...context.retry, random: () => o.jitter }),
                  },
                  o,
                );
              }),
            },
          ],
        },
      },
      // Read: look again at the next São Paulo midnight (the SPA register), and re-derive when a
      // restriction or a pending limit change starts or ends (no request; one that lifts something
      // is confirmed by a read, stale meanwhile: `liftedByTime`). Each time seen
      // re-arms both timers from it.
      idle: {
        after: {
          midnight: { actions: stamp },
          // A clock that never learned the server's time places no midnight: the device's may be
          // hours off either way, and armed on it the true one would go unchecked for up to a day.
          // Read again every hour instead (fail closed: a re-check early, never one skipped), counted
          // from the reading held: re-entered at each wake-up, a timer counted from then never came
          // for a player back at the tab within the hour (review 83).
          hourly: { guard: ({ context }) => context.unlearned, target: 'reading' },
          // A change of unknown values come due (the limit unknown): read again at once.
          change: [{ guard: unknownChangeDue, target: 'reading', actions: stamp }, { actions: stamp }],
          unsure: { guard: ({ context }) => context.unsure > 0 || !!context.expect, target: 'reading' },
          // The clock gave no time: stamped again each second (no request) until it gives time.
          1000: { guard: ({ context }) => context.noTime, target: 'idle', reenter: true, actions: stamp },
        },
        on: {
          ...AGAIN,
          ...IN_FLIGHT_IDLE,
          // One kept meanwhile (another tab's, its message lost: AE-3, the clock watch's peek): read.
          ACCEPTED: { guard: newer, target: 'reading', actions: awaitKept },
          NOW: [
            // Not a time to arm the timers on (they would count from a jumped time).
            {
              // A stamp the flow cannot use as its time (untrusted clock, or not its own).
              guard: ({ event }) => !usable(event),
              actions: seeNow,
            },
            // A new day: not current from its stamp; read once the server's day surely began.
            { guard: dawn, target: 'dawn', actions: seeNow },
            { guard: newDay, target: 'reading', actions: seeNow },
            // Time alone lifts something held (a restriction ended, a bar in flight over): read to
            // confirm, barred meanwhile (stale): the server may hold a newer one that the reading
            // held did not show (a lagging replica; an old pause about to end showed one heard,
            // REVIEW37-2, review 38).
            {
              guard: liftedByTime,
              target: 'reading',
              actions: assign(({ context, event }) => advanced(context, { failed: true }, event as Now)),
            },
            { target: 'idle', reenter: true, actions: seeNow },
          ],
        },
      },
      // Within the clock's bound after a São Paulo midnight: read at its end (REVIEW-Q Q-5).
      dawn: { after: { bound: 'reading' }, on: AGAIN },
      // A failed read is tried again with the backoff, or at once on a wake-up in a new day.
      retrying: {
        after: { retry: 'reading' },
        on: { ...AGAIN, NOW: { guard: newDay, target: 'reading', actions: seeNow } },
      },
    },
  });
}

/**
 * The profile flow (see the protocol at the top of machines/session/profile.ts).
 *
 * @example
 * const flow = createActor(profileFlow, { input: { services, owner: { userId: 1, sid: 5 } } }).start();
 * profileOf(flow.getSnapshot()).restrictions.status; // 'unknown' until the first read
 * @internal A test seam: only tests import it (CONTRIBUTING.md, Test seams).
 */
export const profileFlow = /* @__PURE__ */ createProfileFlow();
