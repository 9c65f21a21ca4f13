// A restriction change sent through the client's own adapter (REVIEW29A-10): `client.http`, and so
// every module an app builds on it (the standalone `setTimeoutLimits(client.http, ...)` API.md
// recommends for bundle size, `createUserModule(client.http)`), is followed as a `client.user`
// change is (`recheck`, ./restriction-changes.ts): a pause or a self-exclusion bars betting from the
// send; once settled, one accepted or of unknown outcome makes the profile flow read again (a limit
// change too, its limits as sent); a refusal (4xx) releases its bar. Which requests: the user rows'
// mutations of limits, pause and self-exclusion, by their method and path (read from the rows).
// The profile flow installs it (what bundles restrictions): a client without it carries none.

import type { HttpAdapter } from 'pam-client';
import { USER_CALLS } from 'pam-client/internal';
import { type Recheck, recheck } from './restriction-changes';

/** The user calls that change restrictions (their method and path: their rows'). */
const WRITES = ['updateLimits', 'setTimeoutLimits', 'setSelfExclusion'] as const;

/** The adapter's calls as they were before `watchRestrictionWrites` (`client.user` sends through them: told once). */
export const unwatched = new WeakMap<HttpAdapter, HttpAdapter>();

/**
 * A request's path as a route: without its query or fragment, nor a trailing slash (the server
 * may route either to the change: fail closed). Not a string: none (the adapter refuses it).
 */
const routeOf = (path: unknown) =>
  typeof path === 'string' ? path.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1') : '';

/**
 * Replaces, in place, the calls of `http` (the client's own adapter object, `client.http`) that can
 * send a body (a change) with ones that follow a restriction change (`recheck`: a request of its
 * row's method and path); the calls as they were are kept in `unwatched` for the user module's
 * wrapper, which already follows its own.
 */
export function watchRestrictionWrites(http: HttpAdapter, deps: Recheck): void {
  const raw = { ...http } as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  unwatched.set(http, raw as unknown as HttpAdapter);
  for (const verb of ['post', 'patch', 'delete'])
    (http as unknown as typeof raw)[verb] = (path, ...rest) => {
      const name = WRITES.find(
        (n) => USER_CALLS.rows[n].path === routeOf(path) && USER_CALLS.rows[n].method === verb.toUpperCase(),
      );
      // (Its payload and options as a user call's: `rest`, the adapter's body and options.)
      return name ? recheck(name, rest, () => raw[verb]!(path, ...rest), deps) : raw[verb]!(path, ...rest);
    };
}
