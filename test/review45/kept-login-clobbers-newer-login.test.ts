// Review 45, finding 1 (medium): the login the page gave up on (4c27449c, kept-login.ts) is kept to
// its answer and then logged out; nothing orders it against the login the player starts next. A
// cancel, then a second login (a typo fixed, another account) while the first is still on its way:
//  (a) the first answers after the second: its Set-Cookie replaces the second's cookie in the
//      browser, and its logout (naming itself: the cookie's login by then) clears the cookie. The
//      page shows signed in as the second login with no cookie behind it (the next call 401s and
//      signs the player out; the second login's token stays live at the API, no cookie holds it).
//  (b) the first answers between the second's send and its answer: the logout's clearing
//      Set-Cookie lands after the second's cookie and deletes it. Same outcome.
// Before the commit the first fetch was aborted at the cancel: a browser drops an aborted fetch's
// answer, so no cookie of it ever replaced the second's. Over real sockets: the reference server
// behind `pam-client/server` (its API calls held in order by the test, a slow API), a browser
// profile that stores each answer's cookie.

import { afterEach, describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { browserProfile, runningClock } from '../server-session/support';
import { openCookie, usePamPerTest } from '../server/harness';
import { until } from '../support/event-loop';
import { upstreamGate } from './support';

const clock = runningClock();
const { ref, pam } = usePamPerTest(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const heldLogin = (client: ServerSessionClientBase) =>
  (sessionActorOf(client as never).getSnapshot().context as unknown as { loginId?: string }).loginId;

async function cookieLogin(profile: ReturnType<typeof browserProfile>): Promise<string | null> {
  const [value] = [...profile.cookies.values()];
  return value === undefined ? null : (await openCookie(value)).loginId;
}

describe('a login given up on, then another: the newer login keeps its cookie', () => {
  it('(a) the first answers after the second: the cookie still holds the second', async () => {
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
    gate.release('login#1'); // the first login answers now
    await until(
      () => profile.seen.some((s) => s.url.endsWith('/auth/logout')),
      'the kept login logged out',
    );
    expect(client.view.status).toBe('signedIn'); // the page shows the second login...
    expect(await cookieLogin(profile)).toBe(second); // ...and the cookie must still hold it
  });

  it("(b) the first answers while the second is on its way: the logout's Set-Cookie does not clear the second", async () => {
    const { plain, pendingLimit } = ref.server.seed;
    const gate = upstreamGate(['login#1', 'login#2', 'logout#1']);
    const fx = await pam({ fetch: gate.fetch });
    const profile = browserProfile(fx.served.url);
    const client = createServerSessionClient({ fetch: profile.fetch });
    clients.push(client);
    await client.ready;
    client.login({ login: plain.email, password: plain.password });
    await gate.arrived('login#1');
    client.cancel();
    client.login({ login: pendingLimit.email, password: pendingLimit.password });
    await gate.arrived('login#2'); // the second is sent (no cookie yet) and at the API
    gate.release('login#1'); // the first answers: its cookie, then its logout (revoking at the API)
    await gate.arrived('logout#1');
    gate.release('login#2'); // the second answers before the logout does
    await until(() => client.view.status === 'signedIn', 'signed in with the second login');
    const second = heldLogin(client);
    expect(await cookieLogin(profile)).toBe(second);
    gate.release('logout#1');
    await until(
      () => profile.seen.some((s) => s.url.endsWith('/auth/logout')),
      "the kept login's logout answered",
    );
    expect(client.view.status).toBe('signedIn');
    expect(await cookieLogin(profile)).toBe(second);
  });
});
