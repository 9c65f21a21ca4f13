// What leaves the proxy for the browser: every token field removed, at any depth, and a report's
// `download_url` on the API turned into the proxy's fixed download route.

const MAX_DEPTH = 64;

/** A key that names a token: `access_token`, `token`, `refreshToken`, anything ending in "token". */
const isTokenKey = (key: string): boolean => key.toLowerCase().endsWith('token');

/**
 * A copy of `value` without any key ending in "token" (any case, any depth). Deeper than
 * MAX_DEPTH: null (nothing that deep is a service answer; fail closed rather than pass it on).
 */
export function stripTokens(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((item) => stripTokens(item, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isTokenKey(key)) continue;
    // A plain own data property, even for `__proto__` (no prototype change on the copy).
    Object.defineProperty(out, key, {
      value: stripTokens(item, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
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
 * Income-report answers: a `download_url` on the API becomes `/report-file?url=...` (relative:
 * the browser client joins it to the prefix). Other URLs (a bucket's pre-signed link) stay.
 */
export function rewriteDownloadURL(value: unknown, apiBaseURL: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const url = apiFileURL(apiBaseURL, record.download_url);
  if (url === null) return value;
  return { ...record, download_url: `${REPORT_FILE_ROUTE}?url=${encodeURIComponent(url)}` };
}
