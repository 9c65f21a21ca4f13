// The browser-only set-up imported by a server render (issue 29.2): a client made in a module with a
// relative `baseURL` (`/api`) has no page to resolve it against on the server. Rather than throw at
// import (a 500 for the whole page), that client is inert there: signed out, it sends nothing,
// starts no timer, ignores the commands, and says so once in `debug`. A signed-in page is rendered
// with the server session instead (`pam-client/server`, docs/server.md).

import { ConfigurationError, createMemoryTokenStore } from 'pam-client';
import type { TimersLike } from 'pam-client/internal';
// A module importing nothing, by a relative import the layers allow (as login/request.ts's captcha).
import { isAbsoluteURL, pageURL } from '../../src/http/page';
import type { DebugLogger } from './debug';

interface InertCandidate {
  baseURL: string;
  fetch?: typeof fetch;
  debug?: boolean | DebugLogger;
}

/**
 * True on a server (no page URL) for a relative `baseURL` without the app's own `fetch`. A
 * `location` that is no http(s) page (`about:blank`, which a DOM shim registered on a server
 * sets) is no page: nothing relative resolves against it.
 */
export function isInertOnServer(options: InertCandidate): boolean {
  const { baseURL } = options;
  // (An absolute URL: a scheme first; the page's URL: the adapter's readings, one copy in a bundle.)
  if (typeof baseURL !== 'string' || baseURL.trim() === '' || isAbsoluteURL(baseURL)) return false;
  const href = pageURL();
  return !(href !== undefined && /^https?:\/\//i.test(href)) && !options.fetch;
}

type Commands = 'login' | 'register' | 'submitCode' | 'cancel' | 'logout';

/**
 * Builds the inert client through `create` (the normal path, with a fetch that sends nothing,
 * timers that never fire, a memory store and no channel), then makes its commands do nothing.
 */
export function inertClient<O extends InertCandidate & { environment?: object }, C>(
  options: O,
  create: (options: O) => C,
): C {
  const { debug, baseURL } = options;
  if (debug) {
    const write: DebugLogger =
      debug === true ? (line) => console.debug(`[pam-client] ${line}`) : (debug as DebugLogger);
    // The one line it writes (short: it is in every browser bundle; docs/deploy.md and
    // docs/server.md say the rest).
    write(
      `baseURL ${JSON.stringify(baseURL)} is relative on a server: this client is inert (signed out, ` +
        'sends nothing); use pam-client/server.',
    );
  }
  const client = create({
    ...options,
    // A fetch that sends nothing: every call of an inert client (the user module's too) is refused
    // with a `ConfigurationError`, which the adapter names by its code only (the cause of its
    // `NetworkError`): a short message is enough (shorter than the server-session client's,
    // ../server-session/, since it is in every browser bundle: issue 33).
    fetch: (() => Promise.reject(new ConfigurationError('inert on a server'))) as typeof fetch,
    storage: createMemoryTokenStore(),
    // Timers that never fire: an inert client schedules nothing.
    environment: {
      ...options.environment,
      timers: { setTimeout: () => 0, clearTimeout: () => {} } satisfies TimersLike,
      channel: null,
    },
  }) as C &
    Record<Commands, () => void> & {
      view: { status: string };
      state: { send(): void };
    };
  for (const name of ['login', 'register', 'submitCode', 'cancel', 'logout'] as const)
    client[name] = () => {};
  // `client.state` reads the view and its changes through the client (both replaced below).
  client.state.send = () => {};
  // Signed out from the first render (no `restoring` frame: there is nothing to restore here), and
  // for good: the view never changes, so there is nothing to subscribe to.
  const view = Object.freeze({ ...client.view, status: 'signedOut' });
  Object.defineProperties(client, { view: { get: () => view }, subscribe: { value: () => () => {} } });
  return client;
}
