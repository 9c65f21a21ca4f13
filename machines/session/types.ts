// Public types of the session machine.

import type { AuthModule, AuthUser, PamError, Secret, StoredSession, TokenStore } from 'pam-client';
import type { CrossTab, SessionReason } from '../cross-tab';
import type { TimersLike } from '../environment';

export interface SessionInput {
  auth: AuthModule;
  tokens: TokenStore;
  /** Passed to the refresh cycle. */
  intervalMs?: number;
  tickMs?: number;
  now?: () => number;
  /** Shares the session with other tabs (login, refresh, logout; one refresh for all). Default: none. */
  crossTab?: CrossTab | null;
  /** 0..1, for the jitter of the refresh backoff. Default `Math.random`. */
  random?: () => number;
  /** Timers of the cross-tab claim: give the actor's clock (e.g. a `SimulatedClock`). Default: global timers. */
  timers?: TimersLike;
}

export interface SessionContext {
  auth: AuthModule;
  tokens: TokenStore;
  intervalMs: number | undefined;
  tickMs: number | undefined;
  now: () => number;
  /** The signed-in user as the login answered it (no token: that lives in the token store). */
  user: AuthUser | null;
  error: PamError | null;
  crossTab: CrossTab | null;
  random: () => number;
  timers: TimersLike;
  /** When the current token was saved and when it expires (if the server said). Never the token. */
  savedAt: number | null;
  expiresAt: number | null;
  /** When this tab last signed out: another tab's older session is not taken back after that. */
  signedOutAt: number | null;
  /** The stored session's token type and user id, so a refresh writes it without reading it back. */
  tokenType: string | null;
  userId: number | null;
}

export type SessionEvent =
  | {
      type: 'LOGIN';
      login: string;
      password: string | Secret;
      captchaToken?: string | Secret;
      appSource?: string;
    }
  | { type: 'SUBMIT_CODE'; code: string | Secret; captchaToken?: string | Secret }
  | { type: 'CANCEL' }
  | { type: 'LOGOUT' }
  | { type: 'TICK' }
  | { type: 'REFRESH' }
  | { type: 'TOKEN_REFRESHED'; accessToken: string }
  | { type: 'REFRESH_FAILED'; error: PamError }
  | { type: 'SESSION_EXPIRED' }
  /** Another tab's session: its login, its refresh, or its answer to this tab's sync request. */
  | { type: 'REMOTE_SESSION'; session: StoredSession; user: AuthUser | null; reason: SessionReason }
  /** Another tab logged out, at `at` by its clock (null when unknown). */
  | { type: 'REMOTE_SIGNED_OUT'; at?: number | null };

/** What `client.on(...)` listens to; each fires after the state it reports is committed. */
export type SessionEmitted =
  | { type: 'signedIn'; user: AuthUser | null }
  | { type: 'signedOut'; reason: 'logout' | 'expired' }
  | { type: 'tokenRefreshed'; accessToken: string }
  | { type: 'sessionExpired' }
  | { type: 'refreshFailed'; error: PamError };
