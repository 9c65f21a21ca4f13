const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:/i;
/** `//host/path` (the URL standard reads `\` as `/` in http(s) URLs): another host, not a path. */
const PROTOCOL_RELATIVE = /^[\\/]{2}/;

/** Whether `url` starts with a scheme (`https:`, `http:`, …). */
export const isAbsoluteURL = (url: string): boolean => ABSOLUTE_URL.test(url);

/**
 * `baseURL` and `path` with exactly one slash between them, nothing else touched (the spec writes
 * paths with their query strings, and ufo's `withBase` would keep a path that merely starts with
 * the base). An absolute `path` is used as is; a protocol-relative one (`//host/x`) is resolved
 * against the base's origin, as the URL standard does (as is when the base has none).
 */
export function joinURL(baseURL: string, path: string): string {
  if (ABSOLUTE_URL.test(path)) return path;
  if (PROTOCOL_RELATIVE.test(path)) {
    try {
      return new URL(path, new URL(baseURL, pageHref())).href;
    } catch {
      return path;
    }
  }
  if (!path) return baseURL;
  return `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * Whether the token may go with this path. A relative path is joined to `baseURL`, so it cannot
 * leave its origin; an absolute one must parse to the same origin (a relative `baseURL` resolves
 * against the page, when there is one).
 */
export function isSameOrigin(baseURL: string, path: string): boolean {
  if (!ABSOLUTE_URL.test(path) && !PROTOCOL_RELATIVE.test(path)) return true;
  const base = originOf(baseURL);
  return base !== undefined && base === originOf(joinURL(baseURL, path));
}

const pageHref = () => (globalThis as { location?: { href?: string } }).location?.href;

function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url, pageHref()).origin;
    // Opaque origins ('null', e.g. data: or file: URLs) are never equal to anything.
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The path as errors show it: no query string or fragment (a query may carry an id or a code). */
export function stripQuery(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}
