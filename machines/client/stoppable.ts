// `client.stop()` ends the client's calls (REVIEW-N 5): `client.http`'s, the user module's and
// `client.auth`'s. A call after it is refused, nothing sent; one in flight ends `aborted` at once.
// The session's own calls keep the adapter and auth as they are (revokes already scheduled still go).

import { AbortedError, type RequestOptions } from 'pam-client';

type Call = (...args: unknown[]) => Promise<unknown>;
type Events = { setMaxListeners?(n: number, ...targets: EventTarget[]): void };

/**
 * `calls` ended by `stopped`: an adapter's (no `late`) or a module's. An adapter's call whose caller
 * gives no `signal` gets `stopped` as its signal: the adapter cuts it off. Any other call in flight
 * at the stop is left to answer, and `late` gets its answer (a login's grant, undone). Not
 * `AbortSignal.any`: each signal it makes lives as long as `stopped` (nodejs/node#55351), and costs.
 */
export function stoppable<M extends object>(
  calls: M,
  stopped: AbortSignal,
  late?: (answer: never) => unknown,
): M {
  // Each call in flight listens to `stopped`: Node warns past 10 listeners on one signal
  // (MaxListenersExceededWarning, 20 concurrent calls: review 123), as if they leaked; they are
  // removed when each call settles. Browsers have no such limit.
  try {
    (globalThis as { process?: { getBuiltinModule?(id: string): Events | undefined } }).process
      ?.getBuiltinModule?.('node:events')
      ?.setMaxListeners?.(0, stopped);
  } catch {}
  const out: Record<string, Call> = {};
  for (const [name, call] of Object.entries(calls) as [string, Call][])
    out[name] = (...args) => {
      const stop = () => new AbortedError(name, 'call');
      if (stopped.aborted) return Promise.reject(stop());
      // An adapter's options: `post`'s and `patch`'s third argument, `get`'s and `delete`'s second.
      // A wrong one (a throwing getter) is passed as given, the adapter's to refuse.
      const i = name[0] === 'p' ? 2 : 1;
      let cutBy: unknown;
      try {
        const given = args[i] as RequestOptions | undefined;
        if (!late && given?.signal == null) cutBy = args[i] = { ...given, signal: stopped };
      } catch {}
      const sent = call(...args);
      return cutBy
        ? sent
        : new Promise((resolve, reject) => {
            const cut = () => {
              reject(stop());
              if (late) sent.then(late as (answer: unknown) => unknown).catch(() => {});
            };
            stopped.addEventListener('abort', cut);
            // Off the signal before its caller hears: a stop() its caller then makes undoes nothing.
            sent.finally(() => stopped.removeEventListener('abort', cut)).then(resolve, reject);
          });
    };
  return out as M;
}

/**
 * `http` whose calls are refused as they leave once `stopped` (`AbortedError`, nothing sent): by the
 * adapter's `sent` hook, told synchronously right before `fetch`, after the token is read (review
 * 152: a `client.auth` call made right before `stop()` was still sent, in the microtasks between its
 * token read and `fetch`). For `client.auth`'s and a registration's calls only (none of their callers
 * gives a `sent` hook of its own): the session's own (a revoke, a logout already asked) go after a
 * stop. A call already sent runs to its end.
 */
export function stoppedAtSend<A extends object>(http: A, stopped: AbortSignal): A {
  const out: Record<string, Call> = {};
  for (const [name, call] of Object.entries(http) as [string, Call][])
    out[name] = (...args) => {
      const i = name[0] === 'p' ? 2 : 1;
      args[i] = {
        ...(args[i] as object),
        [Symbol.for('pam-client.sent')]: () => {
          if (stopped.aborted) throw new AbortedError(name, 'call');
        },
      };
      return call(...args);
    };
  return out as A;
}
