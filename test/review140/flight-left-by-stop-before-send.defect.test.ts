// Review 140 (this pass's own fix, machines/session/flights.ts): `guardedRefresh` registers its
// flight (`flying`) BEFORE `detached` checks the signal. A client stopped while its refresh reads
// the token store (an async store: IndexedDB, AsyncStorage, SecureStore; or a stop in the same turn
// as the timed refresh) reaches `detached` with the signal aborted: nothing is sent, `send` never
// runs, and neither `end` (the call's settle) nor `late` (`tookBack`) is ever called. The entry
// stays in the store's set for good, counted "stopped" (its signal aborted): every later 401 of that
// token on that store waits the whole request timeout (`othersLanded`) for a refresh that was never
// sent, the session held in `refreshing` that long (shown signed in on a dead token: 11 s here
// against 1 s for the same 401 with no stopped client before it), and the entry leaks.
import { createMemoryTokenStore, type TokenStore } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { othersLanded } from '../../machines/session/flights';
import { H, logIn, MIN, S, useWorld } from '../support/world';

const world = useWorld();

/** A store whose reads take 50 ms (simulated) once `slow`, and that stops `onRefreshRead` at the refresh's read. */
function slowStore() {
  const inner = createMemoryTokenStore();
  const o = {
    inner,
    slow: false,
    onRefreshRead: undefined as (() => void) | undefined,
    refreshing: () => false,
  };
  const store: TokenStore = {
    get: () => {
      if (!o.slow) return inner.get();
      if (o.onRefreshRead && o.refreshing()) {
        const f = o.onRefreshRead;
        o.onRefreshRead = undefined;
        queueMicrotask(f);
      }
      return world.later(50, () => inner.get());
    },
    set: (s) => inner.set(s),
    clear: () => inner.clear(),
  };
  return { o, store };
}

describe('review 140: a client stopped while its refresh reads the store', () => {
  it('leaves no refresh "on its way" (nothing was sent): a later 401 of that token waits for nothing', async () => {
    const { o, store } = slowStore();
    const a = world.open({ tabId: 'tab-a', channel: false, storage: store, retry: 0 });
    await logIn(world, a);
    const token = (await o.inner.get())!.accessToken;
    o.refreshing = () => {
      const r = (
        sessionActorOf(a.client).getSnapshot().children as Record<
          string,
          { getSnapshot(): { value: unknown } }
        >
      ).refresh;
      return JSON.stringify(r?.getSnapshot().value) === JSON.stringify({ active: 'refreshing' });
    };
    let stopped = false;
    o.onRefreshRead = () => {
      stopped = true;
      a.client.stop(); // the unmount, while the refresh's store read is on its way
    };
    o.slow = true;
    await world.advance(5 * H + 55 * MIN, 5 * MIN);
    for (let i = 0; i < 400 && !stopped; i++) await world.advance(S, S);
    expect(stopped).toBe(true);
    await world.advance(30 * S, S); // whatever was on its way has long ended
    expect(world.count('POST', '/users/refresh-token')).toBe(0); // the control: nothing was sent
    // A 401 of that token now (B restored it; the server ended the login): nothing to wait for.
    let waited: boolean | undefined;
    void othersLanded(store, token, undefined, 10_000, world.clock, new AbortController().signal).then(
      (v) => (waited = v),
    );
    for (let i = 0; i < 20; i++) await Promise.resolve();
    const pending = waited === undefined;
    world.clock.increment(10_000); // (lets a stuck wait end: no timer left behind)
    await world.settle();
    expect(pending).toBe(false);
    expect(waited).toBe(false);
  });

  it('the next client on that store: a 401 of the token is final after the lost-race grace, not the request timeout', async () => {
    const { o, store } = slowStore();
    const a = world.open({ tabId: 'tab-a', channel: false, storage: store, retry: 0 });
    await logIn(world, a);
    o.refreshing = () => {
      const r = (
        sessionActorOf(a.client).getSnapshot().children as Record<
          string,
          { getSnapshot(): { value: unknown } }
        >
      ).refresh;
      return JSON.stringify(r?.getSnapshot().value) === JSON.stringify({ active: 'refreshing' });
    };
    let stopped = false;
    o.onRefreshRead = () => {
      stopped = true;
      a.client.stop();
    };
    o.slow = true;
    await world.advance(5 * H + 55 * MIN, 5 * MIN);
    for (let i = 0; i < 400 && !stopped; i++) await world.advance(S, S);
    expect(stopped).toBe(true);
    o.slow = false;
    await world.advance(30 * S, S);
    // The server ended that login meanwhile (an operator's revoke, the login's end); then the
    // remount: B restores the token A never sent, and its refresh of it is answered 401.
    world.server.expireTokens();
    const b = world.open({ tabId: 'tab-a', channel: false, storage: store, retry: 0, timeout: 10_000 });
    void b.client.user.getAddress().catch(() => undefined);
    // The 401 of its refresh: the store read at once and after the grace (1 s, LOST_RACE_GRACE_MS);
    // no refresh of that token is on its way anywhere. 4 s is well past that, well short of 10 s.
    await world.advance(4 * S, 100);
    expect(world.count('POST', '/users/refresh-token')).toBeGreaterThan(0); // B's, answered 401
    expect(b.events).toContain('sessionExpired');
    expect(b.state()).toBe('signedOut');
    await world.advance(10 * S, S);
  });
});
