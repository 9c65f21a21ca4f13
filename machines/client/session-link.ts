// How the client's modules and the session meet: the adapter and the session read one token store
// (a write still in flight is read back), a 401 waits for the session's refresh, and a
// responsible-gaming change makes the session read the restrictions again.

import type { StoredSession, TokenStore, UserModule } from 'pam-client';
import type { Actor } from 'xstate';
import { internal, type Owner } from '../session/events';
import type { sessionCore } from '../sessionMachine';

/** The running session as the client holds it. */
export type SessionRef = Actor<typeof sessionCore>;

/**
 * Reads see a write still in flight. With an async store (IndexedDB, a native bridge) the session
 * hears `tokenRefreshed` before `set` settles; without this, a request retried on that signal
 * would read the old token back and fail with 401 although the refresh worked. A sync store
 * (the built-in ones) settles at once, so nothing changes for it.
 */
export function withPendingWrites(store: TokenStore): TokenStore {
  // `undefined`: no write pending; `null`: a clear pending.
  let pending: StoredSession | null | undefined;
  let generation = 0;

  function track(value: StoredSession | null, result: void | Promise<void>): void | Promise<void> {
    const mine = ++generation;
    // A write that settled at once is the store's word: an older one still pending is overtaken.
    if (!(result instanceof Promise)) {
      pending = undefined;
      return result;
    }
    pending = value;
    return result.finally(() => {
      if (generation === mine) pending = undefined;
    });
  }

  return {
    get: () => (pending === undefined ? store.get() : pending),
    set: (session) => track(session, store.set(session)),
    clear: () => track(null, store.clear()),
  };
}

/**
 * The adapter's `onUnauthorized`: ask the session for a refresh and wait for its outcome. The
 * adapter already makes this single-flight, and the refresh cycle ignores a REFRESH while one is
 * in flight, so N concurrent 401s cost one refresh.
 */
export function refreshThroughSession(
  session: SessionRef,
  waiters: Set<(ok: boolean) => void>,
): Promise<boolean> {
  const snapshot = session.getSnapshot();
  // A stopped actor still shows its last state, but nothing will ever answer it.
  if (snapshot.status !== 'active' || !snapshot.matches('signedIn')) return Promise.resolve(false);
  return new Promise((resolve) => {
    let subs: { unsubscribe(): void }[] = [];
    function done(ok: boolean) {
      if (!waiters.delete(done)) return;
      for (const sub of subs) sub.unsubscribe();
      resolve(ok);
    }
    waiters.add(done);
    subs = [
      session.on('tokenRefreshed', () => done(true)),
      session.on('sessionExpired', () => done(false)),
      session.on('refreshFailed', () => done(false)),
      session.subscribe({
        next: (s) => {
          if (s.status !== 'active' || !s.matches('signedIn')) done(false);
        },
        error: () => done(false),
        complete: () => done(false),
      }),
    ];
    session.send({ type: 'REFRESH' });
  });
}

/** The changes after which the restrictions must be read again (IN SPA 31/2025: show them at once). */
const RESTRICTION_CHANGES = ['updateLimits', 'setTimeoutLimits', 'setSelfExclusion'] as const;

/** `user` with the responsible-gaming changes followed by a profile re-read in the session. */
export function withProfileRecheck(user: UserModule, session: () => SessionRef | undefined): UserModule {
  const wrapped: Record<string, unknown> = { ...user };
  for (const name of RESTRICTION_CHANGES) {
    const original = user[name] as (...args: unknown[]) => Promise<unknown>;
    // After a failure nothing changed, or the outcome is unknown and the outcome check re-reads
    // the profile (which the client hands to the session): one read either way.
    wrapped[name] = async (...args: unknown[]) => {
      const result = await original(...args);
      session()?.send(internal({ type: 'PROFILE_CHANGED' }));
      return result;
    };
  }
  return wrapped as unknown as UserModule;
}

/** A profile read elsewhere (the outcome check's re-read) is the session's too. */
export function profileRead(
  session: SessionRef,
  profile: { user?: unknown; userInfo?: unknown },
  at: number,
  owner: Owner,
) {
  const userInfo = profile.userInfo;
  if (!userInfo || typeof userInfo !== 'object') return;
  const { token: _token, ...user } = (profile.user ?? {}) as Record<string, unknown>;
  session.send(
    internal({
      type: 'PROFILE_LOADED',
      user: profile.user ? (user as never) : null,
      userInfo: userInfo as Record<string, unknown>,
      at,
      remote: false,
      owner,
    }),
  );
}
