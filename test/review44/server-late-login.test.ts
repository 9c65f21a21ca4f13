// Review 43 (helper-390): a login the page gave up on could stay live in the browser's cookie.
// 1. medium-low: `client.auth.login` answered after `stop()` while the client held another login:
//    its cookie was set, and the automatic logout named the OLD login (`X-Pam-Login`, from the
//    stopped session), so the proxy refused it (401) and the new login stayed live. A late logout
//    now names the login its answer holds (`server_session.login_id`).
// 2. low-medium: a logout (or cancel, or stop) between a login answer's headers (the cookie stored)
//    and the page's fetch settling showed signed out and sent nothing: the cookie stayed. The
//    session's login call is now kept to its answer; a login it grants after the page gave up is
//    logged out, naming it.
// Over real sockets: the reference server behind `pam-client/server`, a browser profile that stores
// the cookie when the headers arrive (late-login-support.ts).

import { afterEach, describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { runningClock, usePam } from '../server-session/support';
import { until } from '../support/event-loop';
import { gatedProfile } from './late-login-support';

const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/** The session as the cookie jar holds it now (the proxy's seed route read with it). */
async function cookieSession(profile: ReturnType<typeof gatedProfile>) {
  const res = await fetch(`${fx.served.url}/pam/session`, {
    headers: { cookie: [...profile.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return ((await res.json()) as { status: string }).status;
}

const logouts = (profile: ReturnType<typeof gatedProfile>) =>
  profile.sent.filter((s) => s.path.endsWith('/auth/logout'));

describe('a login answered after the page gave up is logged out, naming it', () => {
  it('client.auth.login answered after stop(), the client holding another login: the new login ends', async () => {
    const { plain, pendingLimit } = ref.server.seed;
    const profile = gatedProfile(fx.served.url);
    const client = createServerSessionClient({ fetch: profile.fetch });
    clients.push(client);
    await client.ready;
    profile.release(); // the first login goes through
    client.login({ login: plain.email, password: plain.password });
    await until(() => client.view.status === 'signedIn', 'signed in as plain');
    const gated = gatedProfile(fx.served.url);
    // The same jar: the second login is sent through a profile that holds its answer.
    gated.cookies.clear();
    for (const [k, v] of profile.cookies) gated.cookies.set(k, v);
    const switching = createServerSessionClient({ fetch: gated.fetch });
    clients.push(switching);
    await switching.ready;
    await until(() => switching.view.status === 'signedIn', 'the second client reads the same login');
    const held = (sessionActorOf(switching).getSnapshot().context as unknown as { loginId: string }).loginId;
    expect(held).toBeTruthy();
    const late = switching.auth.login({ login: pendingLimit.email, password: pendingLimit.password });
    late.catch(() => {});
    await gated.held();
    switching.stop();
    await expect(late).rejects.toMatchObject({ code: 'aborted' });
    gated.release();
    await until(() => logouts(gated).length > 0, 'the late login logged out');
    await until(async () => (await cookieSession(gated)) === 'signedOut', 'the late login ended');
    const named = logouts(gated)[0]!.headers.get('x-pam-login');
    expect(named).toBeTruthy();
    expect(named).not.toBe(held); // the late login's own, never the one the stopped session held
  });

  it('client.auth.login answered after stop() on a signed-out client: its logout names the new login', async () => {
    const { plain } = ref.server.seed;
    const profile = gatedProfile(fx.served.url);
    const client = createServerSessionClient({ fetch: profile.fetch });
    clients.push(client);
    await client.ready;
    const late = client.auth.login({ login: plain.email, password: plain.password });
    late.catch(() => {});
    await profile.held();
    client.stop();
    profile.release();
    await until(() => logouts(profile).length > 0, 'the late login logged out');
    await until(async () => (await cookieSession(profile)) === 'signedOut', 'the late login ended');
    expect(logouts(profile)[0]!.headers.get('x-pam-login')).toMatch(/\S/);
  });

  it.each(['logout', 'cancel', 'stop'] as const)(
    "%s between the login answer's headers and the fetch settling: the cookie's login ends",
    async (how) => {
      const { plain } = ref.server.seed;
      const profile = gatedProfile(fx.served.url);
      const client = createServerSessionClient({ fetch: profile.fetch });
      clients.push(client);
      await client.ready;
      client.login({ login: plain.email, password: plain.password });
      await profile.held();
      expect(await cookieSession(profile)).toBe('signedIn'); // the browser holds the cookie
      if (how === 'logout') client.logout();
      else if (how === 'cancel') client.cancel();
      else client.stop();
      if (how !== 'stop') expect(client.view.status).toBe('signedOut');
      profile.release();
      await until(async () => (await cookieSession(profile)) === 'signedOut', 'the login given up on ended');
      expect(logouts(profile)).toHaveLength(1);
      expect(logouts(profile)[0]!.headers.get('x-pam-login')).toMatch(/\S/);
    },
  );
});
