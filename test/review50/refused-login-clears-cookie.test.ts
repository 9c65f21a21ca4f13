// Review 50 (the forty-third pass's open point, found by the tab-order property with app logins): a
// login sent with the cookie of a lineage a logout then ended is refused by the proxy (`401`, the
// logout's word, REVIEW-S J(a)) with that cookie cleared (`Max-Age=0`). By the time its answer
// lands, the browser's cookie may hold another login, made since with no cookie (a lineage of its
// own), which every tab shows: the refusal deletes it, and the tabs went on showing it signed in
// (betting open) over an empty cookie until their next call. The proxy now marks that refusal
// (`pam: 'signed_out'`) and the page tells it as a logout naming no login, to itself and the tabs.
import { afterEach, describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { openCookie, usePamPerTest } from '../server/harness';
import { browserProfile, runningClock } from '../server-session/support';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { cookieState, drained, heldApi } from '../support/held-api';

const clock = runningClock();
const { ref, pam } = usePamPerTest(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const cookieOf = async (profile: ReturnType<typeof browserProfile>) => {
  const [value] = [...profile.cookies.values()];
  return value === undefined ? null : (await openCookie(value)).loginId;
};
const loginIdOf = (c: ServerSessionClientBase) =>
  (sessionActorOf(c as never).getSnapshot().context as unknown as { loginId: string | null }).loginId;

describe('a login refused for a logout of its lineage, answered after another login set the cookie', () => {
  /** The scenario; `lateMs`: how long after the logout (at the proxy) the refused login is sent. */
  async function refusedAfter(lateMs: number) {
    const api = heldApi(['login', 'logout']);
    const fx = await pam({ fetch: api.fetch });
    const profile = browserProfile(fx.served.url);
    const hub = new FakeChannelHub();
    const open = () => {
      const c = createServerSessionClient({ fetch: profile.fetch, environment: { channel: hub.channel() } });
      clients.push(c);
      return c;
    };
    const tabs = [open(), open()];
    await Promise.all(tabs.map((t) => t.ready));
    const { plain, pendingLimit } = ref.server.seed;
    // The app signs a player in (lineage X), followed by both tabs.
    const first = tabs[0]!.auth.login({ login: plain.email, password: plain.password });
    await until(() => api.pending.length === 1, 'the first login at the API');
    api.release(0);
    await first;
    await until(() => tabs.every((t) => t.view.status === 'signedIn'), 'both tabs on the first login');
    // Tab 1 signs out: X ended at the proxy, its answer held (the API's revoke): the browser still
    // holds X's cookie, and the app signs in again with it (its answer held at the API).
    tabs[1]!.logout();
    await until(() => api.pending.length === 1, 'the logout at the API');
    clock.now += lateMs;
    const refused = tabs[0]!.auth.login({ login: pendingLimit.email, password: pendingLimit.password });
    const outcome = refused.then(
      () => 'granted',
      (e: { status?: number; body?: { pam?: string } }) => `${e.status} ${e.body?.pam}`,
    );
    // (The proxy has it wait for the logout of its cookie's login: sent, it waits there.)
    await turns(100);
    api.release(0);
    await until(() => tabs.every((t) => t.view.status === 'signedOut'), 'both tabs signed out');
    await until(() => api.pending.length === 1, 'the second login at the API');
    expect(await cookieOf(profile)).toBeNull();
    // Tab 0 signs in (no cookie: a lineage of its own), followed by both tabs.
    tabs[0]!.login({ login: plain.email, password: plain.password });
    await until(() => api.pending.length === 2, 'the page login at the API');
    api.release(1);
    await until(() => tabs.every((t) => t.view.status === 'signedIn'), 'both tabs on the page login');
    const shown = loginIdOf(tabs[0]!);
    expect(loginIdOf(tabs[1]!)).toBe(shown);
    expect(await cookieOf(profile)).toBe(shown);
    // The held login answers now: refused (X ended), its cookie line clears the page login's cookie.
    // (Its token the API issued is revoked before the answer: the revoke let go too.)
    await drained(api, tabs)('settled');
    expect(await outcome).toBe('401 signed_out');
    await drained(api, tabs)('settled');
    const { loginId: cookie, seed } = await cookieState(fx.served.url, profile, api);
    return { cookie, seed, shown, tabs };
  }

  // (Both logins are sent while the logout is still at the API, before its answer: in flight
  // across it. The window counts from the logout's answer (forty-sixth pass): a logout whose
  // revokes took a minute no longer lets such a refusal clear the other login's cookie. A login
  // sent with a cookie a minute after the logout's answer, lost, clears it: test/server/proxy.test.ts
  // and review 49's stale-cookie-copy.)
  it.each([
    ['at once', 0],
    ['a minute into a slow logout (forty-sixth pass)', 60_000],
  ])(
    'sent in flight across the logout, %s: the refusal leaves the other login’s cookie, every tab on it',
    async (_, lateMs) => {
      const { cookie, seed, shown, tabs } = await refusedAfter(lateMs);
      expect({ cookie, seed }).toEqual({ cookie: shown, seed: 'signedIn' });
      await until(
        () => tabs.every((t) => t.view.status === 'signedIn' && loginIdOf(t) === shown),
        'every tab on it',
      );
    },
  );
});
