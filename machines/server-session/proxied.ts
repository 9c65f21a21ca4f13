// Where a call of the server-session client is answered: by the proxy (`pam-client/server`) only
// under its prefix, on the page's origin.

/**
 * Whether a call to `to` is answered by the proxy under `prefix`: a path (the adapter joins it
 * under the prefix, or refuses it), or an absolute URL (a download's link) on the page's origin
 * under the prefix (review 55: named in full, it is still the proxy's). With no page, no URL is.
 *
 * @example
 * proxied('/pam', '/auth/logout'); // true
 * proxied('/pam', 'https://files.example/report.pdf'); // false
 */
export function proxied(prefix: string, to: string): boolean {
  if (!/^[a-z][a-z\d+.-]*:/i.test(to)) return true;
  try {
    // (The page's origin and the prefix, then one slash: `/pam/x`, never `/pamx`.)
    return `${new URL(to).href}/`.startsWith(
      new URL(prefix, globalThis.location.href).href.replace(/\/*$/, '/'),
    );
  } catch {
    return false;
  }
}
