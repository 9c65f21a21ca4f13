import { createMemoryTokenStore, type PamError, type TokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { logIn, S, storedSession, useWorld } from '../support/world';

// FIXTOK29 item 1: a `client.http` call (or a `client.auth` read) made while a token-mode tab
// restores (a page load, the session on its way from another tab) left with no `Authorization`,
// was answered 401 and sent again with the adopted token. The token getter now waits for the
// restore when it has no token to give a call that needs one: the call leaves once, with the
// landed login's token, or is refused (`unauthorized`, nothing sent) when the restore lands signed
// out; `aborted` when its signal aborts meanwhile. A public call (`skipAuthRefresh`) goes at once,
// as before. Real sockets against the reference server, simulated time.
const world = useWorld({ reportStepMs: 500 });

const YEARS = '/income-report/available-years';
const PROFILE = '/auth/user-profile';
const HISTORY = '/bff/users/login-history';
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: PamError) => `rejected ${e.code}`,
  );
/** The requests to `path` since `from`, each by the `Authorization` it carried. */
const sentTo = (path: string, from: number) =>
  world.server.requests
    .slice(from)
    .filter((r) => r.path === path)
    .map((r) => r.headers.authorization ?? 'none');

describe('a client.http call made while the tab restores (FIXTOK29)', () => {
  it('leaves once, with the token of the login the restore lands on (http and auth reads)', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    await logIn(world, a);
    await world.advance(2 * S, 100);
    const from = world.server.requests.length;
    const b = world.open({ tabId: 'tab-b', random: 0.6 });
    expect(b.state()).toBe('restoring');
    const calls = [
      b.client.http.get(YEARS),
      b.client.http.get(HISTORY),
      b.client.http.post('/users/update/1', {}),
      b.client.auth.getUserProfile(),
    ].map(outcome);
    await world.advance(3 * S, 100);
    expect(await Promise.all(calls)).toEqual(['resolved', 'resolved', 'resolved', 'resolved']);
    expect(b.state()).toBe('signedIn');
    // One request each (no 401 sent again), each with the login's token: none without. (The
    // profile is read by B's session too, with it.)
    const bearer = `Bearer ${await a.token()}`;
    expect(sentTo(YEARS, from)).toEqual([bearer]);
    expect(sentTo(HISTORY, from)).toEqual([bearer]);
    expect(sentTo('/users/update/1', from)).toEqual([bearer]);
    expect(sentTo(PROFILE, from)).toEqual([bearer, bearer]);
  });

  it('sends nothing when the restore lands signed out: refused `unauthorized`', async () => {
    const from = world.server.requests.length;
    const b = world.open({ tabId: 'tab-b' });
    expect(b.state()).toBe('restoring');
    const calls = [b.client.http.get(YEARS), b.client.http.post('/users/limits', {})].map(outcome);
    await world.advance(3 * S, 100);
    expect(await Promise.all(calls)).toEqual(['rejected unauthorized', 'rejected unauthorized']);
    expect(b.state()).toBe('signedOut');
    expect(world.server.requests.slice(from)).toEqual([]);
  });

  it('a call whose signal aborts while it waits is `aborted`, nothing sent', async () => {
    // A store whose first read (the restore's) takes 1 s, then a login stored by the app's other page.
    const memory = createMemoryTokenStore();
    let reads = 0;
    const storage: TokenStore = {
      get: () => (reads++ === 0 ? world.later(S, () => memory.get()) : memory.get()),
      set: (s) => memory.set(s),
      clear: () => memory.clear(),
    };
    const from = world.server.requests.length;
    const b = world.open({ tabId: 'tab-b', storage, channel: false });
    const abort = new AbortController();
    const call = outcome(b.client.http.get(YEARS, { signal: abort.signal }));
    await world.advance(200, 100);
    expect(b.state()).toBe('restoring');
    abort.abort();
    expect(await call).toBe('rejected aborted');
    await world.advance(2 * S, 100);
    expect(b.state()).toBe('signedOut');
    expect(sentTo(YEARS, from)).toEqual([]);
  });

  it('a stored session of its own: the call goes at once with its token; a public one without waiting', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3, channel: false });
    await logIn(world, a);
    const token = await a.token();
    // B's own store holds the session; its first read (the restore's) takes 1 s.
    const memory = createMemoryTokenStore();
    await memory.set(storedSession(token!, world.now()));
    let reads = 0;
    const storage: TokenStore = {
      get: () => (reads++ === 0 ? world.later(S, () => memory.get()) : memory.get()),
      set: (s) => memory.set(s),
      clear: () => memory.clear(),
    };
    const from = world.server.requests.length;
    const b = world.open({ tabId: 'tab-b', storage, channel: false });
    const bound = outcome(b.client.http.get(YEARS));
    const open = outcome(b.client.http.get(PROFILE, { skipAuthRefresh: true }));
    await world.advance(300, 100);
    expect(b.state()).toBe('restoring');
    expect(await bound).toBe('resolved');
    expect(await open).toBe('resolved');
    expect(sentTo(YEARS, from)).toEqual([`Bearer ${token}`]);
    expect(sentTo(PROFILE, from)).toEqual([`Bearer ${token}`]);
    await world.advance(2 * S, 100);
    expect(b.state()).toBe('signedIn');
  });
});
