// The server session's `signedIn` state (./machine.ts builds the statechart with it): the login
// held, its children (the profile flow answered first by the seed, play time, the absolute end),
// another tab's words about it asked of the server (`rereading`, `doubting`), the proxy's 401, and
// the changes barring betting heard from the other tabs. The way in and out is ./machine.ts's.

import { assign, enqueueActions, sendTo } from 'xstate';
import { deepFreeze } from '../deep-freeze';
import { sameJson } from '../session/context';
import { isInternal } from '../session/events';
import { profileFromElsewhere, profileNow } from '../session/flows';
import type { ProfileFlowContext } from '../session/profile';
import { ACCEPTED_MS } from '../session/profile-rules';
import { readServerClock } from './actors';
import { forgotten, seedOutcomeOf, seedRecheckFailed, serverServicesOf } from './context';
import type { SeededProfileServices } from './seed';
import type { Internal, serverSessionSetup } from './setup';
import { ASK_SERVER, expire, QUEUE, seedOf } from './transitions';

/** One state of the machine, as its setup types it (types only: nothing at run time). */
type StateConfig = NonNullable<Parameters<typeof serverSessionSetup.createMachine>[0]['states']>[string];

/** A `signedOut` word the server's read did not deny: taken (`remote`). */
const DOUBT_TAKEN = {
  target: '#serverSession.signedOut',
  actions: ['emitDoubtedSignOut', { type: 'forget', params: 'remote' }],
} as const;
/** Likewise, with another tab's login heard during the read (`unread`): the session read again. */
const DOUBT_QUEUED = {
  guard: 'cookieUnread',
  target: '#serverSession.restoring.reading',
  actions: ['emitDoubtedSignOut', { type: 'forget', params: 'remote' }],
} as const;

/**
 * Signed in: the login held (`held`), asked of the server on another tab's word (`rereading`,
 * `doubting`), with its profile flow's restrictions, its play time and its absolute end.
 */
// (Each call marked pure: a bundle that never builds the machine keeps none of this.)
export const signedIn: StateConfig = {
  tags: 'signedIn',
  exit: 'keepHeldInFlight',
  // Another login in another tab is only a word (REVIEW-AK AK-2: a forged one, or a real one,
  // maybe another player's): the server is asked (`rereading`), the login held meanwhile, its
  // profile flow with its changes in flight (this tab's own and those heard) and no call
  // aborted. The same login read: nothing changes. Another (or none): this one is forgotten,
  // the read decides.
  initial: 'held',
  states: {
    // (Entered, the changes in flight heard for this login before it was held are the flow's.)
    held: { entry: 'takeInFlight', on: { REMOTE_LOGIN: { guard: 'another', target: 'rereading' } } },
    rereading: {
      entry: 'unqueue',
      invoke: {
        id: 'seed',
        src: 'readSeed',
        input: ({ context }) => serverServicesOf(context),
        onDone: [
          { guard: 'queued', target: 'rereading', reenter: true },
          // The same login, or a read that did not say (`unavailable`): the word proved
          // nothing, the login stays held (its next call's answer decides; REVIEW-25 R25-5).
          { guard: 'sameLogin', target: 'held' },
          {
            target: '#serverSession.restoring.deciding',
            actions: [{ type: 'forget', params: null }, 'tookSeed'],
          },
        ],
        // (A read that failed: likewise.)
        onError: { target: 'held' },
      },
      // (A logout heard meanwhile: of the login held, doubted, `doubting`; of another, maybe the one
      // this read answers: one more read.)
      on: {
        REMOTE_LOGIN: { guard: 'another', actions: 'queue' },
        REMOTE_LOGOUT: { guard: 'another', actions: 'queue' },
      },
    },
    // Another tab's word that this login ended (REVIEW-26B B-1: a forged one too, which
    // signed every tab out): the server is asked, no betting meanwhile (`doubt`). Its answer
    // judged first (R27-2): no session, signed out (`remote`; the reason the server's: past
    // the login's end at the read, `expired`, else `logout`, never a word's, which a script
    // sets); another login, taken as a new one; this login (or its player unread), held
    // again, unless a word came during the read: one more read, 1 s after it
    // (one at a time, never back to back). A read that fails takes the word (R27-1: fail
    // closed, as before B-1: a tab that cannot ask the server is not kept free to bet on a
    // cookie maybe gone).
    doubting: {
      entry: 'doubt',
      exit: 'undoubt',
      initial: 'reading',
      states: {
        reading: {
          entry: 'unqueue',
          invoke: {
            id: 'seed',
            src: 'readSeed',
            input: ({ context }) => serverServicesOf(context),
            onDone: [
              // (Its player unread, `unavailable`, but the cookie's login this one: held too.)
              {
                guard: ({ context, event }) => seedOf(event)?.loginId === context.loginId,
                target: 'again',
              },
              // Another login, but a word heard during the read (another tab's login, or any
              // logout): the answer may be older than it. This login forgotten, the session read
              // again (as at the start). (Signed out there is taken as is: R27-2.)
              {
                guard: ({ context, event }) => context.queued && seedOf(event)?.status === 'signedIn',
                target: '#serverSession.restoring.reading',
                actions: { type: 'forget', params: null },
              },
              {
                guard: ({ event }) => seedOf(event)?.status === 'signedIn',
                target: '#serverSession.restoring.deciding',
                actions: [{ type: 'forget', params: null }, 'tookSeed'],
              },
              // Signed out there, or the cookie holds another login whose player could not be read
              // (a read that failed: likewise, R27-1); another tab's login heard during the read
              // (`unread`; never a logout word, R27B p3): read again, signed out meanwhile (review 50).
              DOUBT_QUEUED,
              DOUBT_TAKEN,
            ],
            onError: [DOUBT_QUEUED, DOUBT_TAKEN],
          },
        },
        // The same login read: held again, or (a word heard meanwhile) read once more, later.
        again: {
          always: { guard: ({ context }) => !context.queued, target: '#serverSession.signedIn.held' },
          after: { 1000: 'reading' },
        },
      },
      on: {
        REMOTE_LOGOUT: QUEUE,
        REMOTE_LOGIN: { guard: 'another', actions: ['queue', 'markUnread'] },
      },
    },
  },
  invoke: [
    {
      id: 'profile',
      src: 'profile',
      input: ({ context: c, self }) => {
        // The seed answers the flow's first read once (for this login only).
        let seeded = seedOutcomeOf(c);
        const { auth, serverNow, random, clock, accepted, tabs } = serverServicesOf(c);
        // A change barring betting known for this login before it was held here (`barred`).
        const barred = c.barred?.loginId === c.loginId ? c.barred : null;
        const services: SeededProfileServices = {
          auth,
          serverNow,
          random,
          clock,
          // (None without either: the flow then reads no clock for it.)
          accepted:
            accepted || barred
              ? {
                  // (Kept as long as one accepted here: a day.)
                  recall: (userId, now) =>
                    accepted?.recall(userId, now) ??
                    (barred && now - barred.at < ACCEPTED_MS ? { kind: barred.kind, at: barred.at } : null),
                  remember: (userId, r) => accepted?.remember(userId, r),
                }
              : null,
          // A change in flight here, told to the other tabs of this login (AI-3). The flow is
          // stamped as it is sent (the clock read then): kept as the tab leaves its login, it ends
          // the bar from then, never from the flow's old time (after an hour idle: at once).
          crossTab: {
            publishInFlight: (kind, id, settled) => {
              self.getSnapshot().children.profile?.send(profileNow(readServerClock(serverServicesOf(c))));
              c.loginId && tabs?.post({ type: 'inflight', loginId: c.loginId, kind, id, settled });
            },
          },
          takeSeed: (owner) => {
            const s = seeded;
            seeded = null;
            return s && owner.sid === c.sid && owner.userId === c.userId ? s : null;
          },
        };
        return { services, owner: { userId: c.userId, sid: c.sid } };
      },
      // Before the flow's first datum the session shows the seed, judged at the clock's reading.
      onSnapshot: {
        actions: /* @__PURE__ */ enqueueActions(({ context: c, self, enqueue }) => {
          // The child's own snapshot, never the event's copy (as `takeProfile` reads it).
          const child = self.getSnapshot().children.profile;
          const flow = (child?.getSnapshot() as { context?: ProfileFlowContext } | undefined)?.context;
          // Nothing the flow derived at or past the session's end is shown (its São Paulo midnight
          // at the very end: the expiry's timer, due at the same instant, ends the session next;
          // CI's seed 1143168453 of seed-expiry.test.ts showed it signed in at its end).
          if (c.expiresAt !== null && flow && flow.now >= c.expiresAt) return;
          if (c.seed && flow?.readAt != null) {
            // Its first datum (the seed's answer, stamped with the seed's own read time, or
            // its own read) is not shown as it stands (derived at that time, not the clock's):
            // it is told the clock as read now (its `NOW`, read by an action: the transition
            // reads none) and what it derives then is taken, so its time and the São Paulo
            // midnight it waits for are the clock's (a new day is read at once). Once: the
            // seed is dropped. (Its time on the event, one step: its own `WAKE` would read the
            // clock in a second one, a datum at the older time shown between.)
            enqueue(() => child?.send(profileNow(readServerClock(serverServicesOf(c)))));
            enqueue.assign({ seed: null });
          } else if (c.seed && flow?.error && c.restrictions) {
            // Its first re-read failed: the seed's read stays the last known (`stale`).
            // (Frozen before it is assigned and told, as `takeProfile`'s: review 142.)
            const restrictions = deepFreeze(seedRecheckFailed(c.restrictions, flow.error));
            if (sameJson(restrictions, c.restrictions)) return;
            enqueue.assign({ restrictions });
            enqueue.emit({ type: 'restrictionsChanged', restrictions });
            // Told once per failure, as `takeProfile` tells it.
            if (!c.restrictions.error)
              enqueue.emit({
                type: 'restrictionsUnavailable',
                status: restrictions.status as 'stale' | 'unknown',
                error: flow.error,
                restrictions,
              });
          } else enqueue('takeProfile');
        }),
      },
    },
    // The play-time flow's child (`playTime()`, ./play-time.ts; none without it: `absent`).
    {
      id: 'playTime',
      src: 'playTime',
      input: ({ context: c }) => serverServicesOf(c).playTime?.(c),
      onSnapshot: { actions: 'takePlayTime' as never },
    },
    {
      id: 'expiry',
      src: 'expiry',
      input: ({ context: { expiresAt, servicesKey } }) => ({ expiresAt, servicesKey }),
    },
  ],
  on: {
    TICK: [
      { guard: 'expired', target: 'signedOut', actions: /* @__PURE__ */ expire() },
      ASK_SERVER,
      { guard: 'unread', actions: 'readClock' },
    ],
    WAKE: [
      { guard: 'expired', target: 'signedOut', actions: /* @__PURE__ */ expire() },
      ASK_SERVER,
      {
        guard: 'trusted',
        actions: /* @__PURE__ */ sendTo('profile', ({ event }) =>
          profileNow((event as Internal<'WAKE'>).reading),
        ),
      },
    ],
    // (Not proof the cookie is signed out: the server is asked first, AL-3.)
    // The login's data dropped at once (nothing shown of it, never betting on it), its id
    // kept for the other tabs' word.
    UNAUTHORIZED: {
      guard: 'trusted',
      target: 'restoring.confirming',
      actions: /* @__PURE__ */ assign(({ context }) => ({ ...forgotten(null), loginId: context.loginId })),
    },
    // (Not proof the login ended: the server is asked first, `doubting`.)
    REMOTE_LOGOUT: { guard: 'ours', target: '.doubting' },
    PROFILE_LOADED: {
      guard: 'owned',
      actions: /* @__PURE__ */ sendTo('profile', ({ event }) =>
        profileFromElsewhere(event as Internal<'PROFILE_LOADED'>),
      ),
    },
    // Told with the time it was sent at (`sent`, read by the user module's wrapper).
    PROFILE_CHANGED: [
      { guard: 'unstamped', actions: 'stampChange' },
      { guard: ({ event }) => isInternal(event), actions: ['checkProfile', 'announceRestricted'] },
    ],
    // Another tab of this login had a change that bars betting accepted.
    REMOTE_RESTRICTED: { guard: 'ours', actions: ['heard', 'barProfile'] },
    // Another tab's change in flight: barred until it settles or ends (AI-3).
    REMOTE_INFLIGHT: { guard: 'ours', actions: ['heardAt', 'heardToProfile'] },
    ASKED: { guard: 'trusted', actions: ['asked', 'unbarAsk'] },
    PLAY_TIME_ALERT: { guard: 'owned', actions: 'alertPlayTime' as never },
    LOGOUT: { target: 'signingOut' },
  },
};
