// The HTTP dates the proxy reads from the API (`Date`, `Retry-After`). The same rules as the
// core's one reader (`parseHttpDate`/`parseRetryAfter` in src/http/waiting.ts), kept here because
// importing that module from the server entry re-splits the build's shared chunks and grows the
// browser bundles (measured: +70 B gz for "everything in pam-client"). Keep the two in step.

// RFC 9110 10.2.3: delta-seconds is 1*DIGIT; anything else must be an HTTP-date, which starts with
// a weekday in all three forms (IMF-fixdate, RFC 850, asctime); Date.parse alone is far too lenient.
const DELTA_SECONDS = /^\d+$/;
const HTTP_DATE_START = /^(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s/i;
// asctime dates carry no zone; HTTP dates are always GMT, but Date.parse would read them as local time.
const HAS_ZONE = /\b(gmt|utc|z)\b|[+-]\d{4}\s*$/i;

/** Epoch ms of an IMF-fixdate, RFC 850 or asctime date (read as GMT), or `undefined`. */
export function parseHttpDate(value: string | null | undefined): number | undefined {
  const text = value?.trim();
  if (!text || !HTTP_DATE_START.test(text)) return undefined;
  const at = Date.parse(HAS_ZONE.test(text) ? text : `${text} GMT`);
  return Number.isNaN(at) ? undefined : at;
}

/** A `Retry-After` as seconds to wait (an HTTP date: whole seconds from `now`), or `undefined`. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
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
 * How far the API's `Date` may be from the server's clock for a read to be judged: beyond it (or a
 * `Date` that is no HTTP date) the two clocks disagree: the restrictions are `unknown` (seed.ts) and the Date is not passed to
 * the page (upstream.ts `passedBack`). A minute:
 * the Date's own second, an answer as slow as `timeoutMs` (15 s), and NTP-kept clocks fit in it.
 */
export const MAX_SKEW_MS = 60_000;
