import { createMemoryTokenStore, type PamError, type TokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';

// FIXREST28: a call made while a token-mode tab restores (a page load; its own store, the session
// on its way from another tab) left with no `Authorization`, was answered 401 and sent again with
// the token. Now a user call waits for the restore and leaves once, with the login the restore lands
// on; a restore that lands signed out sends nothing (`unauthorized`, as a call made signed out). A
// call marked public (`skipAuthRefresh`) goes at once, as before. Real sockets, simulated time.
const world = useWorld({ reportStepMs: 500 });

const YEARS = '/income-report/available-years';
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

describe('a call made while the tab restores (FIXREST28)', () => {
  it('leaves once, with the token of the login the restore lands on', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    await logIn(world, a);
    await world.advance(2 * S, 100);
    const from = world.server.requests.length;
    const b = world.open({ tabId: 'tab-b', random: 0.6 });
    expect(b.state()).toBe('restoring');
    const calls = [b.client.user.getAvailableYears(), b.client.user.getAvailableYears()].map(outcome);
    await world.advance(3 * S, 100);
    expect(await Promise.all(calls)).toEqual(['resolved', 'resolved']);
    expect(b.state()).toBe('signedIn');
    // Two calls, two requests (no 401 sent again), both with the login's token.
    expect(sentTo(YEARS, from)).toEqual([`Bearer ${await a.token()}`, `Bearer ${await a.token()}`]);
  });

  it('sends nothing when the restore lands signed out', async () => {
    const from = world.server.requests.length;
    const b = world.open({ tabId: 'tab-b' });
    expect(b.state()).toBe('restoring');
    const calls = [b.client.user.getAvailableYears(), b.client.user.getAvailableYears()].map(outcome);
    await world.advance(3 * S, 100);
    expect(await Promise.all(calls)).toEqual(['rejected unauthorized', 'rejected unauthorized']);
    expect(b.state()).toBe('signedOut');
    expect(sentTo(YEARS, from)).toEqual([]);
  });

  it('a public call goes at once, without a token; a user call waits for the restore', async () => {
    // A store whose first read (the restore's) takes 1 s, then empty: the restore lands signed out.
    const memory = createMemoryTokenStore();
    let reads = 0;
    const storage: TokenStore = {
      get: () => (reads++ === 0 ? world.later(S, () => memory.get()) : memory.get()),
      set: (s) => memory.set(s),
      clear: () => memory.clear(),
    };
    const from = world.server.requests.length;
    const b = world.open({ tabId: 'tab-b', storage, channel: false });
    const open = outcome(b.client.http.get(YEARS, { skipAuthRefresh: true }));
    const bound = outcome(b.client.user.getAvailableYears());
    await world.advance(500, 100);
    expect(b.state()).toBe('restoring');
    expect(await open).toBe('rejected unauthorized');
    expect(sentTo(YEARS, from)).toEqual(['none']);
    await world.advance(S, 100);
    expect(b.state()).toBe('signedOut');
    expect(await bound).toBe('rejected unauthorized');
    expect(sentTo(YEARS, from)).toEqual(['none']);
  });
});
