// Review 155: what the API answers is relayed without its headers (Set-Cookie, Authorization,
// WWW-Authenticate echoing the token, Location, CORS) and with no echo of the session's token,
// its refresh token or the password sent, in a body, an error or a header.

import { describe, expect, it } from 'vitest';
import {
  cookieOf,
  type HostileAPI,
  json,
  logIn,
  loginOk,
  pamFor,
  request,
  TOKEN,
  useHostile,
} from '../server/hostile';

const hostile = useHostile();
const REFRESH = 'REFRESH-zyxwvut9876543210';
const PASSWORD = 'Secret123!';
const ALLOWED = new Set([
  'cache-control',
  'x-content-type-options',
  'content-type',
  'date',
  'retry-after',
  'set-cookie',
  'content-length',
]);

const hostileHeaders = {
  'set-cookie': `evil=${TOKEN}; Path=/`,
  authorization: `Bearer ${TOKEN}`,
  'www-authenticate': `Bearer realm="x", token="${TOKEN}"`,
  'x-debug-token': TOKEN,
  location: `https://evil.example/?t=${TOKEN}`,
  'access-control-allow-origin': '*',
  'access-control-allow-credentials': 'true',
};

function checkHeaders(answer: Response) {
  for (const [name, value] of answer.headers) {
    expect(ALLOWED.has(name), name).toBe(true);
    if (name !== 'set-cookie') expect(value).not.toContain(TOKEN);
  }
  for (const line of answer.headers.getSetCookie()) expect(line.startsWith('__Host-pam-session=')).toBe(true);
}

async function signedIn(api: HostileAPI) {
  const pam = pamFor(api);
  const answer = await logIn(pam);
  const text = await answer.text();
  expect(text).not.toContain(REFRESH);
  expect(text).not.toContain(TOKEN);
  checkHeaders(answer);
  return { pam, cookie: cookieOf(answer) };
}

describe('review155: the relay of upstream answers', () => {
  for (const status of [200, 401, 422, 500]) {
    it(`a user call answered ${status} with hostile headers and echoes: none of it reaches the browser`, async () => {
      const api = await hostile.api();
      api.handler = (req, res) => {
        if (req.url?.startsWith('/auth/login'))
          return json(res, 200, loginOk({ refresh_token: REFRESH }), hostileHeaders);
        json(
          res,
          status,
          {
            message: `Bad header: ${req.headers.authorization}; refresh ${REFRESH}; pw ${PASSWORD}`,
            errors: { field: [`token=${encodeURIComponent(TOKEN)}`, REFRESH.toLowerCase()] },
            data: { note: `${TOKEN.slice(0, 14)}…` },
          },
          hostileHeaders,
        );
      };
      const { pam, cookie } = await signedIn(api);
      const got = (await pam.handle(
        request('/pam/bff/users/check-password', { method: 'POST', cookie, body: { password: PASSWORD } }),
      ))!;
      const text = await got.text();
      checkHeaders(got);
      expect(text).not.toContain(TOKEN);
      expect(text.toLowerCase()).not.toContain(REFRESH.toLowerCase());
      expect(text).not.toContain(encodeURIComponent(TOKEN));
      expect(text).not.toContain(TOKEN.slice(0, 14));
    });
  }

  it('a profile read echoing the token under a token-named key and in text: stripped and scrubbed', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk({ refresh_token: REFRESH }));
      json(
        res,
        200,
        {
          user: { id: 1, name: `n ${TOKEN}`, token: TOKEN, refreshToken: REFRESH },
          userInfo: { note: REFRESH },
        },
        hostileHeaders,
      );
    };
    const { pam, cookie } = await signedIn(api);
    const got = (await pam.handle(request('/pam/auth/user-profile?check_spa_again=1', { cookie })))!;
    const text = await got.text();
    checkHeaders(got);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(REFRESH);
  });
});
