// The session's optional flows as implementations of its named children and actions (provided
// with `.provide()`): the session machine names them, and without them they do nothing
// (sessionCore). Each is a pure constant, so a bundle that does not take a flow drops its code.
// The tabs and profile flows themselves are in their files (tabs.ts, profile.ts), and their places
// in the statechart in ./parts/ (`SessionTransitions`); here, the session's side of each: the
// inputs it gives them, what it takes from them, and the play-time flow as its child.
//
// The play-time flow: a child of the session while it is signed in (playTimeMachine, with its
// alerts told to the session). It counts the signed-in, awake time of the player's time limit on
// the clock every tab of the origin shares (machines/play-time/clock.ts: robust to timestamps of
// another clock, ahead or behind), in São Paulo periods of SERVER time.
//
// Protocol:
// - input (`playTimeInputOf`, the flow's invoke in ./parts/play-time.ts): the time limit, the
//   player's clock store, server time and the owner (player id and login id `sid`) it counts for.
//   Stamps on the device's steady clock (shared by its tabs), this tab's own beats on the one
//   clock's monotonic time, periods on server time (docs/time.md). A new login restarts the child.
// - the session sends it `LIMIT { limit }` (a profile read changed the time limit) and `BEAT`
//   (a wake-up: count now).
// - it tells the session `PLAY_TIME_ALERT { level, owner, playTime }` (marked internal) at 80 %
//   and at 100 %; the session takes it only while `owner` matches what it holds (`ownsDatum`).
//   Its counts reach the session through its snapshot (`playTimeOf` its context, via `onSnapshot`).

import type { PlayTime } from 'pam-client';
import { asPamError } from 'pam-client/internal';
import {
  type AnyActorLogic,
  type AnyActorRef,
  assign,
  emit,
  type SnapshotFrom,
  sendParent,
  sendTo,
} from 'xstate';
import { staleOf, staleView } from '../client/ended-view';
import { withPlayTimeFlow } from '../client/play-time-view';
import { isTime } from '../clock';
import { deepFreeze } from '../deep-freeze';
import { openChannel } from '../environment';
import { loginMachine } from '../loginMachine';
import {
  createLocalStoragePlayClock,
  PLAY_CLOCK_KEY,
  type PlayClockStore,
  type PlayTimeContext,
  type PlayTimeInput,
  playTimeMachine,
  playTimeOf,
} from '../playTimeMachine';
import { acceptedStoreOf } from './accepted-store';
import { type ForgetParams, forgotten, ownerOf, sameJson, servicesOf } from './context';
import { actionsOf, internal, type SessionInternalEvent, trusted } from './events';
import { endedOf, heardOf } from './order';
import { playClockOf } from './play-clocks';
import {
  createProfileFlow,
  loginRestrictionsOf,
  type ProfileFlowContext,
  type ProfileFlowInput,
  profileOf,
} from './profile';
import { type AcceptedRestriction, type ProfileOwner, profileUpdateOf, withKept } from './profile-rules';
import { readClockTrusted } from './refresh';
import { revokeToken } from './revoke';
import type { PublishedProfile, SessionAction } from './setup';
import { heldSession, sidOf, writeSession } from './store';
import { adopted, adoptedTokenSaved, dropAdopted, remoteForgetOf, tabsFlow } from './tabs';
import type { ClockReading, SessionContext, SessionInput, SessionServices } from './types';

/**
 * The event an action is named for (its transitions name it for that event only: a cast, not
 * `assertEvent`, whose check could never fail here).
 */
type Heard<T extends SessionInternalEvent['type']> = Extract<SessionInternalEvent, { type: T }>;

/** The current snapshot of the child `id` of `self` (undefined without one). */
const childSnapshot = <S>(self: { getSnapshot(): unknown }, id: string): S | undefined => {
  const children = (
    self.getSnapshot() as { children?: Record<string, { getSnapshot(): unknown } | undefined> }
  ).children;
  return children?.[id]?.getSnapshot() as S | undefined;
};

/** What a flow gives the session machine: child actors and actions by name (actions typed by its setup). */
export interface SessionFlowImplementations {
  actors?: Record<string, AnyActorLogic>;
  actions?: Record<string, SessionAction>;
  /** The client's view once the session ended (the profile flow's: its restrictions go stale). */
  ended?: typeof staleView;
  /** The origin's channel, opened for the client (the tabs flow's: none without it). */
  openChannel?: typeof openChannel;
  /** The view's restrictions as shown (the play-time flow's: barred while the limit is reached). */
  shown?: typeof withPlayTimeFlow;
}

/** The profile flow's input from the session: its services and the login it holds (`owner`). */
export const profileInputOf = ({ context: c }: { context: SessionContext }): ProfileFlowInput => {
  const services = servicesOf(c);
  // A restriction accepted is kept beside the session's token store (and in `localStorage`).
  return {
    services: { ...services, accepted: acceptedStoreOf(services.tokens, services.clock) },
    owner: ownerOf(c),
  };
};

/**
 * A profile read elsewhere (another tab, the client's outcome re-read) as the flow takes it: marked,
 * because the flow takes a profile from its session only, never from another door.
 */
export const profileFromElsewhere = (e: Extract<SessionInternalEvent, { type: 'PROFILE_LOADED' }>) =>
  internal({
    type: 'PROFILE' as const,
    owner: e.owner,
    user: e.user,
    userInfo: e.userInfo,
    at: e.at,
    source: e.remote ? ('remote' as const) : ('outcome' as const),
  });

// (`profileNow` lives in ./in-flight, below the flows that tell it: no import cycle.)
export { profileNow } from './in-flight';

import { profileNow } from './in-flight';

/** A profile read elsewhere (another tab, the client's outcome re-read), told to the profile flow. */
export const tellProfile: SessionAction = /* @__PURE__ */ sendTo('profile', ({ event }) =>
  profileFromElsewhere(event as Heard<'PROFILE_LOADED'>),
);

/**
 * A responsible-gaming change, told to the profile flow (read again; `restricts`: no betting until a
 * read shows it). One accepted here that bars betting is told to the other tabs of this login too
 * (another tab's word may only tighten); one heard from another tab (`remote`) is not told again.
 */
export const checkProfile: SessionAction = /* @__PURE__ */ actionsOf(({ context, event }) => {
  const { restricts, remote, sent } = event as Heard<'PROFILE_CHANGED'>;
  return [
    // Sent at `sent` (server time): a read shows it by a restriction starting then or later. Another
    // tab's word has no time of its own (any restriction of its kind shows it): its `sent` is when
    // this tab heard it, on a trusted clock (`heardAt`: its day counts from there).
    // (`remote`: a read on its way is not restarted for it, AK-3.)
    sendTo('profile', {
      type: 'CHECK',
      restricts,
      ...(remote ? { remote, ...(isTime(sent) && { heardAt: sent }) } : isTime(sent) && { at: sent }),
    }),
    // (A login without ids is told too: the other tabs' schema refuses it.)
    restricts &&
      !remote &&
      (() => servicesOf(context).crossTab?.publishRestricted?.(restricts as 'pause', ownerOf(context))),
  ];
});

/** An alert the play-time flow sends the session. */
export interface PlayTimeAlert {
  type: 'PLAY_TIME_ALERT';
  level: 'warning' | 'reached';
  owner: ProfileOwner;
  playTime: PlayTime | null;
}

const alert = (level: 'warning' | 'reached', context: PlayTimeContext) =>
  internal({
    type: 'PLAY_TIME_ALERT',
    level,
    owner: context.owner ?? { userId: null, sid: null },
    playTime: playTimeOf(context),
  } satisfies PlayTimeAlert);

/**
 * The play-time flow's input from the session (none without a play clock: the flow then does
 * nothing). The one place that builds it.
 */
export const playTimeInputOf = ({ context: c }: { context: SessionContext }): PlayTimeInput | null => {
  const s = servicesOf(c);
  return (
    s.playClock && {
      limit: c.restrictions?.limits.time ?? null,
      store: playClockOf(s, c.userId),
      // Stamps on the steady clock the tabs share, this tab's own beats on the clock's monotonic
      // time (a stepped device clock moves neither), the period on server time.
      now: s.now,
      // The one clock's monotonic time (`PamClock.monotonic`), when the session's clock has one.
      monotonic: ((m) => (typeof m === 'function' ? (m as () => number) : undefined))(
        (s.clock as { monotonic?: unknown } | null)?.monotonic,
      ),
      serverNow: s.serverNow,
      // The one clock's trust: while it is lost, a beat counts in both periods it may be in.
      trusted: () => s.clock?.trusted() !== false,
      // Whether it learned the server's time: until then the time shown is not known (fail closed).
      learned: () => s.clock?.learned?.() !== false,
      owner: ownerOf(c),
    }
  );
};

/**
 * playTimeMachine as the session's child: its alerts go to the session (XState has no declarative
 * way for a parent to hear a child's `emit`, statelyai/xstate#5059), stamped with the owner.
 *
 * @example
 * actors: { playTime: sessionPlayTime }
 */
export const sessionPlayTime = /* @__PURE__ */ (() =>
  playTimeMachine.provide({
    actions: {
      emitWarning: sendParent(({ context }) => alert('warning', context)),
      emitReached: sendParent(({ context }) => alert('reached', context)),
    },
  }))();

/** Why a session is written: a login or refresh here, another tab's taken (`share`: said again as a sync answer). */
type WriteReason = 'login' | 'refresh' | 'adopt' | 'share';

/**
 * Writes the session a handle stands for, and tells the other tabs (unless it came from them;
 * `share`: one taken from them while signed out, said again as a sync answer): the tabs flow's
 * `writeSession`.
 */
function writeAndTell(context: SessionContext, p: { handle: string; reason: WriteReason }): void {
  const services = servicesOf(context);
  const session = writeSession(context, services, p);
  if (!session || p.reason === 'adopt') return;
  services.crossTab?.publishSession(session, p.reason === 'share' ? 'sync' : p.reason, context.user);
}

/**
 * Another tab's session, taken (the tabs flow's verdict): into the context, then into the store. A
 * login given up for another (`adopt`: signed in, another login, newer) has its token revoked here:
 * the order is the same in every tab, so every tab that holds it gives it up too, and none sends
 * it once they have (REVIEW-H H2). The tab that holds the newer login never revokes it: a tab that
 * has not heard that login yet still sends its own (REVIEW-I). Only the session this client holds
 * for that login at that renewal (`heldSession`), never another tab's in a shared store.
 */
const adopt = (reason: 'adopt' | 'share'): SessionAction =>
  actionsOf(({ event, context }) => {
    const e = event as Heard<'ADOPT'>;
    return [
      // (Not a renewal of the login held, `adoptRefreshed`: its token was rotated by the server, and
      // a logout with it could end the login in every tab.)
      reason === 'adopt' &&
        e.session.sid !== context.sid &&
        (() => {
          const s = servicesOf(context);
          const held = heldSession(s.tokens);
          if (held && sidOf(held) === context.sid && (held.seq ?? null) === context.seq)
            revokeToken(s.auth, held.accessToken, s);
        }),
      assign(adopted(context, e)),
      ({ context: next }: { context: SessionContext }) =>
        writeAndTell(next, { handle: e.session.handle, reason }),
    ];
  });

/**
 * The tabs flow: the child that decides what the other tabs say (the client makes the channel, see
 * `tabs()`), and what the session does with its verdicts (named in ./parts/tabs.ts).
 */
export const TABS_SESSION = /* @__PURE__ */ ((): SessionFlowImplementations => ({
  actors: { tabs: tabsFlow },
  // `new BroadcastChannel` throws in an opaque origin (a sandboxed frame) in some browsers: no channel.
  openChannel: (overrides, name) => {
    try {
      return openChannel(overrides, name);
    } catch {
      return null;
    }
  },
  actions: {
    // A session written here (a login, a refresh) is told to the other tabs too.
    writeSession: ({ context }, p) => writeAndTell(context, p as { handle: string; reason: WriteReason }),
    adopt: adopt('adopt'),
    // Taken while signed out: said again, as a sync answer.
    adoptShared: adopt('share'),
    // A newer token of the login held: the refresh cycle restarts from it (at the adopted
    // session's times), and the app hears of a refresh.
    adoptRefreshed: actionsOf(() => [
      'adopt',
      sendTo('refresh', ({ context, event }: { context: SessionContext; event: unknown }) =>
        adoptedTokenSaved(context, event as Heard<'ADOPT'>),
      ),
      emit({ type: 'tokenRefreshed' }),
      // The profile read again with the token taken: nothing ties a token another tab hands over to
      // its player but a read (review 82: one of another player's, under this login's ids, was sent
      // on every call, the view still this player's); one that names another player signs out
      // (./parts/profile.ts).
      // (Sent as the flows send: a child takes no event from outside without its ticket.)
      ({ self }: { self: AnyActorRef }) =>
        self.getSnapshot().children.profile?.send(trusted({ type: 'CHECK' })),
    ]),
    // This login ended in another tab: the store cleared unless it holds a newer session.
    endedElsewhere: actionsOf(({ event }) => [
      'clearTokensUnlessNewer',
      { type: 'forget', params: remoteForgetOf(event as Heard<'ENDED_ELSEWHERE'>) },
      emit({ type: 'signedOut', reason: (event as Heard<'ENDED_ELSEWHERE'>).reason, remote: true }),
    ]),
    // Signed out, the login that ended remembered (the last 16): another tab's word of it is never taken again.
    forget: assign(({ context }, p) => ({
      ...forgotten(context, p as ForgetParams),
      ...endedOf(context, (p as ForgetParams).reason),
    })),
    heardSeq: assign(({ context, event }) => {
      const e = event as Heard<'HEARD'>;
      return heardOf(context, e.seq, e.reason);
    }),
    dropAdopted: ({ context, event }) => dropAdopted(context, event as Heard<'ADOPT'>),
    // A sign-out here (a logout, an expiry), told to the other tabs.
    announceSignOut: ({ context }, reason) =>
      servicesOf(context).crossTab?.publishSignedOut({
        seq: context.seq,
        sid: context.sid,
        reason: reason as 'logout' | 'expired',
      }),
  },
}))();

/**
 * The profile flow's datum, taken (for the login held only) into the session; the restrictions told
 * to the play-time flow and the app, a profile read here to the other tabs. Shared with the
 * server-session client.
 */
export const takeProfile: SessionAction = /* @__PURE__ */ actionsOf(({ context, self }) => {
  // The profile child's snapshot as the child holds it, never the event's copy: an
  // `xstate.snapshot.profile` forged through a door XState keeps (`_send`, an app actor's
  // relay) only makes the session look again at the real one.
  const snapshot = childSnapshot<{ context?: ProfileFlowContext }>(self, 'profile');
  if (!snapshot?.context) return []; // not the profile flow's (a provided stand-in)
  const datum = profileOf(snapshot as { context: ProfileFlowContext });
  const update = profileUpdateOf(context, datum);
  if (!update) return [];
  // Frozen before it is assigned and told (`restrictionsChanged`): a listener or an inspector given
  // it can no longer change what the session enforces (review 139).
  deepFreeze(update);
  const { userInfo, restrictions } = update;
  const { error, status } = restrictions;
  const { userId, sid } = context;
  const time = restrictions.limits.time;
  const counts = childSnapshot<{ status?: string }>(self, 'playTime');
  return [
    // A time limit changed: the count held was made against the one before, so none is shown
    // until the play-time flow counts again (a view then reads play time as not known: betting
    // off, `playTimeUnknown`; review 101: a limit tightened below the time played showed a frame
    // free to bet).
    // (A child that failed counts no more: its play time stays as it is, not known.)
    assign(
      counts?.status === 'active' && !sameJson(time, context.restrictions?.limits.time)
        ? { ...update, playTime: null }
        : update,
    ),
    // Told to the play-time flow, when the session has it.
    counts && sendTo('playTime', { type: 'LIMIT', limit: time }),
    // Told with the read's own server time: the other tabs compare by it, never by arrival.
    // (Only when the read changed the info: an unchanged one, or none, is not told.)
    datum.source === 'read' &&
      userInfo &&
      !sameJson(userInfo, context.userInfo) &&
      datum.at !== null &&
      userId !== null &&
      sid !== null && { type: 'publishProfile', params: { userInfo, owner: { userId, sid }, at: datum.at } },
    !sameJson(restrictions, context.restrictions) && emit({ type: 'restrictionsChanged', restrictions }),
    // Told once per failure (a new failure, or the status it leaves changed), not per retry.
    error &&
      status !== 'current' &&
      (!context.restrictions?.error || context.restrictions.status !== status) &&
      emit({ type: 'restrictionsUnavailable', status, error, restrictions }),
  ];
});

/**
 * The profile flow: reads, the SPA re-check, the restrictions with their status. The session
 * takes a datum only for the player and login it holds (`profileUpdateOf`), tells the play-time
 * flow the time limit, the app `restrictionsChanged`, and the other tabs what it read itself.
 */
export const PROFILE_SESSION = /* @__PURE__ */ ((): SessionFlowImplementations => ({
  actors: { profile: createProfileFlow() },
  // The restrictions shown when the session ended: stale, betting off (fail closed).
  ended: staleView,
  actions: {
    // Signing out (the flow stopped): stale, betting off (fail closed).
    staleRestrictions: assign(({ context }) => ({ restrictions: staleOf(context.restrictions) })),
    // The login answer's restrictions: status unknown (no betting) until the first read, with the
    // one kept for the player in force (AB-2: in the first signed-in view, not a step later), as
    // the actor of this way in read it (a login's or a restore's output, an ADOPT: `WITH_KEPT`).
    loginRestrictions: assign(({ context, event }) => ({
      restrictions: withKept(
        loginRestrictionsOf(context.userInfo, context.userInfoAt ?? context.savedAt ?? 0, context.user),
        ((event as { output?: Kept }).output ?? (event as Kept)).kept?.kind,
      ),
    })),
    // A child that failed with no handler of its own, or (`takeClockError`) a clock that gave no
    // time (`noTime`, the error its reading carries): the typed error, for the app to see, and
    // restrictions that allowed betting stale, betting off, in this very step (fail closed, review E).
    childFailed: assign(({ context, event }) => {
      const e = event as { error?: unknown; reading?: ClockReading };
      return { error: asPamError((e.reading ?? e).error), restrictions: staleOf(context.restrictions) };
    }),
    takeProfile,
    // The profile this tab read, told to the other tabs (with its read time; none without the tabs flow).
    publishProfile: ({ context }, p) => {
      const { userInfo, owner, at } = p as PublishedProfile;
      servicesOf(context).crossTab?.publishProfile(userInfo, owner, at);
    },
    // (Told on the session's TICK or WAKE only, each with its reading.)
    wakeProfile: sendTo('profile', ({ event }) => profileNow((event as { reading?: ClockReading }).reading)),
    // The profile flow is woken to stamp the clock itself, so its own judgment, where every later
    // datum the session takes comes from, holds no time too until a stamp gives time (its `noTime`:
    // the one source).
    takeClockError: actionsOf(() => ['childFailed', 'wakeProfile']),
  },
}))();

/** The play-time flow's counts, taken into the view. */
const takePlayTime: SessionAction = /* @__PURE__ */ assign(({ context, self }) => {
  // The play-time child's snapshot as the child holds it (never the event's copy, see takeProfile).
  const snapshot = childSnapshot<SnapshotFrom<typeof playTimeMachine>>(self, 'playTime');
  if (!snapshot?.context) return {};
  const next = playTimeOf(snapshot.context);
  return { playTime: sameJson(next, context.playTime) ? context.playTime : next };
});

/** The play-time flow's alerts (for the login held), told to the app. */
export const alertPlayTime: SessionAction = /* @__PURE__ */ actionsOf(({ event }) => {
  const { level, playTime } = event as Heard<'PLAY_TIME_ALERT'>;
  return [
    playTime && emit({ type: level === 'warning' ? 'timeLimitWarning' : 'timeLimitReached', playTime }),
  ];
});

/** The play-time flow: its child, and a wake-up told to it (its part: ./parts/play-time.ts). */
export const PLAY_TIME_SESSION = /* @__PURE__ */ ((): SessionFlowImplementations => ({
  actors: { playTime: sessionPlayTime },
  actions: { takePlayTime, wakePlayTime: sendTo('playTime', { type: 'BEAT' }) },
  shown: withPlayTimeFlow,
}))();

/** A way in's event as `loginRestrictions` reads it: the restriction kept for its player. */
type Kept = { kept?: AcceptedRestriction | null };

/**
 * The profile flow's part of the session's input: the restriction kept for a player at `now`, read
 * by the actor of each way in (a login, a restore, another tab's session taken) without a write
 * (`recall`'s peek: what the flow's own recall at its start would answer), and carried on its event.
 */
export const WITH_KEPT: Pick<SessionInput, 'kept'> = {
  kept(userId, now) {
    return acceptedStoreOf(this.tokens, this.clock).recall(userId, now, true);
  },
};

/** The play-time flow's default clock store: `localStorage` (shared by the tabs), memory elsewhere. */
export const WITH_PLAY_CLOCK = {
  playClock: (userId: number | null) =>
    createLocalStoragePlayClock(`${PLAY_CLOCK_KEY}:${userId ?? 'anonymous'}`),
};

/** Implementations merged (later flows win on a shared name, which none has). */
export function mergeFlows(
  flows: readonly SessionFlowImplementations[],
): Required<Pick<SessionFlowImplementations, 'actors' | 'actions'>> & SessionFlowImplementations {
  const out: ReturnType<typeof mergeFlows> = { actors: {}, actions: {} };
  for (const f of flows) {
    Object.assign(out.actors, f.actors);
    Object.assign(out.actions, f.actions);
    // The rest (`ended`, `openChannel`, `shown`): the first flow's that gives it.
    for (const k in f) (out as unknown as Record<string, unknown>)[k] ??= f[k as keyof typeof f];
  }
  return out;
}

/** The registration flow: the login child that registers too (spec 5.3; without it, REGISTER fails). */
export const REGISTRATION_SESSION = /* @__PURE__ */ ((): SessionFlowImplementations => ({
  actors: { login: loginMachine.provide({ actions: { readClock: readClockTrusted } }) },
}))();

/** Every flow: what `sessionMachine` runs. */
export const FULL_SESSION = /* @__PURE__ */ (() =>
  mergeFlows([TABS_SESSION, PROFILE_SESSION, PLAY_TIME_SESSION, REGISTRATION_SESSION]))();
