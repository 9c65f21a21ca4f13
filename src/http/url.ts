const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:/i;
/**
 * In a path (before its query): two slashes at the start (another host), a backslash (read as
 * `/`), or an encoded slash or backslash (`%2F`, `%5C`, encoded once or more). Never a path under
 * the base; refused rather than guessed.
 */
const AMBIGUOUS = /^\/\/|\\|%(?:25)*(?:2f|5c)/i;

/** A C0 control or DEL: the URL parser strips tabs and newlines after any check, so refused outright. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Whether `url` starts with a scheme (`https:`, `http:`, …). */
export const isAbsoluteURL = (url: string): boolean => ABSOLUTE_URL.test(url);

/** Where a request goes, and what it may carry. */
export interface Target {
  url: string;
  /** On baseURL's origin: the token and credential headers go with it. */
  sameOrigin: boolean;
}

/**
 * Where `path` goes: joined under `baseURL` with exactly one slash between them, nothing else
 * touched (the spec writes paths with their query strings); `undefined` when it would resolve
 * anywhere else (another host, or above baseURL's path: `//host/x`, `/\host/x`, `%2F%2Fhost`,
 * `/../x`, `/%2e%2e/x`, an absolute URL) or when it holds a control character (tab, CR, LF). A `download` may be an absolute http(s) URL, taken as
 * is; the token goes with it only on baseURL's origin.
 *
 * @example
 * targetOf('https://x.test/api', '/users', false)?.url; // 'https://x.test/api/users'
 * targetOf('https://x.test/api', '//evil.test/x', false); // undefined
 */
export function targetOf(baseURL: string, path: string, download: boolean): Target | undefined {
  if (CONTROL.test(path)) return undefined;
  if (ABSOLUTE_URL.test(path)) {
    const to = download && /^https?:/i.test(path) ? parse(path) : undefined;
    return to && { url: path, sameOrigin: root(to) === root(parse(baseURL)) };
  }
  const bare = stripQuery(path);
  if (AMBIGUOUS.test(bare)) return undefined;
  const url = path ? `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : baseURL;
  // Only a dot segment (`..`, `%2e%2e`) can take a path joined after a slash above baseURL's path
  // (a query or fragment of baseURL takes it in whole): without a dot or `%`, nothing to resolve.
  return !/[.%]/.test(bare) || isUnder(baseURL, url) ? { url, sameOrigin: true } : undefined;
}

/**
 * Whether `url` resolves under `baseURL`: the same scheme and host, and a path that is baseURL's
 * path or below it (after dot segments, encoded or not, are resolved as fetch resolves them).
 */
export function isUnder(baseURL: string, url: string): boolean {
  const base = parse(baseURL);
  const to = parse(url);
  const prefix = base?.pathname.replace(/\/*$/, '/');
  return !!to && root(to) === root(base) && (to.pathname.startsWith(prefix!) || `${to.pathname}/` === prefix);
}

/** `url` resolved against the page (or, with none, a placeholder origin no URL shares); undefined if invalid. */
function parse(url: string): URL | undefined {
  try {
    return new URL(
      url,
      (globalThis as { location?: { href?: string } }).location?.href ?? 'http://x.invalid',
    );
  } catch {
    return undefined;
  }
}

/** Scheme and host: what must match for the token to go (a relative base without a page has none). */
const root = (u: URL | undefined) => u && u.protocol + u.host;

/** The path as errors show it: no query string or fragment (a query may carry an id or a code). */
export function stripQuery(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}
