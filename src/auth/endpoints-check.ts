// The `endpoints` option, checked when a module is created (REVIEW-O 6): an override that cannot
// work is a `ConfigurationError` naming it, never a request sent elsewhere or without its body.

import { ConfigurationError } from '../errors/config';
import type { Check } from '../operation/operation';
import type { AuthEndpoints } from './types';

/**
 * The names an entry may have: `AuthEndpoints`' keys (one object serves the auth and registration
 * modules), written out: the rows would bring registration's schemas into every module.
 */
const NAMES = [
  'login',
  'logout',
  'getUserProfile',
  'refreshToken',
  'registerSimplified',
  'forgotPassword',
  'validateDocument',
] as const;
// Fails to compile when the list and `AuthEndpoints`' keys differ either way.
type _EveryName = Check<Exclude<keyof AuthEndpoints, (typeof NAMES)[number]>>;
type _NoOtherName = Check<Exclude<(typeof NAMES)[number], keyof AuthEndpoints>>;

/**
 * A path under the adapter's base URL: `/` and segments of letters, digits, `_`, `-`, `.` and `~`
 * (no `.` or `..` segment, no `//`, no scheme, no white space or escape), and a fixed query.
 */
const PATH = /^(\/(?!\.+(\/|\?|$))[\w.~-]+)+(\?[\w.~%=&-]*)?$/;

/**
 * `endpoints` (absent: none), every entry checked, whichever module's row it is (one object
 * serves both), its key one of `NAMES`: an object of `method` and `path` (either left out for the default's); `method`
 * `'POST'`, or `'GET'` for the profile read only (a GET sends no body, and a logout or refresh
 * changes the session); `path` as `PATH`. Else throws the `ConfigurationError` naming the entry.
 */
export function checkedEndpoints<T>(endpoints: T): T {
  let name = 'endpoints';
  // What is used: each entry's keys given a value (`{ method: undefined }` is the default's, as
  // everywhere an option left undefined is "not set"; it was spread over the row).
  const used: Record<string, object> = {};
  try {
    if (endpoints !== undefined && (typeof endpoints !== 'object' || !endpoints)) throw 0;
    for (const key in endpoints) {
      const entry = endpoints[key] as Record<string, unknown> | undefined;
      name = `endpoints.${key}`;
      // A name that is no operation (a typo) would leave its call at the default: refused.
      if (!(NAMES as readonly string[]).includes(key)) throw 0;
      if (entry === undefined) continue;
      // (null cannot be read: refused like the rest.)
      const { method, path, ...rest } = entry;
      if (typeof entry !== 'object' || Object.keys(rest).length) throw 0;
      name += '.method';
      if (method !== undefined && method !== 'POST' && (method !== 'GET' || key !== 'getUserProfile'))
        throw 0;
      name = `endpoints.${key}.path`;
      if (path !== undefined && !(typeof path === 'string' && PATH.test(path))) throw 0;
      used[key] = { ...(method !== undefined && { method }), ...(path !== undefined && { path }) };
    }
  } catch {
    throw new ConfigurationError(`${name} cannot work as given`);
  }
  return (endpoints && used) as T;
}
