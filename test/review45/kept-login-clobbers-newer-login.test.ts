// Review 45, finding 1 (medium): a login the page gave up on (4c27449c kept every one to its answer)
// then logged out; nothing ordered it against the login the player started next. A cancel, then a
// second login while the first was still on its way: the first's Set-Cookie replaced the second's
// cookie, and its logout cleared it (the page signed in as the second with no cookie behind it).
// Now (kept-login.ts):
//  (a) given up on before its answer's head is in (the API still working on it): the fetch is
//      aborted (a browser drops an aborted fetch's cookie), the second login goes at once, and the
//      cookie holds the second whatever the first does after;
//  (b) given up on once its head is in (its cookie stored): kept to its answer and logged out,
//      naming it, and the second login is sent only after that logout answered; the cookie then
//      holds the second.
// Over real sockets: the reference server behind `pam-client/server`, a browser profile that keeps
// each answer's cookie ((a): the API calls held by the test; (b): the page's login answer held
// after its head, late-login-support.ts).

import { afterEach, describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { gatedProfile } from '../review44/late-login-support';
import { openCookie, usePamPerTest } from '../server/harness';
import { browserProfile, runningClock } from '../server-session/support';
import { turns, until } from '../support/event-loop';
import { upstreamGate } from './support';

const clock = runningClock();
const { ref, pam } = usePamPerTest(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const heldLogin = (client: ServerSessionClientBase) =>
  (sessionActorOf(client as never).getSnapshot().context as unknown as { loginId?: string }).loginId;

async function cookieLogin(profile: { cookies: Map<string, string> }): Promise<string | null> {
  const [value] = [...profile.cookies.values()];
  return value === undefined ? null : (await openCookie(value)).loginId;
}

describe('a login given up on, then another: the newer login keeps its cookie', () => {
  it('(a) given up on before its head: aborted, the second goes at once and keeps the cookie', async () => {
    const { plain, pendingLimit } = ref.server.seed;
    const gate = upstreamGate(['login#1']);
    const fx = await pam({ fetch: gate.fetch });
    const profile = browserProfile(fx.served.url);
    const client = createServerSessionClient({ fetch: profile.fetch });
    clients.push(client);
    await client.ready;
    client.login({ login: plain.email, password: plain.password });
    await gate.arrived('login#1'); // the first login is at the (slow) API
    client.cancel();
    expect(client.view.status).toBe('signedOut');
    client.login({ login: pendingLimit.email, password: pendingLimit.password });
    await until(() => client.view.status === 'signedIn', 'signed in with the second login');
    const second = heldLogin(client);
    expect(await cookieLogin(profile)).toBe(second);
    gate.release('login#1'); // the first login answers now, to a fetch the page aborted
    await turns(100);
    expect(profile.seen.filter((s) => s.url.endsWith('/auth/logout'))).toEqual([]);
    expect(client.view.status).toBe('signedIn');
    expect(await cookieLogin(profile)).toBe(second);
  });

  it('(b) given up on once its head is in: the second is sent after its logout answered', async () => {
    const { plain, pendingLimit } = ref.server.seed;
    const fx = await pam();
    const profile = gatedProfile(fx.served.url);
    const client = createServerSessionClient({ fetch: profile.fetch });
    clients.push(client);
    await client.ready;
    client.login({ login: plain.email, password: plain.password });
    await profile.held(); // its head is in: the browser holds its cookie
    const first = await cookieLogin(profile);
    client.cancel();
    expect(client.view.status).toBe('signedOut');
    client.login({ login: pendingLimit.email, password: pendingLimit.password });
    await turns(50);
    const paths = () => profile.sent.map((s) => s.path.split('/').pop());
    expect(paths().filter((p) => p === 'login')).toHaveLength(1); // the second waits
    profile.release(); // the first's body: its login, then its logout naming it
    await until(() => client.view.status === 'signedIn', 'signed in with the second login');
    const second = heldLogin(client);
    expect(second).not.toBe(first);
    const logout = profile.sent.findIndex((s) => s.path.endsWith('/auth/logout'));
    expect(logout).toBeGreaterThan(-1);
    expect(profile.sent[logout]!.headers.get('x-pam-login')).toBe(first);
    expect(paths().lastIndexOf('login')).toBeGreaterThan(logout);
    expect(await cookieLogin(profile)).toBe(second);
  });
});
