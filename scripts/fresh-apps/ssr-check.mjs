// The server-rendered apps' checks over HTTP (as a browser's first request sees them): sign in with
// the two-factor code through the app's `/pam` proxy; the account page's first HTML shows the
// player's name and restrictions and holds no token; a reload keeps the session; a logout ends it
// for every tab (the same cookie, sent again, is signed out). Used by run.mjs.

const LOGIN = 'twofactor@example.com';
const PASSWORD = 'Secret123!';
const CODE = '123456';
/**
 * A key that names a token, as JSON would show it (`access_token`, `token`, `refreshToken`...), also
 * inside a JSON string (Next's RSC payload in the HTML writes `\"access_token\":`).
 */
const TOKEN_KEY = /\\?"[A-Za-z_]*token\\?"\s*:/i;

const fail = (label, what) => {
  throw new Error(`${label}: ${what}`);
};

/** The `name=value` pairs of an answer's Set-Cookie lines. */
const cookiesOf = (answer) => answer.headers.getSetCookie().map((line) => line.split(';')[0]);

/**
 * @param {string} base the app's URL, ending in `/` (http://127.0.0.1:port/, or a sub-path)
 * @param {string} label
 * @returns {Promise<string>} what was checked
 */
export async function checkSSRApp(base, label) {
  const origin = new URL(base).origin;
  // Paths are the app's own: under `base`'s path (an app under a sub-path is checked at it).
  const at = (path) => new URL(path.slice(1), base);
  const post = (path, body, cookie) =>
    fetch(at(`/pam${path}`), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-pam-client': '1',
        origin,
        'sec-fetch-site': 'same-origin',
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const page = (path, cookie) => fetch(at(path), { redirect: 'manual', headers: cookie ? { cookie } : {} });

  let answer = await page('/account');
  if (answer.status < 300 || answer.status > 399 || !/\/login$/.test(answer.headers.get('location') ?? ''))
    fail(label, `signed out, /account answered ${answer.status} (want a redirect to /login)`);

  answer = await post('/auth/login', { login: LOGIN, password: PASSWORD });
  const step = await answer.json();
  if (answer.status !== 200 || step.type !== 'two_factor_code')
    fail(label, `the login did not ask for a code: ${answer.status} ${JSON.stringify(step)}`);
  if (cookiesOf(answer).length) fail(label, 'a cookie was set before the code');

  answer = await post('/auth/login', { login: LOGIN, password: PASSWORD, two_factor_code: CODE });
  const text = await answer.text();
  if (answer.status !== 200) fail(label, `the code was refused: ${answer.status} ${text}`);
  if (TOKEN_KEY.test(text)) fail(label, 'the login answer holds a token field');
  const setCookie = answer.headers.getSetCookie();
  if (!setCookie.length || !setCookie.every((line) => /;\s*HttpOnly/i.test(line)))
    fail(label, 'no HttpOnly session cookie after the code');
  // run.mjs configures every app for plain http (PAM_INSECURE_COOKIE and its kin): an app that
  // misreads its setting seals `__Host-pam-session; Secure` instead.
  if (
    !setCookie.some((line) => line.startsWith('pam-session=')) ||
    setCookie.some((line) => /;\s*Secure/i.test(line))
  )
    fail(
      label,
      `the cookie ignores the app's plain-http setting: ${setCookie.map((l) => l.split('=')[0]).join(', ')}`,
    );
  let cookie = cookiesOf(answer).join('; ');
  const { user } = JSON.parse(text);
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');

  const account = async (what) => {
    const a = await page('/account', cookie);
    const html = await a.text();
    if (a.status !== 200) fail(label, `${what}: /account answered ${a.status}`);
    if (!html.includes(name)) fail(label, `${what}: the first HTML lacks the player's name (${name})`);
    if (!/data-testid="restrictions"/.test(html) || !/data-testid="rg-banner"/.test(html))
      fail(label, `${what}: the first HTML lacks the restrictions or the banner`);
    if (TOKEN_KEY.test(html)) fail(label, `${what}: the first HTML holds a token field`);
    for (const pair of cookie.split('; '))
      if (html.includes(pair.slice(pair.indexOf('=') + 1))) fail(label, `${what}: the HTML holds the cookie`);
    // A refreshed or touched cookie replaces the one we hold, as a browser would.
    const next = cookiesOf(a);
    if (next.length) cookie = next.join('; ');
  };
  await account('first load');
  await account('reload');

  const other = cookie; // a second tab holds the same cookie
  answer = await post('/auth/logout', undefined, cookie);
  if (answer.status !== 204) fail(label, `logout answered ${answer.status}`);
  answer = await page('/account', other);
  if (answer.status < 300 || answer.status > 399)
    fail(label, `after the logout, the other tab's /account answered ${answer.status}`);
  return `HTTP: 2FA sign-in, SSR name+restrictions, no token, reload, logout ends other tab (${name})`;
}
