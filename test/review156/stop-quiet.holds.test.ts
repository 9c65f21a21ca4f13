// Review 156 (4): stop() of a signed-in server-session client (real sockets, reference stack):
// no timer left armed, no page-signal listener left, and nothing sent afterwards whatever the
// page, the clock or another tab does.

import { afterEach, describe, expect, it } from 'vitest';
import {
  createServerSessionClient,
  playTime,
  type ServerSessionClientBase,
  userModule,
} from '../../machines/index';
import { browserProfile, runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { manualTimers } from '../support/manual-timers';

const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/** Page signals whose listeners are counted and fired by hand. */
function signals() {
  const sets = {
    visibility: new Set<(h: boolean) => void>(),
    focus: new Set<() => void>(),
    online: new Set<(o: boolean) => void>(),
    leave: new Set<() => void>(),
  };
  const sub =
    <T>(set: Set<T>) =>
    (fn: T) => (set.add(fn), () => void set.delete(fn));
  return {
    sets,
    env: {
      visibility: { isHidden: () => false, onChange: sub(sets.visibility) },
      focus: { onFocus: sub(sets.focus) },
      online: { isOnline: () => true, onChange: sub(sets.online) },
      lifecycle: { onLeave: sub(sets.leave) },
    },
    fire() {
      for (const f of [...sets.visibility]) f(true), f(false);
      for (const f of [...sets.focus]) f();
      for (const f of [...sets.online]) f(false), f(true);
    },
    count: () => Object.values(sets).reduce((n, s) => n + s.size, 0),
  };
}

describe('review156: stop()', () => {
  it('signed in, then stopped: no timer, no listener, no request; another tab and the page go on', async () => {
    const { plain } = ref.server.seed;
    const hub = new FakeChannelHub();
    const other = hub.channel();
    const t = { now: Date.now() };
    const { timers, advance, pending } = manualTimers(t);
    const page = signals();
    const profile = browserProfile(fx.served.url);
    const client = createServerSessionClient({
      fetch: profile.fetch,
      flows: [userModule(), playTime()],
      environment: { channel: hub.channel(), timers, now: () => t.now, ...page.env } as never,
    });
    clients.push(client);
    await client.ready;
    client.login({ login: plain.email, password: plain.password });
    await until(() => client.view.status === 'signedIn', 'signed in');
    advance(1_000);
    await turns(20);
    expect(pending.size).toBeGreaterThan(0);
    client.stop();
    await turns(20);
    const sentBefore = profile.seen.length;
    const told = hub.sent.length;
    expect([...pending.values()].map((p) => String(p.fn).slice(0, 80))).toEqual([]);
    expect(page.count()).toBe(0);
    // Everything that would make a live tab call: the page, another tab, the clock.
    page.fire();
    other.postMessage({ type: 'signedIn', loginId: '*' });
    other.postMessage({ type: 'signedOut', loginId: '*' });
    other.postMessage({ type: 'ask' });
    advance(48 * 3_600_000);
    client.login({ login: plain.email, password: plain.password });
    client.logout();
    await client.user.getAddress().catch(() => {});
    await turns(50);
    expect(profile.seen.slice(sentBefore).map((s) => `${s.method} ${s.url}`)).toEqual([]);
    // Nothing told to the other tabs after the stop either (no answer to their ask).
    expect(hub.sent.slice(told)).toEqual([
      { type: 'signedIn', loginId: '*' },
      { type: 'signedOut', loginId: '*' },
      { type: 'ask' },
    ]);
  });

  it('stopped while the login is on its way: nothing but that login (and its revoke) sent, no timer', async () => {
    const { plain } = ref.server.seed;
    const t = { now: Date.now() };
    const { timers, pending } = manualTimers(t);
    const profile = browserProfile(fx.served.url);
    const client = createServerSessionClient({
      fetch: profile.fetch,
      environment: { channel: null, timers, now: () => t.now } as never,
    });
    clients.push(client);
    await client.ready;
    client.login({ login: plain.email, password: plain.password });
    client.stop();
    await turns(200);
    expect(profile.seen.filter((s) => !/\/auth\/(login|logout)|\/session$/.test(s.url))).toEqual([]);
    expect(pending.size).toBe(0);
    expect(client.view.restrictions?.canBet ?? false).toBe(false);
  });
});
