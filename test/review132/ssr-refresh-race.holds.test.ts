// Review 132 (held): the server render's session read (`getSession`) racing the proxy's own calls
// on one instance, against a hostile API (node:http on 127.0.0.1) whose refresh and profile read
// the test holds with a latch (no sleep; the proxy's clock moved by hand).
import { describe, expect, it } from 'vitest';
import { openCookie } from '../server/harness';
import {
  APP,
  cookieOf,
  type HostileAPI,
  json,
  latch,
  loginOk,
  pamFor,
  request,
  signIn,
  TOKEN,
  useHostile,
  user,
} from '../server/hostile';
import { turns, until } from '../support/event-loop';

const hostile = useHostile();
const NEW = `NEWTOKEN-${'n'.repeat(30)}`;
const READ = '/pam/bff/users/address-by-user';

/** A page request (a top-level navigation of the app's own, as a browser sends it). */
const page = (cookie: string) =>
  new Request(`${APP}/account`, { headers: { cookie, 'sec-fetch-site': 'same-origin' } });

function api(a: HostileAPI, gates: { refresh?: Promise<void>; profile?: Promise<void> }) {
  a.handler = (req, res) => {
    if (req.url === '/auth/login') return json(res, 200, loginOk());
    if (req.url === '/auth/logout') return json(res, 204, '');
    if (req.url === '/users/refresh-token') {
      void (gates.refresh ?? Promise.resolve()).then(() =>
        json(res, 200, { access_token: NEW, token_type: 'bearer', expires_in: 28800 }),
      );
      return;
    }
    if (req.url?.startsWith('/auth/user-profile')) {
      void (gates.profile ?? Promise.resolve()).then(() =>
        json(res, 200, { user: user({ token: undefined }), userInfo: {} }),
      );
      return;
    }
    return json(res, 200, { street: 'x' });
  };
}

const cookieValueOf = (line: string) => line.split(';')[0]!.split('=').slice(1).join('=');

describe('review 132: the first render reading the session while it rotates', () => {
  it('a render and a proxy call with the same due cookie share one refresh; both lines carry the new token', async () => {
    const a = await hostile.api();
    const [gate, open] = latch();
    api(a, { refresh: gate });
    let clock = Date.now();
    const pam = pamFor(a, { now: () => clock, refreshAfterMs: 60_000 });
    const cookie = await signIn(pam);
    clock += 61_000;
    const rendering = pam.getSession(page(cookie));
    const calling = pam.handle(request(READ, { cookie }));
    await until(() => a.requests.some((r) => r.url === '/users/refresh-token'), 'refresh sent');
    await turns(20);
    open();
    const [session, answer] = await Promise.all([rendering, calling]);
    await answer!.text();
    expect(a.requests.filter((r) => r.url === '/users/refresh-token')).toHaveLength(1);
    expect(session.initial.status).toBe('signedIn');
    const lines = [...session.headers.getSetCookie(), ...answer!.headers.getSetCookie()];
    expect(lines).toHaveLength(2);
    for (const line of lines) expect((await openCookie(cookieValueOf(line))).token).toBe(NEW);
    const shown = JSON.stringify({ i: session.initial, p: session.player, r: session.restrictions });
    expect(shown).not.toContain(NEW);
    expect(shown).not.toContain(TOKEN);
    // No call went out with the replaced token after the refresh.
    const after = a.requests.slice(a.requests.findIndex((r) => r.url === '/users/refresh-token') + 1);
    expect(after.filter((r) => r.authorization.includes(TOKEN) && r.url !== '/auth/logout')).toEqual([]);
  });

  it('a render with the pre-refresh copy (within graceMs) is served with the successor and given its cookie', async () => {
    const a = await hostile.api();
    api(a, {});
    let clock = Date.now();
    const pam = pamFor(a, { now: () => clock, refreshAfterMs: 60_000 });
    const cookie = await signIn(pam);
    clock += 61_000;
    const first = (await pam.handle(request(READ, { cookie })))!;
    await first.text();
    const session = await pam.getSession(page(cookie));
    expect(session.initial.status).toBe('signedIn');
    const [line] = session.headers.getSetCookie();
    expect((await openCookie(cookieValueOf(line!))).token).toBe(NEW);
    const profiles = a.requests.filter((r) => r.url.startsWith('/auth/user-profile'));
    expect(profiles.map((r) => r.authorization)).toEqual([`bearer ${NEW}`]);
  });

  it('a logout landing while the render reads the profile: the render shows signed out, sets no live cookie', async () => {
    const a = await hostile.api();
    const [gate, open] = latch();
    api(a, { profile: gate });
    const pam = pamFor(a);
    const cookie = await signIn(pam);
    const rendering = pam.getSession(page(cookie));
    await until(() => a.requests.some((r) => r.url.startsWith('/auth/user-profile')), 'profile read sent');
    const out = (await pam.handle(request('/pam/auth/logout', { method: 'POST', cookie })))!;
    await out.text();
    expect(out.status).toBe(204);
    open();
    const session = await rendering;
    expect(session.initial.status).toBe('signedOut');
    expect(session.player).toBeNull();
    expect(session.headers.getSetCookie().filter((l) => !/Max-Age=0/.test(l))).toEqual([]);
    expect(cookieOf(out)).toMatch(/=$/);
  });
});
