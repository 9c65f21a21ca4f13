// A login the page gives up on (a cancel, a logout, `stop()`) while its answer is on its way: a
// browser stores the answer's cookie as soon as its headers arrive, so aborting the fetch then
// leaves the login live in the cookie (review 43). The call is kept to its answer instead: its
// caller hears `aborted` at once, and a login the answer grants is logged out, naming it.

import { AbortedError, type RequestOptions } from 'pam-client';

type Call = (...args: unknown[]) => Promise<unknown>;

/** The login the answer of a login grants (`server_session.login_id`), or undefined. */
export const grantedLogin = (answer: unknown): string | undefined =>
  (answer as { server_session?: { login_id?: string } } | null)?.server_session?.login_id;

/**
 * `auth` with its logins (`login`, `registerSimplified`) kept to their answer when the caller's
 * `signal` aborts: the caller's promise rejects `aborted` then, the fetch goes on without that
 * signal (the adapter's own deadline still bounds it), and `end(loginId)` logs out a login its
 * answer grants. Every other call is as given.
 */
export function keptLogins<A extends object>(auth: A, end: (loginId: string) => unknown): A {
  const kept = (name: string) => {
    const call = (auth as Record<string, Call | undefined>)[name];
    return (
      call && {
        [name]: (payload: unknown, options?: RequestOptions) => {
          const signal = options?.signal;
          const sent = call.call(auth, payload, { ...options, signal: undefined });
          if (!signal) return sent;
          return new Promise((resolve, reject) => {
            const cut = () => {
              reject(new AbortedError(name, 'call'));
              sent.then(
                (answer) => {
                  const loginId = grantedLogin(answer);
                  if (loginId) end(loginId);
                },
                () => {},
              );
            };
            if (signal.aborted) return cut();
            signal.addEventListener('abort', cut, { once: true });
            sent.finally(() => signal.removeEventListener('abort', cut)).then(resolve, reject);
          });
        },
      }
    );
  };
  return { ...auth, ...kept('login'), ...kept('registerSimplified') };
}
