// Review 112: a login or refresh answer the proxy reads as unreadable still GRANTED a token at the
// API. Review 110 revokes "every access_token its text names", but finds them with a regex on the
// literal text `"access_token"` (src/server/upstream.ts `granted`), and only for an answer that
// JSON.parse read (a key twice). Two spellings the regex and the parser read differently:
// - a key written with a JSON escape (`"access\u005ftoken"`): JSON.parse reads it as
//   `access_token`, `ambiguityOf` counts it (a key twice), the regex never sees it;
// - a 2xx whose text is not JSON at all (a trailing comma, cut short): `granted` is never computed,
//   though the proxy's own GrantScan (grant-scan.ts) read the token as the text streamed past.
// Either way the API's session is left live at the API, held by no cookie. Real sockets.
import { describe, expect, it } from 'vitest';
import {
  type HostileAPI,
  json,
  logIn,
  loginOk,
  pamFor,
  request,
  signIn,
  TOKEN,
  useHostile,
  user,
} from '../server/hostile';

const hostile = useHostile();
const A = `AAAA-${'a'.repeat(30)}`;
const B = `BBBB-${'b'.repeat(30)}`;
const READ = '/pam/bff/users/address-by-user';

const revoked = (api: HostileAPI) =>
  api.requests.filter((r) => r.url === '/auth/logout').map((r) => r.authorization.split(' ')[1]);

const rest = (over: Record<string, unknown> = {}) => {
  const { access_token: _, ...others } = { ...loginOk({}, A), ...over } as Record<string, unknown>;
  return JSON.stringify(others).slice(1, -1);
};

async function loginWith(body: string) {
  const api = await hostile.api();
  api.handler = (req, res) => {
    if (req.url === '/auth/logout') return json(res, 204, '');
    return json(res, 200, body);
  };
  const answer = await logIn(pamFor(api));
  const text = await answer.text();
  return { api, answer, text };
}

describe('review 112: a login answer read as unreadable leaves its token live', () => {
  it('a key spelt with a JSON escape ("access\\u005ftoken"): both granted tokens revoked', async () => {
    const { api, answer, text } = await loginWith(
      `{"access_token":"${A}","access\\u005ftoken":"${B}",${rest()}}`,
    );
    expect(answer.status).toBe(502);
    expect(text).not.toContain(B);
    expect(revoked(api).sort()).toEqual([A, B].sort());
  });

  it('the escaped key first: both granted tokens revoked', async () => {
    const { api, answer } = await loginWith(`{"access\\u005ftoken":"${A}","access_token":"${B}",${rest()}}`);
    expect(answer.status).toBe(502);
    expect(revoked(api).sort()).toEqual([A, B].sort());
  });

  it('a 200 whose text is not JSON (a trailing comma) but grants a token: that token revoked', async () => {
    const { api, answer, text } = await loginWith(`{"access_token":"${A}",${rest()},}`);
    expect(answer.status).toBe(502);
    expect(text).not.toContain(A);
    expect(revoked(api)).toEqual([A]);
  });
});

describe('review 112: a refresh answer that is not JSON but grants a token', () => {
  it('the granted token is revoked, never left live (the old one kept)', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url === '/auth/login') return json(res, 200, loginOk());
      if (req.url === '/auth/logout') return json(res, 204, '');
      if (req.url === '/users/refresh-token')
        return json(res, 200, `{"access_token":"${B}","token_type":"bearer","expires_in":28800,}`);
      if (req.url?.startsWith('/auth/user-profile')) return json(res, 200, { user: user(), userInfo: {} });
      return json(res, 200, { street: 'x' });
    };
    let clock = Date.now();
    const pam = pamFor(api, { now: () => clock, refreshAfterMs: 60_000 });
    const cookie = await signIn(pam);
    clock += 61_000;
    const answer = (await pam.handle(request(READ, { cookie })))!;
    expect(await answer.text()).not.toContain(B);
    expect(api.requests.some((r) => r.url === '/users/refresh-token')).toBe(true);
    expect(revoked(api)).toContain(B);
    expect(revoked(api)).not.toContain(TOKEN);
  });
});
