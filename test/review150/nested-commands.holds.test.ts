// REVIEW150 probes (hold): on the real client (reference server over a socket), a listener that
// sends a command or stops the client while the view is being told: every other subscriber (the
// raw client.subscribe, onSessionChange, the Svelte store) ends on the current view, never on an
// older one told after a newer one, and never free to bet once the client stopped.
import { createPamClient, type PamClient, type SessionView } from 'pam-client/machines';
import { get } from 'svelte/store';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { turns, until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const clients: PamClient[] = [];
const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
  for (const c of clients.splice(0)) c.stop();
});
const client = () => {
  const c = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    environment: { channel: null },
  });
  clients.push(c);
  return c;
};
const free = (v: SessionView) => v.restrictions?.canBet === true;

/** Raw, vanilla and Svelte subscribers after `first`; each one's views in order. */
const watchers = (c: PamClient) => {
  const raw: SessionView[] = [];
  const vanilla: SessionView[] = [];
  const svelte: SessionView[] = [];
  stops.push(c.subscribe((v) => raw.push(v)));
  stops.push(onSessionChange(c, (v) => vanilla.push(v)));
  const store = sessionStore(c);
  stops.push(store.subscribe((v) => svelte.push(v)));
  return { raw, vanilla, svelte, store };
};

describe('a command sent from inside a listener', () => {
  it('logout when free to bet: every later subscriber ends on the signed-out view', async () => {
    const c = client();
    await until(() => c.view.status === 'signedOut');
    let fired = false;
    stops.push(
      c.subscribe((v) => {
        if (!fired && free(v)) {
          fired = true;
          c.logout();
        }
      }),
    );
    const w = watchers(c);
    c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await until(
      () => fired && c.view.status === 'signedOut',
      () => c.view.status,
    );
    await turns(5);
    for (const seen of [w.raw, w.vanilla, w.svelte]) {
      expect(seen.at(-1)).toBe(c.view);
      // Once the signed-out view was told, nothing older comes after it.
      const out = seen.findIndex((v) => v.status === 'signedOut' && v.signedOutReason === 'logout');
      expect(out).toBeGreaterThan(0);
      expect(seen.slice(out).some(free)).toBe(false);
    }
    expect(get(w.store)).toBe(c.view);
  });

  it('stop() from inside a listener: every subscriber ends on the ended view, not free to bet', async () => {
    const c = client();
    await until(() => c.view.status === 'signedOut');
    let stopped = false;
    stops.push(
      onSessionChange(c, (v) => {
        if (!stopped && free(v)) {
          stopped = true;
          c.stop();
        }
      }),
    );
    const w = watchers(c);
    c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await until(
      () => stopped,
      () => c.view.status,
    );
    await turns(5);
    expect(free(c.view)).toBe(false);
    for (const seen of [w.raw, w.vanilla, w.svelte]) expect(free(seen.at(-1)!)).toBe(false);
    expect(w.vanilla.at(-1)).toBe(c.view);
    expect(w.svelte.at(-1)).toBe(c.view);
  });
});
