// A restriction change sent through the client's own adapter (REVIEW29A-10; server-session mode:
// SSRW30): `client.http`, and so every module an app builds on it (the standalone
// `setTimeoutLimits(client.http, ...)` API.md recommends for bundle size,
// `createUserModule(client.http)`), is followed as a `client.user` change is (`recheck`,
// ./restriction-changes.ts): a pause or a self-exclusion bars betting from the send; once settled,
// one accepted or of unknown outcome makes the profile flow read again (a limit change too, its
// limits as sent); a refusal (4xx) releases its bar. Which requests: the user rows' mutations of
// limits, pause and self-exclusion, by their method and path. The token clients' profile flow
// installs it (what bundles restrictions: a client without it carries none); the server-session
// client always (its profile flow always runs).

import type { HttpAdapter } from 'pam-client';
import { type Recheck, recheck } from './restriction-changes';

/**
 * The user calls that change restrictions, by their rows' method and path (`PATCH`, all three):
 * written out, not read from the rows, which would bundle every user call's reader with the watch
 * (the server-session client carries it without the user module); a test holds them to the rows.
 */
export const RESTRICTION_WRITES = {
  updateLimits: '/bff/users/update-limits',
  setTimeoutLimits: '/bff/users/timeout-limits',
  setSelfExclusion: '/bff/users/self-exclusion',
} as const;

const raws = new WeakMap<HttpAdapter, HttpAdapter>();
/**
 * The adapter's calls as they were before `watchRestrictionWrites` (`client.user` sends through
 * them: told once), the same copy whichever flow is set up first (a user module before the
 * profile flow took `http` itself, then watched in place: told twice).
 */
export const unwatched = (http: HttpAdapter): HttpAdapter => {
  if (!raws.has(http)) raws.set(http, { ...http });
  return raws.get(http)!;
};

/**
 * A request's path as the route a server may take it for (fail closed: every spelling that may
 * reach a change is that change): resolved as the adapter's URL is (a leading slash or none, dot
 * segments), its escapes decoded first (`%74`, `%2e%2e`, `%2F`), without its query or fragment,
 * segment parameters (`;x`), repeated and trailing slashes, in lower case (a server may route
 * without case). Not a string: none (the adapter refuses it, nothing sent).
 */
const routeOf = (path: unknown) =>
  typeof path === 'string'
    ? new URL(unescape(path).replace(/^[/\\]*/, '/'), 'http://x').pathname
        .replace(/;[^/]*|\/+(?=\/|$)/g, '')
        .toLowerCase()
    : '';

/**
 * The limits a limit change's body sends, as it goes out (a standalone call's: its reader's
 * output already; a raw one's: as the app wrote it), for the server-session client, which
 * carries no user call's reader without the user module: its `user_limit_*` fields, each an
 * amount (a number, 0 or more), its flag (0 or 1) or its period, as that reader takes them. None
 * of them, any other such field or value, or a body that cannot be read: none (not kept: the
 * re-read alone tells), as the reader refuses it. (`Recheck.sent`'s shape: the call's name first.)
 */
export const limitsSent = (_name: unknown, body: unknown) => {
  const out: Record<string, unknown> = {};
  try {
    // (An undefined field is not sent: JSON leaves it out.)
    for (const [k, v] of Object.entries(body as object))
      if (/^user_limit_/.test(k) && v !== undefined) {
        const [, kind, flag] = /^user_limit_(deposit|bet|loss|time)(_active|_period)?$/.exec(k) ?? [];
        if (
          !kind ||
          !(flag
            ? flag === '_active'
              ? v === 0 || v === 1
              : ['daily', 'weekly', 'monthly'].includes(v)
            : typeof v === 'number' && v >= 0 && v < 1 / 0)
        )
          return;
        out[k] = v;
      }
  } catch {
    return;
  }
  // (A copy, each value read once: what is kept is what was checked.)
  return Object.keys(out).length ? out : undefined;
};

/**
 * Replaces, in place, the `patch` of `http` (the client's own adapter object, `client.http`) with
 * one that follows a restriction change (`recheck`: a request to its row's path; a limit change's
 * limits read by `deps.sent` from its body); the calls as they were are kept in `unwatched` for
 * the user module's wrapper, which already follows its own.
 */
export function watchRestrictionWrites(http: HttpAdapter, deps: Recheck): void {
  const raw = unwatched(http);
  (http as { patch: (...args: unknown[]) => Promise<unknown> }).patch = (path, ...rest) => {
    const name = (Object.keys(RESTRICTION_WRITES) as (keyof typeof RESTRICTION_WRITES)[]).find(
      (n) => RESTRICTION_WRITES[n] === routeOf(path),
    );
    const send = () => (raw.patch as (...args: unknown[]) => Promise<unknown>)(path, ...rest);
    // (Its payload and options as a user call's: `rest`, the adapter's body and options.)
    return name ? recheck(name, rest, send, deps) : send();
  };
}
