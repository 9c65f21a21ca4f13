// The session machine's setup (`machineSetup`: `setup()`'s checks without its action helpers): its
// types, its children by name, and the guards and actions its flows' parts share
// (machines/session/parts/). Each part `satisfies SessionStateConfig` (the setup's
// `createStateConfig` with `PARTS`, in types only), so its names and params are checked against
// these; `sessionMachine.ts` puts the parts together.

import { asPamError } from 'pam-client/internal';
import { type ActionFunction, type AnyActorRef, assign, emit } from 'xstate';
import { fromCallback } from '../actor-logic';
import { loginCore } from '../loginMachine';
import { afterStep, machineSetup, type PARTS } from '../machine-setup';
import { forgotten, restored, servicesOf } from './context';
import { internal, isInternal, type SessionInternalEvent } from './events';
import type { SealedLogin } from './login';
import { boxCommand, flowStarted, type LoginChildSnapshot, loginProgress, signedInFrom } from './login';
import { sameOwner } from './profile-rules';
import {
  type Claim,
  readClock,
  readClockTrusted,
  refreshed,
  sessionRefreshCycle,
  sessionWake,
  verdictAt,
} from './refresh';
import { restoreSession } from './restore-session';
import { revokeHandle, revokeToken, seamsOf } from './revoke';
import { clearTokensUnlessNewer, logoutSession, settle, writeSession } from './store';
import type {
  ClockReading,
  PendingCommand,
  SessionContext,
  SessionEmitted,
  SessionEvent,
  SessionInput,
  SessionMeta,
} from './types';

/**
 * The expiry verdict at the reading of our own TICK or WAKE (null: an event without one). Only the
 * TICK and WAKE transitions ask it, so the reading and our mark are what it checks.
 */
const verdictOf = (context: SessionContext, event: SessionEvent | SessionInternalEvent) => {
  const reading = (event as { reading?: ClockReading }).reading;
  return reading && isInternal(event) ? verdictAt(context, reading) : null;
};

/** A flow the app did not take: its child runs and does nothing (see ./flows.ts; `sessionCore`). */
export const absent = /* @__PURE__ */ fromCallback(() => {});

/**
 * The flows' children by name, typed here and provided by their flows (`sessionCore`: `absent`):
 * a session made without a flow's part never invokes its child, and carries none.
 */
type FlowChildren = { tabs: typeof absent; profile: typeof absent; playTime: typeof absent };

/** An action a flow provides (./flows.ts), with its params: named and typed here, none without its flow. */
// biome-ignore lint/suspicious/noExplicitAny: any session's action (the flows' are typed where written)
type ByFlow<P = undefined> = ActionFunction<SessionContext, any, any, P, never, never, never, never, never>;

/** A profile this tab read, as told to the other tabs (with its read time). */
export interface PublishedProfile {
  userInfo: Record<string, unknown>;
  owner: { userId: number; sid: number };
  at: number;
}

/**
 * The flows' own actions: no code here (the machine runs a named action it does not have as
 * nothing), the flow's when the app takes it. The tabs flow's verdicts (./parts/tabs.ts): another
 * tab's session taken (`adoptShared`: said again as a sync answer; `adoptRefreshed`: a refresh of
 * the login held), the session ended elsewhere, a counter heard, a session no longer taken (a
 * logout began) dropped, a sign-out told to the other tabs (`announceSignOut`). The profile and
 * play-time flows' (./flows.ts): the login answer's restrictions (`loginRestrictions`), a profile
 * read here told to the other tabs (`publishProfile`), a wake-up told to their children
 * (`wakeProfile`, `wakePlayTime`); the rest of theirs is in their parts (./parts/profile.ts,
 * ./parts/play-time.ts).
 */
type ByFlows = Record<
  | 'loginRestrictions'
  | 'staleRestrictions'
  | 'takeProfile'
  | 'takePlayTime'
  | 'wakeProfile'
  | 'wakePlayTime'
  | 'adopt'
  | 'adoptShared'
  | 'adoptRefreshed'
  | 'endedElsewhere'
  | 'heardSeq'
  | 'dropAdopted',
  ByFlow
> & {
  announceSignOut: ByFlow<'logout' | 'expired'>;
  publishProfile: ByFlow<PublishedProfile>;
};

/**
 * The session's setup with `PARTS` in its types only (the parts check themselves with `satisfies`,
 * no call): at run time it has `createMachine` alone.
 */
const typedSetup = /* @__PURE__ */ (() =>
  machineSetup(
    {
      // Types only: `{}` at run time (createMachine does not read `types`).
      types: {} as {
        context: SessionContext;
        events: SessionEvent | SessionInternalEvent;
        emitted: SessionEmitted;
        input: SessionInput;
        // Every child id with its actor: the published types then have no index signature (TS2411).
        children: {
          restore: 'restore';
          login: 'login';
          refresh: 'refreshCycle';
          logout: 'logout';
          wake: 'wake';
          tabs: 'tabs';
          profile: 'profile';
          playTime: 'playTime';
        };
      },
      actors: {
        restore: restoreSession,
        // Without registration (REGISTER fails, saying why): the registration flow gives the one with it.
        login: loginCore.provide({ actions: { readClock: readClockTrusted } }),
        refreshCycle: sessionRefreshCycle,
        logout: logoutSession,
        wake: sessionWake,
        ...({} as FlowChildren),
      },
      guards: {
        internal: ({ event }) => isInternal(event),
        // The token's life, judged in server time (session/refresh.ts) at the reading our own TICK or
        // WAKE carries (never the clock): over, or the clock cannot tell. An app's TICK has none.
        isExpired: ({ context, event }) => verdictOf(context, event) === 'expired',
        expiryUnknown: ({ context, event }) => verdictOf(context, event) === 'ask',
        // Our own TICK or WAKE read on a clock that gave no time (`readClock`'s `error`).
        noTime: ({ event }) => isInternal(event) && !!(event as { reading?: ClockReading }).reading?.error,
        // Only a token the session's own actors put in the vault signs it in (not a forged done event).
        vaulted: ({ context }, handle: unknown) =>
          typeof handle === 'string' && servicesOf(context).vault.has(handle),
        // A datum for the player and login held now (not one from before an adoption or a logout).
        // (PROFILE_LOADED, PLAY_TIME_ALERT, TOKEN_REFRESHED: an event without an owner is none.)
        owned: ({ context, event }) =>
          isInternal(event) && 'owner' in event && sameOwner(context, event.owner),
      },
      actions: {
        // --- context (pure) ---
        progress: assign((_, snapshot: LoginChildSnapshot) => loginProgress(snapshot)),
        startFlow: assign(flowStarted),
        clearError: assign({ error: null }),
        // The failure an error event (a child's) or REFRESH_FAILED carries, as the session's error.
        takeError: assign(({ event }) => ({ error: asPamError((event as { error?: unknown }).error) })),
        // A child that failed with no handler of its own (a flow's, the tabs', the page's): its
        // failure as the session's error. Fail closed (review E) where there is something to close:
        // the profile flow's also makes its restrictions stale with betting off (./flows.ts), and the
        // play-time flow's child takes its own failure (../parts/play-time.ts): play time not known.
        childFailed: assign(({ event }) => ({ error: asPamError((event as { error?: unknown }).error) })),
        // The clock gave no time (`noTime`): its typed error, for the app to see (the profile flow's
        // also makes its restrictions stale: ./flows.ts).
        takeClockError: assign(({ event }) => ({
          error: (event as { reading: ClockReading }).reading.error!,
        })),
        signedInFromLogin: assign(({ context }, output: SealedLogin) => signedInFrom(context, output)),
        refreshed: assign(({ context }, at: number) => refreshed(context, at)),
        restored: assign(({ context }, meta: SessionMeta) => restored(context, meta)),
        // (The tabs flow's also remembers the login that ended: ./flows.ts.)
        // (The params written out, not the named ForgetParams: this is the machine's public type.)
        forget: assign(
          (
            { context },
            p: { reason: 'logout' | 'expired' | 'remote'; at?: number | null; seq?: number | null },
          ) => forgotten(context, p),
        ),
        // Only LOGIN and REGISTER run it (signingOut).
        rememberPending: assign(({ event }) => ({ pending: boxCommand(event as PendingCommand) })),
        dropPending: assign({ pending: null }),
        // --- the flows' own (provided by the tabs, profile and play-time flows; nothing without them) ---
        ...({} as ByFlows),
        // --- effects (named actions: xstate's pure `transition()` never runs them) ---
        // The store written (the tabs flow's, ./flows.ts, also tells the other tabs).
        writeSession: (
          { context },
          p: { handle: string; reason: 'login' | 'refresh' | 'adopt' | 'share' },
        ) => {
          writeSession(context, servicesOf(context), p);
        },
        dropHandle: ({ context }, handle: string) => {
          servicesOf(context).vault.take(handle);
        },
        // A token of a login no longer held (a refresh heard after an adoption or a sign-out): out
        // of the vault and revoked, so it does not stay live at the server.
        revokeHandle: ({ context }, handle: string) => revokeHandle(servicesOf(context), handle),
        // An app's TICK: the clock read now (an effect), told to the session as our own TICK.
        // (Once the step is done: a read that sees a step tells the clock's listeners, review 123.)
        readClock: afterStep(({ context, self }: { context: SessionContext; self: AnyActorRef }) =>
          self.send(internal({ type: 'TICK', reading: readClock(servicesOf(context)) })),
        ),
        clearTokens: ({ context }) => settle(servicesOf(context).tokens.clear()),
        // (`'logout'`: a logout made here, which ends every login counted at or below it.)
        clearTokensUnlessNewer: ({ context }, logout?: 'logout') => {
          const s = servicesOf(context);
          clearTokensUnlessNewer(context, s.tokens, logout && ((t) => revokeToken(s.auth, t, seamsOf(s))));
        },
        emitExpired: emit({ type: 'sessionExpired' }),
        emitExpiredSignOut: emit({ type: 'signedOut', reason: 'expired', remote: false }),
      },
    },
    {} as typeof PARTS,
  ))();

/**
 * The session's setup: types, children (every child id with its actor: the published types then
 * have no index signature, TS2411), guards and the actions the parts share.
 *
 * @example
 * const machine = sessionSetup.createMachine({ id: 'session', initial: 'restoring', states });
 */
export const sessionSetup: Pick<typeof typedSetup, 'createMachine'> = typedSetup;

/**
 * A state of the session (a part, ./parts/), checked against its setup with `satisfies`: the same
 * check as `sessionSetup.createStateConfig`, and no call at run time.
 */
export type SessionStateConfig = Parameters<typeof typedSetup.createStateConfig>[0];

/** An action of the session (a flow's, ./flows.ts), checked against its setup. */
export type SessionAction = Parameters<typeof typedSetup.createAction>[0];

/** Transitions of the session, by event type (a state's `on`), checked against its setup. */
export type SessionOn = NonNullable<SessionStateConfig['on']>;

/** A child of the session (a state's `invoke`), checked against its setup. */
export type SessionInvoke = Exclude<NonNullable<SessionStateConfig['invoke']>, readonly unknown[]>;

/**
 * A flow's part of the session's statechart, beside the actors and actions it provides: its
 * transitions heard in any state (`root`), while signed in, while signing out, and its children
 * while signed in (`invoke`, with their input and what the session does with their
 * snapshots). The tabs flow's verdicts (`TABS_TRANSITIONS`), the profile and play-time flows'
 * children and datum (`PROFILE_TRANSITIONS`, `PLAY_TIME_TRANSITIONS`): a session made without a
 * flow carries none of their code.
 */
export interface SessionTransitions {
  readonly root?: SessionOn;
  readonly signedIn?: SessionOn;
  readonly signingOut?: SessionOn;
  readonly invoke?: readonly SessionInvoke[];
  /** Its children in every state (the tabs flow's). */
  readonly rootInvoke?: readonly SessionInvoke[];
  /** The refresh call's step before it is sent (the tabs flow's: the refresh claimed among the tabs). */
  readonly claim?: Claim;
}
