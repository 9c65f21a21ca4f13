// The session's side effects: named actions of the machine (xstate's pure `transition()` never
// runs them), written here as plain functions of the context.

import type { StoredSession } from 'pam-client';
import { settle } from './deps';
import type { SessionInternalEvent } from './internal';
import { isNewerSession } from './support';
import type { SessionContext } from './types';

type SignedOut = Extract<SessionInternalEvent, { type: 'REMOTE_SIGNED_OUT' }>;

/** Writes the session a handle stands for, and tells the other tabs (unless it came from them). */
export function writeSession(
  context: SessionContext,
  p: { handle: string; reason: 'login' | 'refresh' | 'adopt' },
): void {
  const token = context.deps.vault.take(p.handle);
  if (!token || context.savedAt === null) return;
  const session: StoredSession = {
    accessToken: token,
    tokenType: context.tokenType ?? 'Bearer',
    expiresAt: context.expiresAt,
    savedAt: context.savedAt,
    ...(context.userId === null ? {} : { userId: context.userId }),
    ...(context.seq === null ? {} : { seq: context.seq }),
    ...(context.sid === null ? {} : { sid: context.sid }),
  };
  settle(context.deps.tokens.set(session));
  if (p.reason !== 'adopt') context.deps.crossTab?.publishSession(session, p.reason, context.user);
}

/**
 * A shared store may hold a newer session (another client of the store refreshed, or logged in
 * again while this tab was frozen): only our session, or an older one, is cleared.
 */
export function clearTokensUnlessNewer(context: SessionContext): void {
  const ours = context.savedAt === null ? null : { seq: context.seq ?? undefined, savedAt: context.savedAt };
  settle(
    Promise.resolve()
      .then(() => context.deps.tokens.get())
      .then((current) => {
        if (current && ours && isNewerSession(current, ours)) return;
        return context.deps.tokens.clear();
      }),
  );
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
