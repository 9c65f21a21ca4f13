// REVIEW86 — severity LOW (a subscription nobody can release).
//
// docs/bindings.md (Vanilla): "If that first call changes the view itself (e.g. it calls
// `client.cancel()`), the listener is called once more with the new view, never nested. A listener
// that throws on the first call throws to the caller and leaves nothing subscribed."
//
// What happens: `onSessionChange` subscribes before the catch-up call. When the listener throws in
// that catch-up call (it is the same render function, seeing the new view for the first time; e.g.
// a render that cancels the code step and then reads a DOM node that is not there yet), the error
// reaches the caller, who therefore never gets the unsubscribe function, while the listener stays
// subscribed to the client for good (called on every later view change, throwing each time into
// the view hub's rethrow microtask). The same path is taken by `sessionStore(client).subscribe`
// (Svelte) and Vue's `useSession`.
//
// Same root (the catch-up call runs after subscribing): when the catch-up call changes the view
// again (a render that cancels the code step, then signs in again with remembered credentials on
// `signedOut`), the subscribed listener is called from inside the catch-up call: nested, which the
// docs rule out ("called once more with the new view, never nested").
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { fakeSessionClient } from '../bindings/fake-session';

describe('onSessionChange: the listener throws in the catch-up call', () => {
  it('throws to the caller and leaves nothing subscribed', () => {
    const client = fakeSessionClient({ status: 'twoFactorRequired', codeAttemptsLeft: 5 });
    let calls = 0;
    const render = () => {
      calls++;
      if (calls === 1)
        client.cancel(); // the first call changes the view
      else throw new Error('render failed on the new view');
    };
    expect(() => onSessionChange(client, render)).toThrow('render failed on the new view');
    expect(calls).toBe(2);
    expect(client.listeners()).toBe(0);
  });

  it('sessionStore.subscribe: the same (a store subscriber that throws leaves nothing subscribed)', () => {
    const client = fakeSessionClient({ status: 'twoFactorRequired', codeAttemptsLeft: 5 });
    const store = sessionStore(client);
    let calls = 0;
    expect(() =>
      store.subscribe(() => {
        calls++;
        if (calls === 1) client.cancel();
        else throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(client.listeners()).toBe(0);
  });

  it('a catch-up call that changes the view again is not re-entered (never nested)', () => {
    const client = fakeSessionClient({ status: 'twoFactorRequired', codeAttemptsLeft: 5 });
    let depth = 0;
    let deepest = 0;
    let calls = 0;
    const stop = onSessionChange(client, (view) => {
      depth++;
      deepest = Math.max(deepest, depth);
      calls++;
      if (view.status === 'twoFactorRequired') client.cancel();
      else if (view.status === 'signedOut' && calls < 3)
        client.login({ login: 'a@example.com', password: 'x' });
      depth--;
    });
    stop();
    expect(calls).toBe(3);
    expect(deepest).toBe(1);
  });
});
