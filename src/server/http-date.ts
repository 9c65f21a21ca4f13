// The HTTP dates the proxy reads from the API (`Date`, `Retry-After`). The same rules as the
// core's one reader (`parseHttpDate`/`parseRetryAfter` in src/http/waiting.ts), kept here because
// importing that module from the server entry re-splits the build's shared chunks and grows the
// browser bundles (measured: +70 B gz for "everything in pam-client"). Keep the two in step.

// RFC 9110 10.2.3: delta-seconds is 1*DIGIT; anything else must be an HTTP-date.
const DELTA_SECONDS = /^\d+$/;

/**
 * Epoch ms of a real date in an RFC 9110 HTTP-date form (IMF-fixdate; RFC 850, asctime, as GMT),
 * or `undefined`: the date Date.parse read must write back as the same text (the core's reader).
 */
export function parseHttpDate(value: string | null | undefined): number | undefined {
  const text = `${value}`.trim();
  const date = new Date(text.endsWith('GMT') ? text : `${text} GMT`);
  const imf = date.toUTCString(); // `Sun, 06 Nov 1994 08:49:37 GMT`
  const [w, d, month, year = '', time] = imf.split(' ');
  // (No `time`: an invalid date, whatever the text.)
  // (A year of four digits: past 9999 the write-back has five, and no form has.)
  const real =
    time &&
    year.length === 4 &&
    (text === imf ||
      // asctime, its day as two digits or a space and one
      text === `${w!.slice(0, 3)} ${month} ${d} ${time} ${year}` ||
      text === `${w!.slice(0, 3)} ${month} ${d!.replace(/^0/, ' ')} ${time} ${year}` ||
      // RFC 850, its weekday in full
      text ===
        `${w!.slice(0, 3)}${['day', 'day', 'sday', 'nesday', 'rsday', 'day', 'urday'][date.getUTCDay()]}, ${d}-${month}-${year.slice(2)} ${time} GMT`);
  return real ? date.getTime() : undefined;
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
