// The session's helpers: the refresh cycle as its child, how sessions are stored, and the refresh
// call guarded against expired tokens and lost cross-tab races.

import {
  AbortedError,
  type AuthModule,
  type LoginSuccess,
  PamError,
  type PamError as PamErrorType,
  type StoredSession,
  type TokenStore,
} from 'pam-client';
import { enqueueActions } from 'xstate';
import { CLAIM_TTL_MS, type CrossTab, wait } from '../cross-tab';
import type { TimersLike } from '../environment';
import { asPamError } from '../shared';
import { tokenRefreshMachine } from '../tokenRefreshMachine';

/** How long a tab whose refresh answered 401 listens for a newer token from another tab. */
export const LOST_RACE_GRACE_MS = 1_000;

/**
 * The refresh cycle as a child of the session. XState has no declarative way for a parent to
 * hear a child's `emit` (statelyai/xstate#5059), so the session provides the cycle's notify
 * actions with versions that both emit (for direct listeners) and tell the parent.
 */
export const sessionRefreshCycle = /* @__PURE__ */ tokenRefreshMachine.provide({
  actions: {
    emitRefreshed: enqueueActions(({ enqueue }, params: { accessToken: string }) => {
      enqueue.emit({ type: 'tokenRefreshed', accessToken: params.accessToken });
      enqueue.sendParent({ type: 'TOKEN_REFRESHED', accessToken: params.accessToken });
    }),
    emitExpired: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'sessionExpired' });
      enqueue.sendParent({ type: 'SESSION_EXPIRED' });
    }),
    emitRefreshFailed: enqueueActions(({ enqueue }, params: { error: PamErrorType }) => {
      enqueue.emit({ type: 'refreshFailed', error: params.error });
      enqueue.sendParent({ type: 'REFRESH_FAILED', error: params.error });
    }),
  },
});

export function sessionFromLogin(response: LoginSuccess, now: number): StoredSession {
  return {
    accessToken: response.access_token,
    tokenType: response.token_type || 'Bearer',
    expiresAt: Number.isFinite(response.expires_in) ? now + response.expires_in * 1000 : null,
    savedAt: now,
    ...(typeof response.user?.id === 'number' ? { userId: response.user.id } : {}),
  };
}

/** Storage failures never crash the session (the store itself already swallows its own). */
export function settle(result: unknown): void {
  if (result instanceof Promise) result.catch(() => {});
}

export interface GuardedRefreshOptions {
  auth: Pick<AuthModule, 'refreshToken'>;
  tokens: TokenStore;
  crossTab: CrossTab | null;
  timers: TimersLike;
  now: () => number;
}

/**
 * `auth.refreshToken`, guarded:
 * - a token past its announced expiry is not sent: the session ends without a request (after a
 *   sleep longer than the token's life, one wake-up costs zero calls, not a burst);
 * - with other tabs, the refresh is claimed first (`CrossTab.claimRefresh`); a tab that gives
 *   way waits for the winner's token, which the session adopts (aborting this wait);
 * - a 401 is not believed at once when other tabs may have rotated the token: a newer token in
 *   a shared store, or one from another tab within `LOST_RACE_GRACE_MS`, is adopted instead, so
 *   a tab that lost a race never clears a valid session.
 */
export function guardedRefresh(o: GuardedRefreshOptions): Pick<AuthModule, 'refreshToken'> {
  return {
    async refreshToken(options) {
      const signal = options?.signal ?? new AbortController().signal;
      const before = await o.tokens.get();
      if (before?.expiresAt != null && before.expiresAt <= o.now()) {
        throw new PamError('unauthorized', 'The access token expired before it could be refreshed');
      }
      if (o.crossTab && (await o.crossTab.claimRefresh(signal)) === 'yield') {
        await wait(o.timers, CLAIM_TTL_MS, signal);
        if (signal.aborted) throw new AbortedError('POST', 'refreshToken');
        throw new PamError('timeout', 'Another tab claimed the token refresh but sent no token');
      }
      try {
        return await o.auth.refreshToken({ signal });
      } catch (error) {
        if (!o.crossTab || asPamError(error).code !== 'unauthorized') throw error;
        const current = await o.tokens.get();
        if (current && current.accessToken !== before?.accessToken)
          return { access_token: current.accessToken };
        o.crossTab.requestSync();
        await wait(o.timers, LOST_RACE_GRACE_MS, signal);
        throw error;
      }
    },
  };
}
