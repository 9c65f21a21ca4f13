// A request that left the browser with the cookie of a login another request then ended (a new
// login in another tab replaced it) reaches the proxy after that end.
// Its answer cleared the cookie (`Max-Age=0`): in the browser that deletes the NEWER login's cookie,
// set meanwhile. The player, shown signed in by every tab, was signed out at the next call, and the
// new login was left live at the API with no cookie to end it. The ending answer cleared or
// replaced that cookie already: a copy of a replaced login's cookie now reads as signed out and
// sets nothing. So does a copy of a login a logout ended, however late (forty-fifth pass: within
// 60 s; forty-sixth: ever, a login sent with it `IN_FLIGHT_MS` after the logout starting a lineage
// of its own). A cookie that does not open, or a login past its idle or absolute end, is cleared.
import { describe, expect, it } from 'vitest';
import { browser, cleanup } from '../review48/support';
import { runningClock, usePam } from '../server-session/support';
import { until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

const COOKIE = '__Host-pam-session';
const ROUTES = ['/session', '/auth/user-profile', '/bff/users/address-by-user'];

/** What the proxy answers a request carrying `cookie`: its status and its Set-Cookie, if any. */
async function sentWith(cookie: string, path: string) {
  const r = await fetch(`${fx.served.url}/pam${path}`, {
    headers: { cookie: `${COOKIE}=${cookie}`, 'x-pam-client': '1' },
  });
  await r.text();
  return { path, status: r.status, setCookie: r.headers.get('set-cookie') };
}

/** A tab signed in (the seed's `plain` player), and its cookie then (`old`). */
async function signedIn() {
  const { plain } = ref.server.seed;
  const b = browser(fx.served.url);
  const a = b.tab();
  await a.ready;
  a.login({ login: plain.email, password: plain.password });
  await until(() => a.view.status === 'signedIn', 'signed in');
  const [old] = [...b.profile.cookies.values()];
  return { b, a, old };
}

describe('a request carrying the cookie of a login ended since it left the browser', () => {
  it('a newer login replaced it: the answer sets no cookie (the newer one stays)', async () => {
    const { b, a, old } = await signedIn();
    const { pendingLimit } = ref.server.seed;
    await a.auth.login({ login: pendingLimit.email, password: pendingLimit.password });
    const [newer] = [...b.profile.cookies.values()];
    expect(newer).not.toBe(old);
    expect((await sentWith(newer!, '/session')).status).toBe(200);
    const answers = await Promise.all(ROUTES.map((p) => sentWith(old!, p)));
    expect(answers.map((x) => x.setCookie)).toEqual(ROUTES.map(() => null));
    expect(answers.find((x) => x.path === '/session')?.status).toBe(200);
    expect(answers.filter((x) => x.path !== '/session').map((x) => x.status)).toEqual([401, 401]);
  });

  it('a logout ended it: a copy met within `graceMs` sets nothing (in flight across the logout)', async () => {
    const { b, a, old } = await signedIn();
    a.logout();
    await until(() => a.view.status === 'signedOut' && b.profile.cookies.size === 0, 'logged out');
    const answers = await Promise.all(ROUTES.map((p) => sentWith(old!, p)));
    expect(answers.map((x) => x.setCookie)).toEqual(ROUTES.map(() => null));
    expect(answers.find((x) => x.path === '/session')?.status).toBe(200);
    expect(answers.filter((x) => x.path !== '/session').map((x) => x.status)).toEqual([401, 401]);
  });

  it('a logout ended it: a copy met later sets nothing either, and a login sent with it signs in (forty-sixth pass)', async () => {
    const { b, a, old } = await signedIn();
    a.logout();
    await until(() => a.view.status === 'signedOut' && b.profile.cookies.size === 0, 'logged out');
    clock.now += 60_000; // `IN_FLIGHT_MS`: the browser still held it after the logout's answer (lost)
    const answers = await Promise.all(ROUTES.map((p) => sentWith(old!, p)));
    expect(answers.map((x) => x.setCookie)).toEqual(ROUTES.map(() => null));
    // It locks nothing: a login sent with it starts a lineage of its own.
    const { plain } = ref.server.seed;
    const login = await fetch(`${fx.served.url}/pam/auth/login`, {
      method: 'POST',
      headers: {
        cookie: `${COOKIE}=${old}`,
        'x-pam-client': '1',
        origin: fx.served.url,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ login: plain.email, password: plain.password }),
    });
    await login.text();
    const set = login.headers.get('set-cookie') ?? '';
    expect({ status: login.status, sets: set.startsWith(`${COOKIE}=Fe26`) }).toEqual({
      status: 200,
      sets: true,
    });
  });

  it('a cookie that does not open is still cleared', async () => {
    const answer = await sentWith('not-a-sealed-cookie', '/session');
    expect(answer.setCookie).toMatch(/Max-Age=0/);
  });
});
