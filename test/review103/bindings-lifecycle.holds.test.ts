// REVIEW103 probes (hold): subscriptions and lifecycles of the session bindings on the real client.
// - A listener that throws neither stops the other listeners (vanilla, Svelte store, Vue refs) nor
//   the session: the login goes on and every binding follows it; the error is reported apart.
// - Unsubscribing twice (onSessionChange, a store subscription, subscribeTo on client.state, a Vue
//   scope stopped twice) never removes another subscriber.
// - getSnapshot stability: `client.view` and `client.state.getSnapshot()` are one object between
//   changes (useSyncExternalStore would loop on a new object per read).
import { createPamClient, type SessionView } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { get } from 'svelte/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import { sessionStore } from '../../src/bindings/svelte';
import { onSessionChange, subscribeTo } from '../../src/bindings/vanilla';
import { useSession } from '../../src/bindings/vue';
import { until } from '../support/event-loop';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
});

const clientOf = () => {
  const kit = createReferenceFetch();
  const c = createPamClient({ baseURL: kit.baseURL, fetch: kit, environment: { channel: null }, retry: 0 });
  stops.push(() => c.stop());
  return { kit, c };
};

describe('session bindings: listeners and subscriptions', () => {
  it('a throwing listener stops neither the other bindings nor the login', async () => {
    const reported: unknown[] = [];
    vi.stubGlobal('queueMicrotask', (fn: () => void) => {
      try {
        fn();
      } catch (error) {
        reported.push(error);
      }
    });
    const { kit, c } = clientOf();
    await until(() => c.view.status === 'signedOut');
    stops.push(
      c.subscribe(() => {
        throw new Error('app bug');
      }),
    );
    const seen: string[] = [];
    stops.push(onSessionChange(c, (v) => seen.push(v.status)));
    const store = sessionStore(c);
    const stored: string[] = [];
    stops.push(store.subscribe((v) => stored.push(v.status)));
    const scope = effectScope();
    stops.push(() => scope.stop());
    const vue = scope.run(() => useSession(c))!;

    c.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
    await until(
      () => c.view.status === 'signedIn',
      () => c.view.status,
    );
    expect(reported.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe('signedIn');
    expect(stored.at(-1)).toBe('signedIn');
    expect(vue.status.value).toBe('signedIn');
    expect(get(store).status).toBe('signedIn');
  });

  it('unsubscribing twice never removes another subscriber', async () => {
    const { kit, c } = clientOf();
    await until(() => c.view.status === 'signedOut');
    const a: string[] = [];
    const b: string[] = [];
    const s1: string[] = [];
    const s2: string[] = [];
    const t1: string[] = [];
    const stopA = onSessionChange(c, (v) => a.push(v.status));
    stops.push(onSessionChange(c, (v) => b.push(v.status)));
    const store = sessionStore(c);
    const off1 = store.subscribe((v) => s1.push(v.status));
    stops.push(store.subscribe((v) => s2.push(v.status)));
    const offT = subscribeTo(
      c.state,
      (v: SessionView) => v.status,
      (s) => t1.push(s),
    );
    const t2: string[] = [];
    stops.push(
      subscribeTo(
        c.state,
        (v: SessionView) => v.status,
        (s) => t2.push(s),
      ),
    );
    const scope1 = effectScope();
    const scope2 = effectScope();
    stops.push(() => scope2.stop());
    scope1.run(() => useSession(c));
    const vue2 = scope2.run(() => useSession(c))!;
    for (const stop of [stopA, stopA, off1, off1, offT, offT]) stop();
    scope1.stop();
    scope1.stop();

    c.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
    await until(
      () => c.view.status === 'signedIn',
      () => c.view.status,
    );
    expect(a).toEqual(['signedOut']);
    expect(s1).toEqual(['signedOut']);
    expect(t1).toEqual([]);
    expect(b.at(-1)).toBe('signedIn');
    expect(s2.at(-1)).toBe('signedIn');
    expect(t2.at(-1)).toBe('signedIn');
    expect(vue2.status.value).toBe('signedIn');
  });

  it('the snapshot a hook reads is one object between changes', async () => {
    const { kit, c } = clientOf();
    await until(() => c.view.status === 'signedOut');
    expect(c.view).toBe(c.view);
    expect(c.state.getSnapshot()).toBe(c.view);
    c.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
    await until(() => c.view.status === 'signedIn' && c.view.restrictions?.status === 'current');
    const first = c.view;
    for (let i = 0; i < 5; i++) {
      expect(c.view).toBe(first);
      expect(c.state.getSnapshot()).toBe(first);
    }
  });
});
