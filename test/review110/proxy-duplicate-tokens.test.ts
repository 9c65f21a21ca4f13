// Review 110: a 2xx answer of the API that names its `access_token` twice (`{"access_token":"A",
// "access_token":"B"}`) is one the proxy calls unreadable (src/server/upstream.ts `ambiguityOf`,
// review 108). Which token the API granted cannot be told: fail closed seals neither and revokes
// both. Real sockets: a node:http API on 127.0.0.1 (test/server/hostile.ts); the proxy's clock
// moved past the refresh point by hand (no sleep).
//
// - sign-in: the proxy answers 502 and seals nothing, but revokes only the value JSON.parse kept
//   (the last): the first token is left live at the API, held by no cookie.
// - refresh: `refreshCall` (src/server/context.ts) never looks at `unreadable`: the refused
//   answer's last token is SEALED into the cookie, the first left live.

import { describe, expect, it } from 'vitest';
import { openCookie } from '../server/harness';
import {
  cookieOf,
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
const READ = '/pam/bff/users/address-by-user';
const FIRST = `FIRST-${'f'.repeat(30)}`;
const SECOND = `SECOND-${'s'.repeat(30)}`;

const revoked = (api: HostileAPI) =>
  api.requests.filter((r) => r.url === '/auth/logout').map((r) => r.authorization.split(' ')[1]);

/** A JSON text whose `access_token` is FIRST, then SECOND (JSON.parse keeps SECOND). */
function twice(body: Record<string, unknown>): string {
  const { access_token: _, ...rest } = body;
  return `{"access_token":${JSON.stringify(FIRST)},"access_token":${JSON.stringify(SECOND)},${JSON.stringify(rest).slice(1)}`;
}

async function sealedToken(answer: Response): Promise<string | null> {
  const pair = cookieOf(answer)
    .split('; ')
    .find((p) => p.includes('=') && p.slice(p.indexOf('=') + 1) !== '');
  if (!pair) return null;
  return (await openCookie(pair.slice(pair.indexOf('=') + 1))).token;
}

describe('review 110: a login answer granting two tokens', () => {
  it('answered 502, nothing sealed, and BOTH tokens revoked (neither left live)', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url === '/auth/logout') return json(res, 204, '');
      return json(res, 200, twice(loginOk({}, SECOND)));
    };
    const answer = await logIn(pamFor(api));
    const text = await answer.text();
    expect(answer.status).toBe(502);
    expect(text).not.toContain(FIRST);
    expect(text).not.toContain(SECOND);
    expect(await sealedToken(answer)).toBeNull();
    expect(revoked(api).sort()).toEqual([FIRST, SECOND].sort());
  });
});

describe('review 110: a refresh answer granting two tokens', () => {
  async function refreshTwice() {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url === '/auth/login') return json(res, 200, loginOk());
      if (req.url === '/auth/logout') return json(res, 200, { message: 'ok' });
      if (req.url === '/users/refresh-token')
        return json(res, 200, twice({ access_token: SECOND, token_type: 'bearer', expires_in: 28800 }));
      if (req.url?.startsWith('/auth/user-profile')) return json(res, 200, { user: user(), userInfo: {} });
      return json(res, 200, { street: 'x' });
    };
    let clock = Date.now();
    const pam = pamFor(api, { now: () => clock, refreshAfterMs: 60_000 });
    const cookie = await signIn(pam);
    clock += 61_000;
    const answer = (await pam.handle(request(READ, { cookie })))!;
    await answer.text();
    return { api, answer };
  }

  it('an answer the proxy calls unreadable is never sealed into the cookie', async () => {
    const { answer } = await refreshTwice();
    const sealed = await sealedToken(answer);
    expect(sealed).not.toBe(SECOND);
    expect(sealed).not.toBe(FIRST);
  });

  it('neither granted token is left live at the API', async () => {
    const { api } = await refreshTwice();
    const r = revoked(api);
    expect(r).toContain(FIRST);
    expect(r).toContain(SECOND);
    expect(r).not.toContain(TOKEN);
  });
});
