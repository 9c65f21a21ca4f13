// The user module's door (R-9, FIXREST28, REVIEW-28B): which calls go, wait for a restore, or are
// refused before any layer runs.

import { AbortedError, UnauthorizedError, type UserModule } from 'pam-client';
import { abortedBeforeCall, signalOf } from './outcome';
import { refreshThroughSession, type SessionRef } from './session-facade';

/**
 * `user` with every call refused at once, nothing sent, no layer run (no step-up attempt reserved,
 * no restriction kept): `aborted` without a running session (none, stopped, crashed: as `client.http`
 * after stop()) or with its `signal` already aborted; `unauthorized` while no player is signed in
 * (signed out, the code step, signing out: R-9). One made while the stored session is read and no
 * player is held yet (a page load) waits for the restore to land and is then judged again as above
 * (FIXREST28): sent with the landed login's token, refused, or `aborted` when its signal aborts or
 * the session stops meanwhile (REVIEW-28B R28B-3, R28B-4); restoring after a sign-out in this tab,
 * refused. One made while a login is held, even in
 * a `restoring` state (the server session confirming a 401, REVIEW-28B R28B-1), is that login's
 * and goes at once: it is never held over to the login the restore lands on.
 */
export function signedInOnly(user: UserModule, session: () => SessionRef | undefined): UserModule {
  const wrapped: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(user))
    wrapped[name] = (...args: unknown[]) => {
      const s = session()?.getSnapshot();
      if (s?.status !== 'active' || abortedBeforeCall(args))
        return Promise.reject(new AbortedError(name, 'call'));
      // (A login held: a player, or the server session's login id, kept while it confirms a 401.)
      const held = s.context.userId != null || (s.context as { loginId?: unknown }).loginId != null;
      if (s.hasTag('signedIn') || (s.hasTag('restoring') && held)) return call(...args);
      // (Restoring after this tab signed out, the server session re-reading after a logout's 401:
      // a call made then, by the UI of the player who left, is refused, never held over to the
      // login the read lands on. REVIEW-28C.)
      if (!s.hasTag('restoring') || s.context.signedOutReason != null)
        return Promise.reject(
          new UnauthorizedError({ status: 401, method: name, path: '(signed out: not sent)' }),
        );
      // Made while the stored session is read with no player: sent once it lands signed in (never
      // before, with no token, then again after the 401); landed otherwise (a login taken after it
      // is not this call's, R27C-1), refused; the call's signal aborted or the session stopped
      // meanwhile, `aborted` at once (judged again: REVIEW-28B R28B-3, R28B-4).
      const waiters = new Set<(ok: boolean) => void>();
      const signal = signalOf(args);
      const abort = () => {
        for (const done of waiters) done(false);
      };
      signal?.addEventListener('abort', abort);
      return refreshThroughSession(session() as SessionRef, waiters, 'restoring').then((ok) => {
        signal?.removeEventListener('abort', abort);
        return ok || session()?.getSnapshot().status !== 'active' || abortedBeforeCall(args)
          ? (wrapped[name] as typeof call)(...args)
          : Promise.reject(
              new UnauthorizedError({ status: 401, method: name, path: '(signed out: not sent)' }),
            );
      });
    };
  return wrapped as unknown as UserModule;
}
