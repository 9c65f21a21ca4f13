// A revoke (a logout naming its token), and its resends while it gets no verdict (review rj10
// LOW-2, REVIEW-K 2): the session's every revoke goes through here. Split from refresh.ts.

import { AbortedError, type AuthModule } from 'pam-client';
import { asPamError } from 'pam-client/internal';
import type { TimersLike } from '../environment';
import { settle } from './store';
import type { Vault } from './types';

/** The session's seams a revoke sent again runs on: the environment's timers, and its random for the jitter. */
export interface RevokeSeams {
  timers: TimersLike;
  random: () => number;
}

/** The seams of `s` when it has both (the session's services do). */
export const seamsOf = (s: Partial<RevokeSeams>): RevokeSeams | undefined =>
  s.timers && s.random ? { timers: s.timers, random: s.random } : undefined;

/**
 * How many times a revoke that got no verdict is sent again: 3 sends in all at most.
 *
 * @internal A test seam (test/session/revoke-retry.property; CONTRIBUTING.md): the code reads it
 * as a literal (`revokeWithRetries`), for the bundles.
 */
export const REVOKE_RETRIES = 2;

/**
 * The wait before the `retry`th resend of a revoke (0, 1): 0.5 s, then 2 s, ±10 % on `random` (the
 * server's revoke waits the same), so tabs that failed together do not resend together.
 */
export const revokeRetryMs = (retry: number, random: () => number): number =>
  Math.round((retry ? 2000 : 500) * (0.9 + 0.2 * random()));

/**
 * Whether a revoke that failed with `error` got no verdict, and is sent again: no answer, a
 * timeout, a 5xx, a 3xx, and the 4xx that say "try again" (408, 425, 429: REVIEW-K 2). Any other
 * 4xx is a verdict (a 401: the token is dead already), and so is an abort (the call was given up)
 * or anything else.
 */
export function noVerdict(error: unknown): boolean {
  // (408, 425, 429: the 4xx that ask for the request again later, not a verdict on it.)
  const e = asPamError(error);
  const status = (e as { status?: unknown }).status;
  return (
    e.code === 'network' ||
    e.code === 'timeout' ||
    // (A 2xx saying `success: false`: the server did not revoke it, review 126.)
    (e.code === 'invalid_response' &&
      (e as { issues?: { code?: string }[] }).issues?.some((i) => i.code === 'not_confirmed') === true) ||
    (e.code === 'http' &&
      typeof status === 'number' &&
      (status < 400 || status > 499 || [408, 425, 429].includes(status)))
  );
}

/**
 * A revoke: `first` sent, and, while a send gets no verdict (`noVerdict`), `again` sent after
 * `revokeRetryMs` on the session's timers, at most `REVOKE_RETRIES` times, until a 2xx or a 4xx.
 * The resends are detached: what is returned is the first send's outcome (the logout's view waits
 * for nothing more), and a client stopped meanwhile still sends them (they only end a token that
 * would otherwise stay live; a page gone takes its timers with it). Without `seams`: sent once.
 * The token lives in the senders' closures only.
 */
export function revokeWithRetries<T>(
  first: () => Promise<T>,
  again: () => Promise<unknown>,
  seams: RevokeSeams | undefined,
): Promise<T> {
  const sent = first();
  const retry = (n: number) => (error: unknown) => {
    // (`REVOKE_RETRIES` as a literal: a bundle keeps a named constant as a variable, issue 33.)
    if (seams && n < 2 && noVerdict(error))
      seams.timers.setTimeout(
        () =>
          settle(
            Promise.resolve()
              .then(again)
              .catch(retry(n + 1)),
          ),
        revokeRetryMs(n, seams.random),
      );
  };
  settle(sent.catch(retry(0)));
  return sent;
}

/**
 * The session's auth for a logout (`logoutSession`): its `logout` of a named token is a revoke
 * sent again while it gets no verdict (`revokeWithRetries`); one naming no token is sent once.
 * Every send of a named token goes without the logout's `signal`, which ends only the session's
 * wait for it: a client stopped at once after a sign-out (a navigation, an unmount, a hot reload)
 * still ends the token at the server (review 144: the request was aborted, never sent again, and
 * the token stayed live), as the detached login and refresh calls do.
 */
export function resendingAuth<A extends Pick<AuthModule, 'logout'>>(auth: A, seams: RevokeSeams): A {
  const logout: AuthModule['logout'] = (options) => {
    const accessToken = options?.accessToken;
    if (typeof accessToken !== 'string') return auth.logout(options);
    const send = () => auth.logout({ accessToken });
    const sent = revokeWithRetries(send, send, seams);
    const signal = options?.signal;
    return new Promise((resolve, reject) => {
      sent.then(resolve, reject);
      const stop = () => reject(new AbortedError('POST', 'logout'));
      if (signal?.aborted) stop();
      else signal?.addEventListener('abort', stop, { once: true });
    });
  };
  return Object.assign(Object.create(auth) as A, { logout });
}

/**
 * A token no tab keeps (none, or empty: nothing), revoked at the server; its answer (a 401 for one
 * already revoked) heard by nobody. With the session's `seams`, one that got no verdict is sent
 * again (`revokeWithRetries`).
 */
export const revokeToken = (
  auth: Pick<AuthModule, 'logout'>,
  accessToken: unknown,
  seams?: RevokeSeams,
): void => {
  const send = () => auth.logout({ accessToken: accessToken as string });
  if (accessToken && typeof accessToken === 'string')
    settle(Promise.resolve().then(() => revokeWithRetries(send, send, seams)));
};

/**
 * A token of a login no longer held (a refreshed one heard while signing out or after): out of the
 * vault, and revoked, so none of an ended login stays live here or at the server.
 */
export function revokeHandle(
  s: { vault: Vault; auth: Pick<AuthModule, 'logout'> } & Partial<RevokeSeams>,
  handle: string,
): void {
  revokeToken(s.auth, s.vault.take(handle), seamsOf(s));
}
