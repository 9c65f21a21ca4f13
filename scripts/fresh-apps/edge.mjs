// docs/deploy.md, "Behind your reverse proxy", tried: a server-rendered app behind an edge that
// behaves as nginx does by default (`proxy_pass`: `Host` becomes the upstream's, the player's
// address in `X-Forwarded-For` and `X-Real-IP`, overwritten, never appended). The browser only sees
// the edge's origin. Checked: without the public origin configured, a sign-in through the edge is
// refused (403, fail closed); with it (and the app's client-address setting), 2FA sign-in, the
// account page and logout work through the edge, and the API's login history records the player's
// address and user agent, not the app server's. Used by run.mjs.
import { createServer, request as forward } from 'node:http';

/** The player's address as the edge saw it (TEST-NET-3, never a real host). */
export const PLAYER_ADDRESS = '203.0.113.7';
const USER_AGENT = 'fresh-apps edge check (Mozilla/5.0)';
const LOGIN = 'twofactor@example.com';
const PASSWORD = 'Secret123!';

/**
 * An edge on 127.0.0.1 in front of `upstream` (http://127.0.0.1:port).
 * @param {string} upstream
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function startEdge(upstream) {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const headers = { ...req.headers };
    headers.host = target.host; // nginx's default: `proxy_set_header Host $proxy_host`
    headers['x-forwarded-for'] = PLAYER_ADDRESS;
    headers['x-real-ip'] = PLAYER_ADDRESS;
    headers['x-forwarded-proto'] = 'http';
    headers.connection = 'close'; // nginx's default to the upstream
    // A new upstream connection per request, as nginx's default (`proxy_http_version 1.0`, no
    // upstream keepalive). Node's agent kept one alive: after the app's restart with the public
    // origin, a request could still reach the old process (draining its kept connection) and get
    // its 403 (seen twice, Next behind the edge).
    const up = forward(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  return new Promise((res) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      res({
        url: `http://127.0.0.1:${port}/`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    }),
  );
}

const post = (base, path, body, cookie) =>
  fetch(new URL(`pam${path}`, base), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-pam-client': '1',
      'user-agent': USER_AGENT,
      origin: new URL(base).origin,
      'sec-fetch-site': 'same-origin',
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/**
 * Without the public origin, a state-changing call through the edge is refused.
 * @param {string} edgeURL
 * @param {string} label
 */
export async function checkEdgeRefused(edgeURL, label) {
  const answer = await post(edgeURL, '/auth/login', { login: LOGIN, password: PASSWORD });
  if (answer.status !== 403)
    throw new Error(
      `${label}: behind the edge without its origin, a sign-in answered ${answer.status} (want 403)`,
    );
  return 'refused (403) without the public origin';
}

/**
 * With the public origin: sign in through the edge, the account page, the player's address in
 * the API's login history, logout.
 * @param {string} edgeURL
 * @param {string} label
 */
export async function checkBehindEdge(edgeURL, label) {
  const fail = (what) => {
    throw new Error(`${label} behind the edge: ${what}`);
  };
  let answer = await post(edgeURL, '/auth/login', { login: LOGIN, password: PASSWORD });
  if (answer.status !== 200) fail(`the sign-in answered ${answer.status}`);
  answer = await post(edgeURL, '/auth/login', {
    login: LOGIN,
    password: PASSWORD,
    two_factor_code: '123456',
  });
  if (answer.status !== 200) fail(`the code answered ${answer.status}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!cookie) fail('no session cookie');
  const { user } = await answer.json();
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');

  const page = await fetch(new URL('account', edgeURL), { headers: { cookie, 'user-agent': USER_AGENT } });
  if (page.status !== 200 || !(await page.text()).includes(name)) fail(`the account page (${page.status})`);

  const history = await fetch(new URL('pam/bff/users/login-history', edgeURL), {
    headers: { cookie, 'x-pam-client': '1', 'user-agent': USER_AGENT },
  });
  const [last] = (await history.json()).data ?? [];
  if (last?.ip !== PLAYER_ADDRESS || last?.user_agent !== USER_AGENT)
    fail(`the login history recorded ${JSON.stringify({ ip: last?.ip, user_agent: last?.user_agent })}`);

  answer = await post(edgeURL, '/auth/logout', undefined, cookie);
  if (answer.status !== 204) fail(`the logout answered ${answer.status}`);
  return "with it: 2FA sign-in, account page, logout; the login history has the player's address and user agent";
}
