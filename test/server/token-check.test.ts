// One token check for every token the server seals (review5 L2): a login's and a refresh's
// `access_token` must both be header-safe (`isHeaderSafeToken`) and short enough that the sealed
// cookie stays under the 4096 bytes browsers keep (2048 characters). A refresh answering any
// other token is a failed refresh (the current token kept, the odd one revoked when it can be
// sent); a login answering one seals nothing (502, the token revoked).

import { describe, expect, it } from 'vitest';
import { openCookie } from './harness';
import {
  cookieOf,
  fullInfo,
  type HostileAPI,
  json,
  logIn,
  loginOk,
  pamFor,
  request,
  TOKEN,
  useHostile,
  user,
} from './hostile';

const hostile = useHostile();
const NOW = Date.parse('2026-11-28T06:00:00Z');
const SIX_HOURS = 21_600_000;
const READ = '/pam/bff/users/address-by-user';

const BAD: [string, unknown][] = [
  ['20 kB', 'a'.repeat(20_000)],
  ['2049 characters (its cookie would pass 4 kB)', 'b'.repeat(2049)],
  ['CRLF', 'tok\r\nX-Evil: 1-abcdefghijkl'],
  ['a space', 'tok abcdefghijklmnop'],
  ['non-ASCII', 'tók-abcdefghijklmnop'],
  ['empty', ''],
  ['a number', 1234567890123],
];

/** The cookie value of `answer`'s Set-Cookie, opened. */
async function sealedToken(answer: Response): Promise<string | undefined> {
  const pair = cookieOf(answer);
  const value = pair.slice(pair.indexOf('=') + 1);
  return value === '' ? undefined : (await openCookie(value)).token;
}

/**
 * A proxy on a clock the test moves (`clock.now`, from `NOW`), idle limit 12 h, signed in at `NOW`
 * (the login answer read).
 */
async function signedIn(api: HostileAPI) {
  const clock = { now: NOW };
  const pam = pamFor(api, { now: () => clock.now, cookie: { idleMs: 12 * 3_600_000 } });
  const login = await logIn(pam);
  await login.text();
  return { pam, login, clock };
}

describe('one token check for the login and the refresh (L2)', () => {
  it.each(BAD)(
    'a refresh answering a token with %s: refresh failed, the current token kept and sealed',
    async (_, bad) => {
      const api = await hostile.api();
      const sent: string[] = [];
      api.handler = (req, res) => {
        const bearer = (req.headers.authorization ?? '').split(' ')[1] ?? '';
        if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
        if (req.url?.startsWith('/users/refresh-token')) return json(res, 200, { access_token: bad });
        if (req.url?.startsWith('/auth/logout')) return json(res, 204, '');
        sent.push(bearer);
        return json(res, 200, { user: user(), userInfo: fullInfo(), street: 'x' });
      };
      const { pam, login, clock } = await signedIn(api);
      clock.now += SIX_HOURS + 1_000;
      const first = (await pam.handle(request(READ, { cookie: cookieOf(login) })))!;
      expect(first.status).toBe(200);
      await first.text();
      expect(await sealedToken(first)).toBe(TOKEN);
      const second = (await pam.handle(request(READ, { cookie: cookieOf(first) })))!;
      expect(second.status).toBe(200);
      await second.text();
      expect(sent).toEqual([TOKEN, TOKEN]);
    },
  );

  it('a refresh answering a header-safe token too long to seal: that token is revoked at the API', async () => {
    const api = await hostile.api();
    const long = 'c'.repeat(3000);
    const revoked: string[] = [];
    api.handler = (req, res) => {
      const bearer = (req.headers.authorization ?? '').split(' ')[1] ?? '';
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      if (req.url?.startsWith('/users/refresh-token')) return json(res, 200, { access_token: long });
      if (req.url?.startsWith('/auth/logout')) {
        revoked.push(bearer);
        return json(res, 204, '');
      }
      return json(res, 200, { street: 'x' });
    };
    const { pam, login, clock } = await signedIn(api);
    clock.now += SIX_HOURS + 1_000;
    const first = (await pam.handle(request(READ, { cookie: cookieOf(login) })))!;
    await first.text();
    expect(revoked).toEqual([long]);
  });

  it('a login answering a token too long to seal: 502, nothing sealed, the token revoked; 2048 characters seal', async () => {
    const api = await hostile.api();
    let token = 'd'.repeat(2049);
    const revoked: string[] = [];
    api.handler = (req, res) => {
      const bearer = (req.headers.authorization ?? '').split(' ')[1] ?? '';
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk({}, token));
      if (req.url?.startsWith('/auth/logout')) {
        revoked.push(bearer);
        return json(res, 204, '');
      }
      return json(res, 404, {});
    };
    const pam = pamFor(api);
    const refused = await logIn(pam);
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ pam: 'invalid_response' });
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(revoked).toEqual([token]);
    token = 'e'.repeat(2048);
    const accepted = await logIn(pam);
    expect(accepted.status).toBe(200);
    await accepted.text();
    expect(await sealedToken(accepted)).toBe(token);
    const line = accepted.headers.getSetCookie()[0]!;
    expect(line.split(';')[0]!.length).toBeLessThan(4096);
  });
});
