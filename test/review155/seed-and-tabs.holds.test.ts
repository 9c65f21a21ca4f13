// Review 155: the seed handed to server-rendered pages (signed out exactly; no token, refresh
// token or other player's data; an upstream failure never reads as "no restriction"), and two
// tabs refreshing at once (one refresh, both given the same new token).

import { describe, expect, it } from 'vitest';
import { openCookie } from '../server/harness';
import {
  cookieOf,
  fullInfo,
  type HostileAPI,
  json,
  latch,
  logIn,
  loginOk,
  pamFor,
  request,
  TOKEN,
  useHostile,
  user,
} from '../server/hostile';

const hostile = useHostile();
const REFRESH = 'REFRESH-zyxwvut9876543210';
type Profile = (res: Parameters<HostileAPI['handler']>[1]) => void;

async function setup(profile: Profile, now = { t: Date.parse('2026-11-28T12:00:00Z') }) {
  const api = await hostile.api();
  api.handler = (req, res) => {
    if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk({ refresh_token: REFRESH }));
    profile(res);
  };
  const pam = pamFor(api, { now: () => now.t, cookie: { idleMs: 12 * 3_600_000 } });
  const answer = await logIn(pam);
  await answer.text();
  return { api, pam, cookie: cookieOf(answer), now };
}

describe('review155: the seed', () => {
  it('no cookie: exactly the signed-out seed', async () => {
    const { pam } = await setup((res) => json(res, 500, {}));
    const got = (await pam.handle(request('/pam/session')))!;
    expect(await got.json()).toEqual({
      status: 'signedOut',
      user: null,
      userInfo: null,
      readAt: null,
      loginId: null,
      expiresAt: null,
    });
  });

  it('another player in the profile read: signed out, nothing of theirs, cookie cleared', async () => {
    const { pam, cookie } = await setup((res) =>
      json(res, 200, { user: user({ id: 2, name: 'Other' }), userInfo: fullInfo() }),
    );
    const got = (await pam.handle(request('/pam/session', { cookie })))!;
    const text = await got.text();
    expect(JSON.parse(text).status).toBe('signedOut');
    expect(text).not.toContain('Other');
    expect(got.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    const view = await pam.getSession(request('/', { cookie }));
    expect(view.player).toBeNull();
    expect(view.restrictions).toBeNull();
  });

  for (const [label, profile] of [
    ['a 500', (res) => json(res, 500, { message: 'down' })],
    ['a dropped connection', (res) => res.socket?.destroy()],
    [
      'HTML',
      (res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>');
      },
    ],
  ] as [string, Profile][]) {
    it(`the profile read fails (${label}): unavailable, never free to bet`, async () => {
      const { pam, cookie } = await setup(profile);
      const view = await pam.getSession(request('/', { cookie }));
      expect(view.initial.status).toBe('unavailable');
      expect(view.initial.user).toBeNull();
      expect(view.restrictions?.canBet ?? false).toBe(false);
    });
  }

  it('a profile echoing the token and refresh token: the seed holds neither', async () => {
    const { pam, cookie } = await setup((res) =>
      json(res, 200, { user: user({ name: `x ${TOKEN}` }), userInfo: fullInfo({ note: REFRESH }) }),
    );
    const view = await pam.getSession(request('/', { cookie }));
    const text = JSON.stringify(view);
    expect(view.initial.status).toBe('signedIn');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(REFRESH);
  });
});

describe('review155: two tabs refreshing at once', () => {
  it('one refresh sent; both answers carry the one new token', async () => {
    const [shut, open] = latch();
    const NEW = 'NEWTOKEN-abcdefghijklmnop';
    let refreshes = 0;
    const { api, pam, cookie, now } = await setup(() => {});
    api.handler = (req, res) => {
      if (req.url?.startsWith('/users/refresh-token')) {
        refreshes++;
        void shut.then(() => json(res, 200, { access_token: NEW, token_type: 'bearer' }));
        return;
      }
      json(res, 200, { user: user(), userInfo: fullInfo(), street: 'x' });
    };
    now.t += 6 * 3_600_000 + 1_000;
    const a = pam.handle(request('/pam/bff/users/address-by-user', { cookie }));
    const b = pam.handle(request('/pam/session', { cookie }));
    while (refreshes === 0) await new Promise((r) => setImmediate(r));
    open();
    const answers = [(await a)!, (await b)!];
    expect(refreshes).toBe(1);
    for (const got of answers) {
      expect(got.status).toBe(200);
      const line = got.headers.getSetCookie()[0]!;
      const value = line.slice('__Host-pam-session='.length, line.indexOf(';'));
      expect((await openCookie(value)).token).toBe(NEW);
    }
    const sent = api.requests.filter(
      (r) => !r.url.startsWith('/users/refresh-token') && !r.url.startsWith('/auth/login'),
    );
    expect(sent.map((r) => r.authorization)).toEqual(sent.map(() => `bearer ${NEW}`));
  });
});
