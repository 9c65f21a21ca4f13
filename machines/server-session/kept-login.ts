// A login the page gives up on (a cancel, a logout, `stop()`, its caller's signal) while its answer
// is on its way. Before its head is in, the fetch is aborted: a browser drops the cookie of a fetch
// aborted then, and any login the cookie held stands. Once its head is in, the browser has stored
// its cookie (review 43): aborting would leave that login live in the cookie while the page shows
// signed out, so the call is kept to its answer and the login it grants is logged out, naming it.
// A login sent after waits for that (review 45): else the kept answer's cookie would replace the
// newer login's, or its logout end the newer one with it (a logout ends its browser's lineage at
// the proxy, the logins in flight included).

import { AbortedError, type RequestOptions } from 'pam-client';
import { statusOf } from '../errors';
import { serverSessionOf } from './auth';

type Call = (...args: unknown[]) => Promise<unknown>;

/**
 * `auth` with its logins (`login`, `registerSimplified`) given up on as above, when the caller's
 * `signal` or `stopped` aborts: the caller's promise rejects `aborted` at once; the fetch is aborted
 * while its answer's head is not in (the adapter's `answered` hook), else it goes on to its answer
 * and `end(loginId)` logs out the login it grants (`end()`: the answer failed, the session is read again). A login is sent only once the logins kept before
 * it have answered and been ended (at once when there is none); its caller's signal ends that wait
 * too, nothing sent (a signal aborted already sends nothing). Every other call is as given.
 * A login the proxy refused because a logout ended its cookie's lineage (`pam: 'signed_out'`) has
 * had that cookie cleared, whatever login it held by then: `cleared()` (followed or given up on).
 */
export function keptLogins<A extends object>(
  auth: A,
  end: (loginId?: string) => Promise<unknown>,
  stopped: AbortSignal,
  cleared: () => void,
): A {
  // The logins kept, each until its answer and its logout have settled. Never rejects.
  let settled: Promise<unknown> = Promise.resolve();
  const kept = (name: string) => {
    const call = (auth as Record<string, Call | undefined>)[name];
    return (
      call && {
        [name]: async (payload: unknown, options?: RequestOptions) => {
          const signals = [options?.signal, stopped];
          // `cut` once, when either signal aborts (at once if one has), while `over` runs.
          const watch = (cut: () => void, over: Promise<unknown>) => {
            let once = () => {
              once = () => {};
              cut();
            };
            const on = () => once();
            if (signals.some((s) => s?.aborted)) return on();
            for (const s of signals) s?.addEventListener('abort', on);
            over
              .finally(() => {
                for (const s of signals) s?.removeEventListener('abort', on);
              })
              .catch(() => {});
          };
          await new Promise<void>((resolve, reject) => {
            watch(
              () => reject(new AbortedError(name, 'call')),
              settled.then(() => resolve()),
            );
          });
          let answered = false;
          const own = new AbortController();
          const sent = call.call(auth, payload, {
            ...options,
            signal: own.signal,
            [Symbol.for('pam-client.answered')]: () => {
              answered = true;
            },
          });
          let gaveUp = false;
          return new Promise((resolve, reject) => {
            watch(() => {
              gaveUp = true;
              reject(new AbortedError(name, 'call'));
              if (!answered) return own.abort();
              // (Its answer unreadable or never whole, its head was in: `end()`, no login to name,
              // reads the session again.)
              const done = sent.then(
                (answer) => {
                  const loginId = serverSessionOf(answer)?.login_id;
                  return loginId && end(loginId);
                },
                () => end(),
              );
              settled = Promise.all([settled, done]);
            }, sent);
            sent.then(resolve, (error) => {
              if ((error as { body?: { pam?: unknown } } | null)?.body?.pam === 'signed_out') cleared();
              // Followed, and failed once its head was in with no refusal (its body cut off, an
              // answer unreadable): the proxy may have set its cookie, so the session is read
              // again (`end()`, before the failure is heard: review 50).
              if (answered && !gaveUp && !((statusOf(error) ?? 0) >= 400)) end();
              reject(error);
            });
          });
        },
      }
    );
  };
  return { ...auth, ...kept('login'), ...kept('registerSimplified') };
}
