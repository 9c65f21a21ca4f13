// REVIEW103 probe (holds): fail closed in the bound view. A page load that restores a session whose
// last tab saw the player free to bet, with the profile read failing (503): no binding (vanilla,
// Svelte store, Vue refs) ever shows `canBet: true`, from the restoring frame to the failed read.
// And a fresh login whose profile read fails is never free to bet either.
import { createMemoryTokenStore } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { effectScope, watch } from 'vue';
import { sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { useSession } from '../../src/bindings/vue';
import { until } from '../support/event-loop';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
});

const follow = (c: ReturnType<typeof createPamClient>) => {
  const seen: boolean[] = [];
  stops.push(onSessionChange(c, (v) => seen.push(v.restrictions?.canBet === true)));
  stops.push(sessionStore(c).subscribe((v) => seen.push(v.restrictions?.canBet === true)));
  const scope = effectScope();
  stops.push(() => scope.stop());
  scope.run(() => {
    const { restrictions } = useSession(c);
    watch(restrictions, (r) => seen.push(r?.canBet === true), { immediate: true, flush: 'sync' });
  });
  return seen;
};

describe('the bound view fails closed', () => {
  it('a restored session whose profile read fails is never free to bet', async () => {
    const kit = createReferenceFetch();
    const storage = createMemoryTokenStore();
    const a = createPamClient({
      baseURL: kit.baseURL,
      fetch: kit,
      storage,
      environment: { channel: null },
      retry: 0,
    });
    stops.push(() => a.stop());
    await until(() => a.view.status === 'signedOut');
    a.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
    await until(
      () => a.view.restrictions?.status === 'current',
      () => `first tab: ${a.view.status} ${a.view.restrictions?.status}`,
    );
    expect(a.view.restrictions?.canBet).toBe(true);
    await until(() => storage.get() !== null, 'the session stored');
    const stored = storage.get();
    a.stop();
    // (What the next page load finds: the session as the first tab stored it.)
    if (storage.get() === null && stored) storage.set(stored);

    kit.faults.add({ path: '/auth/user-profile', status: 503, body: { message: 'down' } });
    const b = createPamClient({
      baseURL: kit.baseURL,
      fetch: kit,
      storage,
      environment: { channel: null },
      retry: 0,
    });
    stops.push(() => b.stop());
    const seen = follow(b);
    await until(
      // (The restore sometimes ends signed out, the stored session cleared, reason null: noted in the
      // report; either end is fine here, the probe is that nothing shown was free to bet.)
      () =>
        (b.view.status === 'signedIn' && b.view.restrictions?.error != null) || b.view.status === 'signedOut',
      () =>
        `restored: ${b.view.status} ${b.view.signedOutReason} ${JSON.stringify(storage.get())?.slice(0, 300)}`,
    );
    expect(seen.length).toBeGreaterThan(2);
    expect(seen).not.toContain(true);
  });

  it('a login whose profile read fails is never free to bet', async () => {
    const kit = createReferenceFetch();
    kit.faults.add({ path: '/auth/user-profile', status: 503, body: { message: 'down' } });
    const c = createPamClient({ baseURL: kit.baseURL, fetch: kit, environment: { channel: null }, retry: 0 });
    stops.push(() => c.stop());
    const seen = follow(c);
    await until(() => c.view.status === 'signedOut');
    c.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
    await until(
      () => c.view.status === 'signedIn' && c.view.restrictions?.error != null,
      () => c.view.status,
    );
    expect(seen).not.toContain(true);
  });
});
