// `client.stop()` aborts the user module's calls in flight and refuses later ones, nothing sent
// (REVIEW-N 5): every call of the adapter the flows get carries the client's stop signal with the
// caller's. The session's own calls keep the adapter as it is (revokes already scheduled still go).

import type { HttpAdapter, RequestOptions } from 'pam-client';

/** `http` whose calls also end when `stopped` aborts. */
export function stoppable(http: HttpAdapter, stopped: AbortSignal): HttpAdapter {
  const wrap =
    (name: keyof HttpAdapter, at: number) =>
    (...args: unknown[]) => {
      const given = args[at] as RequestOptions | null | undefined;
      // A wrong option (a `signal` of another kind, a throwing getter: `AbortSignal.any` or the
      // spread throws) is passed as given, the adapter's to refuse; so is any signal where
      // `AbortSignal.any` is missing (the stop then aborts only calls without their own).
      try {
        const signal = given?.signal;
        args[at] = { ...given, signal: signal == null ? stopped : AbortSignal.any([signal, stopped]) };
      } catch {}
      return (http[name] as (...a: unknown[]) => Promise<unknown>)(...args);
    };
  return {
    get: wrap('get', 1),
    post: wrap('post', 2),
    patch: wrap('patch', 2),
    delete: wrap('delete', 1),
  } as HttpAdapter;
}
