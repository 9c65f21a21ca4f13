// The one check of `createPamServer`'s numeric options: a whole number within the option's range,
// or the core's `ConfigurationError` at creation, naming the option and the range (review 10: NaN,
// negative and Infinity passed for several of them; a NaN `cookie.idleMs` wrote `Max-Age=NaN` and
// ignored the idle limit, a NaN `maxBodyBytes` buffered bodies without bound).

import { ConfigurationError } from '../errors/config';

/** The largest whole number a double holds exactly (2^53 - 1, a literal: CONTRIBUTING.md). */
export const MAX_WHOLE = 9_007_199_254_740_991;

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
  const chosen = value ?? fallback;
  if (typeof chosen !== 'number' || !Number.isInteger(chosen) || chosen < min || chosen > max)
    throw new ConfigurationError(`pam-client/server: ${name} is a whole number of ${unit}, ${min} to ${max}`);
  return chosen;
}
