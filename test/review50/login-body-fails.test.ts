// Review 50: a login the page did NOT give up on, whose answer's head is in (the browser stored its
// cookie) and whose body then fails (the connection reset mid-body). kept-login.ts reads the session
// again for a login given up on whose body fails (review 46: "its head was in: end(), no login to
// name, reads the session again"), but a login still followed gets the same failure as a plain
// error: the login child fails, the page shows the failure (signed out) while the cookie holds the
// live login, and the next load shows the player signed in.
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { cleanup, clients, loginIdOf, nextLoad, stateOf } from '../review48/support';
import { openCookie } from '../server/harness';
import { browserProfile, runningClock, usePam } from '../server-session/support';
import { bodyCutOff } from '../support/body-cut-off';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

describe('a login whose body fails after its head is in (not given up on)', () => {
  it('the page and the cookie agree', async () => {
    const profile = browserProfile(fx.served.url);
    const a = createServerSessionClient({
      fetch: bodyCutOff(profile, 1).fetch,
      environment: { channel: null },
    });
    clients.push(a);
    await a.ready;
    const { plain } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(
      () => !['signingIn', 'restoring'].includes(a.view.status),
      () => `settled (${stateOf(a)})`,
    );
    await turns(200);
    const [value] = [...profile.cookies.values()];
    const cookie = value === undefined ? null : (await openCookie(value)).loginId;
    expect(cookie).not.toBeNull(); // the login is live in the cookie
    const next = await nextLoad(profile);
    expect(next.status).toBe('signedIn');
    expect({ status: a.view.status, loginId: a.view.status === 'signedIn' ? loginIdOf(a) : null }).toEqual({
      status: 'signedIn',
      loginId: cookie,
    });
  });

  it('a logout() from the failure shown leaves no login live for the next load', async () => {
    const profile = browserProfile(fx.served.url);
    const a = createServerSessionClient({
      fetch: bodyCutOff(profile, 1).fetch,
      environment: { channel: null },
    });
    clients.push(a);
    await a.ready;
    const { plain } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(
      () => !['signingIn', 'restoring'].includes(a.view.status),
      () => `settled (${stateOf(a)})`,
    );
    a.logout(); // the player asks to sign out
    await until(
      () => !['signingOut', 'restoring'].includes(a.view.status),
      () => `signed out (${stateOf(a)})`,
    );
    await turns(200);
    expect(a.view.status).toBe('signedOut');
    // Nothing was revoked: the login the player signed out of is live for the next load.
    expect((await nextLoad(profile)).status).toBe('signedOut');
  });
});
