// REVIEW121 probes (hold): what every binding (vanilla, Svelte store, Vue refs, React's server
// render) shows of the real client (createPamClient, reference server over a socket) while the
// session is not known yet, across a sign-out and another player's sign-in, and after stop().
import { createMemoryTokenStore, type TokenStore } from 'pam-client';
import { createPamClient, type PamClient, type SessionView } from 'pam-client/machines';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { get } from 'svelte/store';
import { afterEach, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { useSession as useReactSession } from '../../src/bindings/react';
import { sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { useSession } from '../../src/bindings/vue';
import { turns, until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
});
const client = (storage?: TokenStore) => {
  const c = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    storage,
    environment: { channel: null },
  });
  stops.push(() => c.stop());
  return c;
};
/** Every view each binding handed out, in order. */
const bind = (c: PamClient) => {
  const seen: SessionView[] = [];
  stops.push(onSessionChange(c, (v) => seen.push(v)));
  stops.push(sessionStore(c).subscribe((v) => seen.push(v)));
  const scope = effectScope();
  stops.push(() => scope.stop());
  const refs = scope.run(() => useSession(c))!;
  return { seen, refs };
};
const freeToBet = (v: SessionView) => v.restrictions?.canBet === true;

describe('the bound view of the real client', () => {
  it('restoring a stored session: no player, not free to bet until it is known', async () => {
    const storage = createMemoryTokenStore();
    const a = client(storage);
    await until(() => a.view.status === 'signedOut');
    a.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await until(
      () => a.view.restrictions?.status === 'current',
      () => a.view.status,
    );
    expect(freeToBet(a.view)).toBe(true);
    const stored = await storage.get();
    a.stop();
    if (stored && (await storage.get()) === null) await storage.set(stored);

    const b = client(storage);
    const { seen, refs } = bind(b);
    const first = seen[0]!;
    expect(first.status).toBe('restoring');
    expect(first.user).toBeNull();
    expect(freeToBet(first)).toBe(false);
    expect(refs.status.value).toBe('restoring');
    // A server render of React's hook at that moment shows no player either.
    const html = renderToString(
      createElement(() => {
        const v = useReactSession(b);
        return createElement('p', null, `${v.status}:${v.user?.email ?? '-'}`);
      }),
    );
    expect(html).toContain('restoring:-');
    await until(
      () => b.view.restrictions?.status === 'current',
      () => b.view.status,
    );
    // No view before the restrictions were read showed the player free to bet.
    const firstFree = seen.findIndex(freeToBet);
    expect(seen.slice(0, firstFree).every((v) => !freeToBet(v))).toBe(true);
    expect(seen.filter((v) => v.status !== 'signedIn').every((v) => !freeToBet(v))).toBe(true);
  });

  it('sign-out, then another (paused) player: no view pairs the new player with the old one’s data', async () => {
    const c = client();
    const { seen, refs } = bind(c);
    const { plain, paused } = ctx.server.seed;
    await until(() => c.view.status === 'signedOut');
    c.login({ login: plain.email, password: plain.password });
    await until(
      () => c.view.restrictions?.status === 'current',
      () => c.view.status,
    );
    const plainInfo = c.view.userInfo;
    c.logout();
    await until(() => c.view.status === 'signedOut');
    expect(c.view.userInfo).toBeNull();
    c.login({ login: paused.email, password: paused.password });
    await until(
      () => c.view.restrictions?.status === 'current',
      () => c.view.status,
    );
    expect(refs.user.value?.email).toBe(paused.email);
    const pausedViews = seen.filter((v) => v.user?.email === paused.email);
    expect(pausedViews.length).toBeGreaterThan(0);
    for (const v of pausedViews) {
      expect(freeToBet(v)).toBe(false);
      expect(v.userInfo).not.toBe(plainInfo);
    }
    // Between the two sessions, nothing of the first player.
    for (const v of seen.filter((x) => x.status === 'signingIn')) expect(v.user).toBeNull();
  });

  it('after stop(): every binding ends not free to bet, later commands send nothing', async () => {
    const c = client();
    const { seen, refs } = bind(c);
    await until(() => c.view.status === 'signedOut');
    c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await until(
      () => c.view.restrictions?.status === 'current',
      () => c.view.status,
    );
    expect(freeToBet(c.view)).toBe(true);
    const store = sessionStore(c);
    c.stop();
    expect(freeToBet(seen.at(-1)!)).toBe(false);
    expect(refs.restrictions.value?.canBet).toBe(false);
    expect(freeToBet(get(store))).toBe(false);
    // A binding made after the stop.
    const late: SessionView[] = [];
    const off = onSessionChange(c, (v) => late.push(v));
    expect(late.map(freeToBet)).toEqual([false]);
    const sent = ctx.server.requests.length;
    c.logout();
    c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await turns(5);
    expect(ctx.server.requests.length).toBe(sent);
    off();
  });
});
