// REVIEW150 probes (hold): onSessionChange and sessionStore when subscriptions come and go while
// the view is being told: the same listener attached twice, one subscriber letting go of another
// mid-round, a store's first synchronous call moving the view and letting go of an older one,
// svelte/store's get() inside a notification; every subscription ends on the current view.
import type { SessionView } from 'pam-client/machines';
import { derived, get } from 'svelte/store';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../src/bindings/svelte';
import { onSessionChange, subscribeTo } from '../../src/bindings/vanilla';
import { fakeSessionClient } from '../bindings/fake-session';

describe('vanilla and Svelte bindings under subscription races', () => {
  it('the same listener attached twice: each stop ends only its own attachment', () => {
    const client = fakeSessionClient();
    const seen: string[] = [];
    const render = (v: SessionView) => seen.push(v.status);
    const a = onSessionChange(client, render);
    const b = onSessionChange(client, render);
    expect(seen).toEqual(['signedOut', 'signedOut']);
    a();
    a();
    client.set({ status: 'signingIn' });
    expect(seen).toEqual(['signedOut', 'signedOut', 'signingIn']);
    expect(client.listeners()).toBe(1);
    b();
    client.set({ status: 'signedIn' });
    expect(seen.at(-1)).toBe('signingIn');
    expect(client.listeners()).toBe(0);
  });

  it('a listener that lets go of a later one mid-round: that one is never called again', () => {
    const client = fakeSessionClient();
    const second: string[] = [];
    let stopSecond = () => {};
    const stopFirst = onSessionChange(client, (v) => {
      if (v.status === 'signingIn') stopSecond();
    });
    stopSecond = onSessionChange(client, (v) => second.push(v.status));
    client.set({ status: 'signingIn' });
    client.set({ status: 'signedIn' });
    expect(second).toEqual(['signedOut']);
    stopFirst();
    expect(client.listeners()).toBe(0);
  });

  it('a store subscriber whose first call moves the view and lets go of an older subscriber', () => {
    const client = fakeSessionClient({ status: 'failed' });
    const store = sessionStore(client);
    const older: string[] = [];
    const offOlder = store.subscribe((v) => older.push(v.status));
    const newer: string[] = [];
    const offNewer = store.subscribe((v) => {
      newer.push(v.status);
      if (newer.length === 1) {
        offOlder();
        store.cancel();
      }
    });
    expect(newer).toEqual(['failed', 'signedOut']);
    expect(older).toEqual(['failed']);
    expect(get(store).status).toBe('signedOut');
    offNewer();
    expect(client.listeners()).toBe(0);
  });

  it('get() and a derived store read inside a notification see the view being told', () => {
    const client = fakeSessionClient();
    const store = sessionStore(client);
    const status = derived(store, (v) => v.status);
    const pairs: [string, string, string][] = [];
    const off = onSessionChange(client, (v) => pairs.push([v.status, get(store).status, get(status)]));
    client.set({ status: 'signingIn' });
    client.set({ status: 'twoFactorRequired', codeAttemptsLeft: 5 });
    expect(pairs.every(([a, b, c]) => a === b && b === c)).toBe(true);
    off();
    expect(client.listeners()).toBe(0);
  });

  it('subscribeTo on client-like state: a selector that throws once leaves the subscription working', () => {
    const client = fakeSessionClient();
    const state = { getSnapshot: () => client.view, subscribe: (f: () => void) => client.subscribe(f) };
    const seen: string[] = [];
    const off = subscribeTo(
      state,
      (v: SessionView) => {
        if (v.status === 'signingIn') throw new Error('selector boom');
        return v.status;
      },
      (s) => seen.push(s),
    );
    expect(() => client.set({ status: 'signingIn' })).toThrow('selector boom');
    client.set({ status: 'twoFactorRequired' });
    expect(seen).toEqual(['twoFactorRequired']);
    off();
    expect(client.listeners()).toBe(0);
  });
});
