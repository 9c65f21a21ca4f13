// The session bindings in Node against a fake client: what each one reads, when it notifies,
// that the commands reach the client, and that each unsubscribes. Components: test/browser.
import { HttpError } from 'pam-client';
import { get } from 'svelte/store';
import { describe, expect, it } from 'vitest';
import { effectScope, isReadonly, isRef, watch } from 'vue';
import { sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { useSession } from '../../src/bindings/vue';
import { fakeSessionClient } from './fake-session';

const flush = () => new Promise((resolve) => setImmediate(resolve)); // a turn of the event loop, no timer
const wrongCode = () =>
  new HttpError({ status: 422, method: 'POST', path: '/auth/login', body: { message: 'Invalid code' } });

describe('onSessionChange', () => {
  it('calls at once with the current view, then on each change, until stopped', () => {
    const client = fakeSessionClient();
    const seen: string[] = [];
    const stop = onSessionChange(client, (view) => seen.push(view.status));
    expect(seen).toEqual(['signedOut']);
    client.login({ login: 'player@example.com', password: 'x' });
    client.set({ status: 'twoFactorRequired', codeAttemptsLeft: 5 });
    client.set({ status: 'twoFactorRequired', codeAttemptsLeft: 5 }); // no change: no call
    expect(seen).toEqual(['signedOut', 'signingIn', 'twoFactorRequired']);
    stop();
    expect(client.listeners()).toBe(0);
    client.cancel();
    expect(seen).toHaveLength(3);
  });

  it('catches up once when the first call itself changes the view', () => {
    const client = fakeSessionClient({ status: 'failed', error: wrongCode() });
    const seen: string[] = [];
    onSessionChange(client, (view) => {
      seen.push(view.status);
      if (view.status === 'failed') client.cancel();
    });
    expect(seen).toEqual(['failed', 'signedOut']);
  });

  it('subscribes nothing when the first call throws', () => {
    const client = fakeSessionClient();
    expect(() =>
      onSessionChange(client, () => {
        throw new Error('render bug');
      }),
    ).toThrow('render bug');
    expect(client.listeners()).toBe(0);
  });
});

describe('sessionStore', () => {
  it('gives subscribers the current view at once, then each new view, and carries the commands', () => {
    const client = fakeSessionClient();
    const session = sessionStore(client);
    expect(get(session)).toBe(client.view);
    expect(client.listeners()).toBe(0);

    const seen: (number | null)[] = [];
    const stop = session.subscribe((view) => seen.push(view.codeAttemptsLeft));
    session.login({ login: 'player@example.com', password: 'x' });
    client.set({ status: 'twoFactorRequired', codeAttemptsLeft: 5 });
    session.submitCode('000000');
    client.set({ status: 'twoFactorRequired', codeAttemptsLeft: 4, error: wrongCode() });
    expect(seen).toEqual([null, null, 5, 5, 4]);
    expect(client.calls.map(([name]) => name)).toEqual(['login', 'submitCode']);
    stop();
    expect(client.listeners()).toBe(0);
  });
});

describe('useSession (Vue)', () => {
  it('gives a readonly ref per field that changes only with its field, and the commands', async () => {
    const client = fakeSessionClient();
    const scope = effectScope();
    const session = scope.run(() => useSession(client))!;
    expect(isRef(session.status) && isReadonly(session.status)).toBe(true);
    expect(session.status.value).toBe('signedOut');
    expect(session.view.value).toBe(client.view);

    const statuses: string[] = [];
    const attempts: (number | null)[] = [];
    scope.run(() => {
      watch(session.status, (s) => statuses.push(s), { flush: 'sync' });
      watch(session.codeAttemptsLeft, (n) => attempts.push(n), { flush: 'sync' });
    });
    session.login({ login: 'player@example.com', password: 'x' });
    client.set({ status: 'twoFactorRequired', codeAttemptsLeft: 5 });
    session.submitCode('000000');
    client.set({ status: 'twoFactorRequired', codeAttemptsLeft: 4, error: wrongCode() });
    expect(statuses).toEqual(['signingIn', 'twoFactorRequired', 'verifyingCode', 'twoFactorRequired']);
    expect(attempts).toEqual([5, 4]);
    expect(session.error.value?.code).toBe('http');

    const { cancel } = session; // destructured commands keep working
    cancel();
    expect(session.status.value).toBe('signedOut');
    expect(client.calls.map(([name]) => name)).toEqual(['login', 'submitCode', 'cancel']);

    scope.stop();
    expect(client.listeners()).toBe(0);
    client.login({ login: 'player@example.com', password: 'x' });
    await flush();
    expect(session.status.value).toBe('signedOut');
  });
});
