// The tabs flow: the other tabs of the origin, over the cross-tab channel (machines/cross-tab.ts,
// where every message passes one schema). Its listener turns messages into the session's internal
// events (a shared token goes into the vault at once); whose session wins is ./order.ts; its effects
// answer another tab's sync and revoke a token a logout elsewhere left valid here. Without the tabs flow the session keeps to its tab.

import type { AuthUser } from 'pam-client';
import { type EventObject, fromCallback } from 'xstate';
import type { CrossTab } from '../cross-tab';
import { metaFields } from './context';
import { internal, isInternal, type SessionInternalEvent } from './events';
import { onBase } from './expiry';
import { raiseClock } from './order';
import { settle } from './store';
import type { SessionContext } from './types';
import type { Vault } from './vault';

type Internal<T extends SessionInternalEvent['type']> = Extract<SessionInternalEvent, { type: T }>;
type SignedOut = Internal<'REMOTE_SIGNED_OUT'>;

const stripToken = (user: unknown): AuthUser | null => {
  if (!user || typeof user !== 'object' || Array.isArray(user)) return null;
  const { token: _token, ...rest } = user as AuthUser & { token?: unknown };
  return rest as AuthUser;
};

/**
 * The other tabs, as internal events. A shared token goes into the vault at once: the event
 * carries only its handle.
 */
export const crossTabListener = /* @__PURE__ */ fromCallback<
  EventObject,
  { crossTab: CrossTab | null; vault: Vault }
>(({ input, sendBack }) =>
  input.crossTab?.subscribe(
    (message) => {
      let event: SessionInternalEvent | null = null;
      if (message.type === 'session') {
        const { accessToken, ...meta } = message.session;
        event = internal({
          type: 'REMOTE_SESSION',
          session: { ...meta, handle: input.vault.put(accessToken) },
          user: stripToken(message.user),
          reason: message.reason,
        });
      } else if (message.type === 'signedOut') {
        event = internal({
          type: 'REMOTE_SIGNED_OUT',
          seq: message.seq,
          sid: message.sid,
          at: message.at,
          reason: message.reason,
        });
      } else if (message.type === 'syncRequest') {
        event = internal({ type: 'SYNC_REQUESTED' });
      } else if (message.type === 'profile') {
        event = internal({
          type: 'PROFILE_LOADED',
          user: null,
          userInfo: message.userInfo,
          at: message.at,
          remote: true,
          owner: { userId: message.userId, sid: message.sid },
        });
      }
      if (event) sendBack(event);
    },
    (reason) => sendBack(internal({ type: 'CHANNEL_REFUSED', reason })),
  ),
);

/** Another tab's session, taken. */
export function adopted(context: SessionContext, e: Internal<'REMOTE_SESSION'>): Partial<SessionContext> {
  const meta = metaFields(e.session);
  const sameLogin = meta.sid !== null && meta.sid === context.sid && meta.userId === context.userId;
  return {
    ...meta,
    clock: raiseClock(context.clock, e.session.seq),
    // Another login (maybe another player): nothing of the one before is kept.
    ...(sameLogin
      ? { user: e.user ?? context.user }
      : { user: e.user, userInfo: null, userInfoAt: null, restrictions: null, playTime: null }),
    error: null,
    signedOutReason: null,
  };
}

/**
 * Another tab logged out of this login, but this tab holds a newer token of it (it refreshed after
 * the other tab's last word): that token is revoked too, not left valid.
 */
export function revokeIfNewer(context: SessionContext, e: SignedOut): void {
  if (e.reason !== 'logout' || context.seq === null || e.seq === null || context.seq <= e.seq) return;
  const { auth, tokens } = context.deps;
  settle(
    Promise.resolve(tokens.get()).then((current) =>
      current ? auth.logout({ accessToken: current.accessToken }) : undefined,
    ),
  );
}

/** Another tab asked for the session: answer with the one in our store. */
export function answerSync(context: SessionContext): void {
  const { deps, user } = context;
  settle(
    Promise.resolve(deps.tokens.get()).then((stored) => {
      // The answer names its player and login (a store written before they existed has neither).
      if (stored)
        deps.crossTab?.publishSession(
          {
            ...stored,
            ...(stored.userId === undefined && context.userId !== null ? { userId: context.userId } : {}),
            ...(stored.seq === undefined && context.seq !== null ? { seq: context.seq } : {}),
            ...(stored.sid === undefined && context.sid !== null ? { sid: context.sid } : {}),
          },
          'sync',
          user,
        );
    }),
  );
}

/**
 * Another tab asked for the session while this one holds none: the login this tab saw end is said
 * again (a sign-out message, which every tab already takes as often as it comes), so a tab opened or
 * reloaded since counts its next login past it and the others do not refuse that login as older.
 */
export function answerSyncSignedOut(context: SessionContext): void {
  const ended = context.signedOut;
  if (context.savedAt !== null || !ended || (ended.seq === null && ended.sid === null)) return;
  context.deps.crossTab?.publishSignedOut({
    seq: ended.seq,
    sid: ended.sid,
    reason: context.signedOutReason === 'expired' ? 'expired' : 'logout',
  });
}

/** What the session forgets when another tab ended its login: why, and when that tab said so. */
export const remoteForgetOf = (e: SignedOut) => ({
  reason: e.reason === 'expired' ? ('expired' as const) : ('remote' as const),
  at: e.at,
});

/** The refresh cycle restarts from an adopted session (its token stays in the vault, never here). */
export const adoptedTokenSaved = (c: SessionContext) => ({
  type: 'TOKEN_SAVED' as const,
  accessToken: '[adopted]',
  savedAt: c.savedAt === null ? undefined : onBase(c.savedAt, c.timeBase, c.deps),
  ...(c.expiresAt === null ? {} : { expiresAt: onBase(c.expiresAt, c.timeBase, c.deps) }),
});

/** A session message not taken: its token leaves the vault at once. */
export const dropRemoteHandle = (c: SessionContext, event: { type: string }): void => {
  if (event.type === 'REMOTE_SESSION' && isInternal(event))
    c.deps.vault.take((event as Internal<'REMOTE_SESSION'>).session.handle);
};
