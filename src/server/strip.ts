// What leaves the proxy for the browser: every token field removed, at any depth, every token
// value scrubbed wherever else it is echoed (the core's scrubber), and a report's `download_url`
// on the API turned into the proxy's report-file route.

import { createScrubber } from '../errors/scrub';

const MAX_DEPTH = 64;

/** A key that names a token: `access_token`, `token`, `refreshToken`, anything ending in "token". */
const isTokenKey = (key: string): boolean => key.toLowerCase().endsWith('token');

/**
 * Shorter values under a token key are not treated as secrets elsewhere in the answer (a page
 * cursor `"2"` would rewrite every 2 of the data): no bearer or refresh token is that short.
 */
const MIN_FOUND = 8;

/**
 * A copy of `value` without any key ending in "token" (any case, any depth); the strings found
 * under those keys (`MIN_FOUND` characters or more) are added to `found`. Deeper than MAX_DEPTH:
 * null (nothing that deep is a service answer; fail closed rather than pass it on).
 */
export function stripTokens(value: unknown, found?: Set<string>, depth = 0): unknown {
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((item) => stripTokens(item, found, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isTokenKey(key)) {
      if (typeof item === 'string' && item.length >= MIN_FOUND) found?.add(item);
      continue;
    }
    // A plain own data property, even for `__proto__` (no prototype change on the copy).
    Object.defineProperty(out, key, {
      value: stripTokens(item, found, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * What the browser may see of `value`: no token field (`stripTokens`), and no token value, neither
 * `tokens` (the call's) nor those the answer itself holds under a token key (a login's access or
 * refresh token), echoed under another key, inside a text or as a key, in any form the core's
 * scrubber knows (entities, percent and backslash escapes...): each becomes `'[redacted]'`.
 */
export function scrubTokens(value: unknown, tokens: Iterable<string>): unknown {
  const found = new Set(tokens);
  const stripped = stripTokens(value, found);
  // An error body's rules on every answer: every echo, anywhere (no token is data the browser needs).
  return createScrubber(found).deep(stripped);
}

/** The fixed route (under the prefix) that fetches a report's file. */
export const REPORT_FILE_ROUTE = '/report-file';

/** `url` as the client's adapter would read it: absolute as is, a path joined to the API's base. */
function absolute(apiBaseURL: string, url: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || /^[\\/]{2}/.test(url)) return new URL(url, apiBaseURL).href;
  return `${apiBaseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/**
 * Whether `url` is on the API: same origin as `apiBaseURL` and under its path. Such a URL gets
 * the token; nothing else is fetched by the proxy.
 */
export function isOnApi(apiBaseURL: string, url: string): boolean {
  try {
    const api = new URL(apiBaseURL);
    const target = new URL(absolute(apiBaseURL, url));
    const base = api.pathname.replace(/\/+$/, '');
    if (target.username !== '' || target.password !== '') return false;
    return (
      target.origin === api.origin &&
      (base === '' || target.pathname === base || target.pathname.startsWith(`${base}/`))
    );
  } catch {
    return false;
  }
}

/** The report file's URL, as an absolute URL on the API, or null. */
export function apiFileURL(apiBaseURL: string, url: unknown): string | null {
  if (typeof url !== 'string' || url === '' || /[\s\\]/.test(url)) return null;
  if (!isOnApi(apiBaseURL, url)) return null;
  return new URL(absolute(apiBaseURL, url)).href;
}

/**
 * Income-report answers: a `download_url` on the API becomes `/report-file?id=<report id>`
 * (relative: the browser client joins it to the prefix; the route reads the report again and
 * fetches the file it names), or null when the answer has no report id. Other URLs (a bucket's
 * pre-signed link, fetched without any credential) stay.
 */
export function rewriteDownloadURL(value: unknown, apiBaseURL: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (apiFileURL(apiBaseURL, record.download_url) === null) return value;
  const id = record.id;
  const named = typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
  return { ...record, download_url: named ? `${REPORT_FILE_ROUTE}?id=${id}` : null };
}
