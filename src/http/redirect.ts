/** Statuses that carry a `Location` to follow. */
const REDIRECT = new Set([301, 302, 303, 307, 308]);

/**
 * Where to go next after `response`, or `undefined` to stop there (the caller then reports a
 * 3xx as an `HttpError`). Only a GET is followed (it has no body to re-send), and only to the
 * same origin as `url` (the token and headers go nowhere else). A browser's `redirect: 'manual'`
 * answer is opaque (status 0, no `Location`): it is never followed.
 *
 * @example
 * redirectTarget('GET', 'https://a.test/x', response302ToSlashY); // 'https://a.test/y'
 */
export function redirectTarget(
  method: string,
  url: string,
  response: { status: number; headers: Headers },
): string | undefined {
  if (method !== 'GET' || !REDIRECT.has(response.status)) return undefined;
  const location = response.headers.get('location');
  if (!location) return undefined;
  try {
    const from = new URL(url);
    const to = new URL(location, from);
    return to.origin === from.origin && to.origin !== 'null' ? to.href : undefined;
  } catch {
    return undefined;
  }
}
