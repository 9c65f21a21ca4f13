// Review 51 (helper-400, failing on 9216eba4): kept-login.ts (9216eba4) reads the session again (`end()` → `reread()`) when a login
// the page follows fails after its head is in (the body cut off): tab A then finds the login in the
// cookie (AFTER_FAILURE `checking` → `restoring.deciding`) and shows it signed in. But nobody tells
// the other tabs: `deciding` announces nothing (only the login's own onDone `announce`s, and
// `followedLogins`/`confirming` post `signedIn` themselves). Tab B, signed out, is never told and
// never reads: it shows signed out while tab A, the cookie and the next load hold the live login.
// Should hold: a login this tab's own request granted (found by the read after its body failed) is
// told to the other tabs as a completed login is (e.g. `tabs.post({ type: 'signedIn' })` when the
// `checking`/reread read finds a login no tab was told of; or from kept-login's `end()` path).
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { browser, cleanup, clients, loginIdOf, nextLoad, stateOf } from '../review48/support';
import { browserProfile, runningClock, usePam } from '../server-session/support';
import { bodyCutOff } from '../support/body-cut-off';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

describe('a login whose body fails after its head is in, with a second tab open', () => {
  it('the other tab follows the login the cookie holds', async () => {
    const b = browser(fx.served.url);
    const a = createServerSessionClient({
      fetch: bodyCutOff(b.profile, 1).fetch,
      environment: { channel: b.hub.channel() },
    });
    clients.push(a);
    const other = b.tab();
    await Promise.all([a.ready, other.ready]);
    const { plain } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(
      () => a.view.status === 'signedIn',
      () => `A reads the cookie's login (${stateOf(a)})`,
    );
    await turns(300);
    const cookie = await b.cookieLogin();
    expect(cookie).not.toBeNull();
    expect(loginIdOf(a)).toBe(cookie);
    expect((await nextLoad(b.profile)).status).toBe('signedIn');
    expect({ status: other.view.status, loginId: loginIdOf(other) }).toEqual({
      status: 'signedIn',
      loginId: cookie,
    });
  });
});
