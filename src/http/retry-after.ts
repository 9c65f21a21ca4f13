import { isHttpError } from '../errors/classify';
import { clampDelay } from './sleep';

// RFC 9110 10.2.3: delta-seconds is 1*DIGIT; anything else must be an HTTP-date. Date.parse alone
// is far too lenient (it reads '1.5' or 'soon 3' as dates), so a date must start with a weekday,
// which all three HTTP-date forms (IMF-fixdate, RFC 850, asctime) do.
const DELTA_SECONDS = /^\d+$/;
const HTTP_DATE_START = /^(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s/i;
// asctime dates carry no zone; HTTP dates are always GMT, but Date.parse would read them as local time.
const HAS_ZONE = /\b(gmt|utc|z)\b|[+-]\d{4}\s*$/i;

/**
 * Reads a `Retry-After` header as seconds to wait: delta-seconds as given, an HTTP date as the
 * whole seconds from `now` (rounded up, never negative). Anything else is `undefined`.
 *
 * @example
 * parseRetryAfter('120'); // 120
 * parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')); // 10
 * parseRetryAfter('soon'); // undefined
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (DELTA_SECONDS.test(text)) {
    const seconds = Number(text);
    return Number.isFinite(seconds) ? seconds : undefined;
  }
  const at = parseHttpDate(text);
  return at === undefined ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The one HTTP-date reader (`Retry-After`, `Date`): epoch ms of an IMF-fixdate, RFC 850 or asctime
 * date (read as GMT), or `undefined` for anything else.
 *
 * @example
 * parseHttpDate('Wed, 21 Oct 2015 07:28:00 GMT'); // 1445412480000
 * parseHttpDate('1445412480'); // undefined
 */
export function parseHttpDate(value: string | null | undefined): number | undefined {
  const text = value?.trim();
  if (!text || !HTTP_DATE_START.test(text)) return undefined;
  const at = Date.parse(HAS_ZONE.test(text) ? text : `${text} GMT`);
  return Number.isNaN(at) ? undefined : at;
}

/**
 * The one Retry-After → milliseconds conversion: the wait an `HttpError` (of any copy of
 * pam-client: brand and code, not `instanceof`) asks for, clamped to what a timer can wait, or
 * `undefined` when it asks for none.
 *
 * @example
 * const wait = retryAfterMs(error) ?? backoffDelay(attempt);
 */
export function retryAfterMs(error: unknown): number | undefined {
  if (!isHttpError(error)) return undefined;
  const seconds = (error as { retryAfter?: unknown }).retryAfter;
  if (typeof seconds !== 'number' || Number.isNaN(seconds) || seconds < 0) return undefined;
  return clampDelay(seconds * 1000);
}
