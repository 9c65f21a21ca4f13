// Public types of the session machine.

import type {
  AuthModule,
  AuthUser,
  PamError,
  PlayTime,
  RegisterSimplifiedPayload,
  RegistrationModule,
  Secret,
  StoredSession,
  TokenStore,
} from 'pam-client';
import type { CrossTab } from '../cross-tab';
import type { PamEnvironment, TimersLike } from '../environment';
import type { CaptchaToken } from '../login/request';
import type { PlayClockStore } from '../play-time/clock';
import type { AcceptedRestriction, ClockTrust, SessionRestrictions } from './profile-rules';

/** Opaque handles for tokens in flight between the session's actors; the values live in a closure. */
export interface Vault {
  put(token: string): string;
  /** The token behind `handle`, once (the entry is removed), or null. */
  take(handle: string): string | null;
  has(handle: string): boolean;
}

/** Which time a session's `savedAt` and `expiresAt` are in (see `StoredSession.timeBase`). */
export type TimeBase = 'server' | 'device';

/**
 * The one clock read at one instant, carried by the events that judge time (`TICK`, `WAKE`): the
 * base, the server's time and the trust, so the session's guards read the event, never the clock.
 */
export interface ClockReading {
  at: number;
  serverAt: number;
  trusted: boolean;
  /** Whether the clock ever learned the server's time (`PamClock.learned`); absent: it did. */
  learned?: boolean;
  /** The clock gave no time (it threw, or gave no finite number): the typed error (`readingOf`). */
  error?: PamError;
}

/** A stored session without its token: what the session machine may keep. */
export type SessionMeta = Omit<StoredSession, 'accessToken'>;

/**
 * The `input` of `sessionMachine`: its services and environment (`createPamClient` builds it).
 *
 * @example
 * createActor(sessionMachine, { input: { auth, tokens, environment: browserEnvironment() } satisfies SessionInput });
 */
export interface SessionInput {
  /** With `registerSimplified` when the client registers players (the `registration()` flow). */
  auth: AuthModule & Partial<Pick<RegistrationModule, 'registerSimplified'>>;
  tokens: TokenStore;
  /** Passed to the refresh cycle. */
  intervalMs?: number;
  tickMs?: number;
  /**
   * Clock, timers, randomness and the page's wake-up signals (visibility, focus, network), as in
   * `browserEnvironment()`; parts left out are inert defaults (the global clock and timers, no
   * signals). The machine listens to the wake-up signals itself.
   */
  environment?: Partial<PamEnvironment>;
  /** Shares the session with other tabs (login, refresh, logout; one refresh for all). Default: none. */
  crossTab?: CrossTab | null;
  /**
   * Where the play-time clock of a player is kept, shared by the tabs of the origin (issue: one
   * clock per origin, not per tab). Default: `localStorage` under `pam-client.play-time:<user id>`
   * in a browser, memory elsewhere.
   */
  playClock?: (userId: number | null) => PlayClockStore;
  /**
   * How long a tab that gave way to another tab's refresh waits for its outcome before backing
   * off. Default 15 000 ms (the adapter's default timeout); `createPamClient` passes its timeout.
   */
  refreshWaitMs?: number;
  /**
   * @internal The profile flow's (`profile()`): the restriction kept for a player at `now`, a
   * method of the session's services (`this`), read by the actor of a way in (a login, a restore,
   * another tab's session taken) and carried on its event, so the first signed-in view shows it
   * (AB-2). Nothing written.
   */
  kept?:
    | ((this: SessionServices, userId: number | null | undefined, now: number) => AcceptedRestriction | null)
    | null;
}

/**
 * The services the session uses, resolved once from its input and kept beside the actor (never in
 * its context or a snapshot). JSON shows them as `"[service]"`.
 */
export interface SessionServices {
  auth: SessionInput['auth'];
  tokens: TokenStore;
  crossTab: CrossTab | null;
  vault: Vault;
  now: () => number;
  /** Server time (see `PamEnvironment.serverNow`). */
  serverNow: () => number;
  /** The clock's trust and bound (`PamEnvironment.clock`), for the restrictions' status; null: always trusted. */
  clock: ClockTrust | null;
  random: () => number;
  timers: TimersLike;
  signals: Pick<PamEnvironment, 'visibility' | 'focus' | 'online'>;
  /** The play-time clock store of a player; null: the play-time flow's default. */
  playClock: ((userId: number | null) => PlayClockStore) | null;
  /** The restriction kept for a player (`SessionInput.kept`); none without the profile flow. */
  kept?: SessionInput['kept'];
}

/** The login child's progress, copied so the view never reads a child actor. */
export interface LoginProgress {
  retryAt: number | null;
  codeAttemptsLeft: number | null;
}

/** A login or registration the app asked for while a logout was still running. */
export type PendingCommand = Extract<SessionEvent, { type: 'LOGIN' } | { type: 'REGISTER' }>;

/**
 * The context of `sessionMachine`: plain data, no token (read the session through `selectSessionView`).
 *
 * @example
 * selectSessionView(actor.getSnapshot()).status;
 */
export interface SessionContext {
  /** The key the session's services are kept under, beside the actor (a string: no service is in the context). */
  servicesKey: string;
  intervalMs: number | undefined;
  tickMs: number | undefined;
  refreshWaitMs: number;
  /** The signed-in user as the server answered it (no token: that lives in the token store). */
  user: AuthUser | null;
  /** The latest `userInfo` (the login answer's, then each profile read's). */
  userInfo: Record<string, unknown> | null;
  /** When `userInfo` was read (epoch ms). */
  userInfoAt: number | null;
  /** The responsible-gaming restrictions `userInfo` supports at `userInfoAt` (see `restrictionsOf`). */
  restrictions: SessionRestrictions | null;
  error: PamError | null;
  login: LoginProgress;
  /** The current session's metadata. Never the token. */
  savedAt: number | null;
  /** When the token expires; `savedAt` and `expiresAt` are in `timeBase`'s time (server time, but for an old stored session). */
  expiresAt: number | null;
  timeBase: TimeBase;
  tokenType: string | null;
  userId: number | null;
  /** The current session's place in the tabs' logical clock (`StoredSession.seq`). */
  seq: number | null;
  /** The login the current session comes from (`StoredSession.sid`), kept through refreshes. */
  sid: number | null;
  /** The highest `seq` this tab has seen: a new session takes one more. */
  clock: number;
  /**
   * The session that ended here last, so an older one from another tab is not taken back; `logout`:
   * its counter is a logout's heard since (the floor of every login, `heardOf` in ./order.ts).
   */
  signedOut: {
    seq: number | null;
    sid: number | null;
    at: number;
    /**
     * The highest logout's counter heard or made before (`seq` itself when this record is that
     * logout's): every login counted at or below it ended. Kept by later sign-outs (REVIEW-25 R25-4).
     */
    logout?: number;
  } | null;
  /** The last logins (player, login id, last counter) that ended here, oldest first: none is taken again (order.ts). */
  ended?: readonly { userId: number | null; sid: number; seq: number | null; expired?: true }[];
  signedOutReason: 'logout' | 'expired' | 'remote' | null;
  pending: PendingCommand | null;
  /** Play time in the time limit's period (see playTimeMachine), when a time limit is set. */
  playTime: PlayTime | null;
}

/** A registration as the app sends it: the password (and captcha token) may be `Secret`s. */
export type RegisterCommandPayload = Omit<RegisterSimplifiedPayload, 'password' | 'captcha_token'> & {
  password: string | Secret;
  captcha_token?: CaptchaToken;
};

/** What an app may send the session: commands only (internal events are refused). */
export type SessionEvent =
  | {
      type: 'LOGIN';
      login: string;
      password: string | Secret;
      captchaToken?: CaptchaToken;
      appSource?: string;
    }
  | { type: 'REGISTER'; payload: RegisterCommandPayload }
  | { type: 'SUBMIT_CODE'; code: string | Secret; captchaToken?: CaptchaToken }
  | { type: 'CANCEL' }
  | { type: 'LOGOUT' }
  | { type: 'TICK' }
  | { type: 'REFRESH' };

/** What `client.on(...)` listens to; each fires after the state it reports is committed. No token. */
export type SessionEmitted =
  | { type: 'signedIn'; user: AuthUser | null }
  | { type: 'signedOut'; reason: 'logout' | 'expired'; remote: boolean }
  | { type: 'tokenRefreshed' }
  | { type: 'sessionExpired' }
  | { type: 'refreshFailed'; error: PamError }
  | { type: 'restrictionsChanged'; restrictions: SessionRestrictions }
  /**
   * A profile read failed: the restrictions are `unknown` (none read for this login) or `stale`
   * (the last read is kept), `canBet` is false, and `error` is the read's (also at
   * `view.restrictions.error`, never `view.error`). Once per failure, not per retry.
   */
  | {
      type: 'restrictionsUnavailable';
      status: 'unknown' | 'stale';
      error: PamError;
      restrictions: SessionRestrictions;
    }
  /** Signed-in time reached the warning share (default 80 %) of the time limit. */
  | { type: 'timeLimitWarning'; playTime: PlayTime }
  /** Signed-in time reached the time limit. */
  | { type: 'timeLimitReached'; playTime: PlayTime };
