// The one check of the server session's options, every kind: numbers (a whole number within the
// option's range), booleans, functions, strings of a form, URLs, origins, objects of known keys.
// Each refusal is the core's `ConfigurationError` at creation, naming the option and what it takes
// (review 10: NaN, negative and Infinity passed for several numeric options; REVIEW-S: `origin: 42`
// and other values of the wrong type passed, and failed later, at a call, or never).

import { ConfigurationError } from '../errors/config';

/** The largest whole number a double holds exactly (2^53 - 1, a literal: CONTRIBUTING.md). */
export const MAX_WHOLE = 9_007_199_254_740_991;

/** Throws the `ConfigurationError` of option `name`, which takes `what`. */
function refuse(name: string, what: string): never {
  throw new ConfigurationError(`pam-client/server: ${name} is ${what}`);
}

/**
 * `value` (or `fallback` when absent) when it is a whole number from `min` to `max`; else throws
 * `ConfigurationError` saying which option and what range.
 *
 * @example
 * wholeOption('graceMs', undefined, 60_000, 0); // 60000
 */
export function wholeOption(
  name: string,
  value: unknown,
  fallback: number,
  min: number,
  max = MAX_WHOLE,
  unit = 'ms',
): number {
  const chosen = value === undefined ? fallback : value;
  if (typeof chosen !== 'number' || !Number.isInteger(chosen) || chosen < min || chosen > max)
    refuse(name, `a whole number of ${unit}, ${min} to ${max}`);
  return chosen;
}

/** `value` (or `fallback` when absent) when a boolean; else `ConfigurationError` (`'false'` is no boolean). */
export function booleanOption(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') refuse(name, 'true or false');
  return value;
}

/**
 * The clock option `name` (`Date.now` when absent), each reading checked (REVIEW-P P9): one that is
 * no finite number (NaN, a string) throws `ConfigurationError`, never seals a cookie with it.
 */
export function clockOption(name: string, value: unknown): () => number {
  const read = functionOption<() => unknown>(name, value) ?? Date.now;
  return () => {
    const at = read();
    return typeof at === 'number' && Number.isFinite(at) ? at : refuse(`${name}()`, 'no finite epoch ms');
  };
}

/** `value` when a function (or undefined when absent); else `ConfigurationError`. */
export function functionOption<T>(name: string, value: unknown): T | undefined {
  if (value !== undefined && typeof value !== 'function') refuse(name, 'a function');
  return value as T | undefined;
}

/**
 * `value` (or `fallback` when absent) when a string `form` matches whole; else `ConfigurationError`
 * saying what the option takes (`what`).
 */
export function textOption(
  name: string,
  value: unknown,
  fallback: string,
  form: RegExp,
  what: string,
): string {
  const chosen = value === undefined ? fallback : value;
  if (typeof chosen !== 'string' || !form.test(chosen)) refuse(name, what);
  return chosen;
}

/**
 * `value` (`{}` when absent) when an object (not an array, not null) whose own keys are all of
 * `keys`; else `ConfigurationError` naming the option and, for a key it does not take, that key
 * (after `at`; a misspelt option, `origins` for `origin`, is never silently ignored).
 */
export function objectOption(
  name: string,
  value: unknown,
  keys: readonly string[],
  at = `${name}.`,
): Record<string, unknown> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    refuse(name, `an object of ${keys.join(', ')}`);
  for (const key of Object.keys(value))
    if (!keys.includes(key)) refuse(`${at}${key}`, `no option (the options: ${keys.join(', ')})`);
  return value as Record<string, unknown>;
}

/**
 * `value` as a URL when it is an http(s) URL string with no credentials, query or fragment (paths
 * are joined to it), and no C0 control, DEL or whitespace (the URL parser strips or drops them, the
 * string joined to a path keeps them); else `ConfigurationError`.
 */
export function baseURLOption(name: string, value: unknown): URL {
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : null;
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username !== '' ||
    url.password !== '' ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what is refused
    /[?#\0-\x1f\x7f\s]/.test(value as string)
  )
    refuse(name, 'an http(s) URL such as https://api.example.com (no credentials, query or fragment)');
  return url;
}

/** Whether `value` is an http(s) origin written as browsers send it (`https://app.example`, no path or `/`). */
const isOrigin = (value: unknown): value is string =>
  typeof value === 'string' &&
  URL.canParse(value) &&
  new URL(value).origin === value &&
  /^https?:/.test(value);

/**
 * The origins the same-origin check takes (undefined when absent: the request URL's): one origin or
 * a non-empty list of them, each as a browser's `Origin` header writes it; else `ConfigurationError`
 * (`42`, `https://app.example/` with its `/`, an empty list: no call could ever pass).
 */
export function originsOption(name: string, value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || !list.every(isOrigin))
    refuse(
      name,
      'an origin such as https://app.example (scheme and host, no path), or a non-empty list of them',
    );
  return [...list];
}

/** `value` when an object whose `methods` are functions (undefined when absent); else `ConfigurationError`. */
export function serviceOption<T>(name: string, value: unknown, methods: readonly string[]): T | undefined {
  if (value === undefined) return undefined;
  const record = value as Record<string, unknown> | null;
  if (typeof value !== 'object' || record === null || methods.some((m) => typeof record[m] !== 'function'))
    refuse(name, `an object with the functions ${methods.join(', ')}`);
  return value as T;
}
