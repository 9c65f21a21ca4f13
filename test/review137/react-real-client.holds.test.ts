// REVIEW137 probes (hold): pam-client/react's useSession on the real client (createPamClient, the
// reference server over a socket) in a React 19 root under StrictMode (react-dom/client in Node, no
// DOM: ../review121/react-host.ts).
// - double mount: one listener while mounted, none after; a paused player is never rendered free
//   to bet; client.stop() while mounted renders barred; no React warning.
// - a logout sent from an effect (a /logout route) under StrictMode's double effect: one request.
// - unmounted while the login is in flight: nothing logged, nothing unhandled, the session goes on.
import { createPamClient, type PamClient, type SessionView } from 'pam-client/machines';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../src/bindings/react';
import { inAct, mount } from '../review121/react-host';
import { turns, until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
  vi.unstubAllGlobals();
});

/** The real client, and a view of it that counts its live subscriptions. */
const counted = () => {
  const c = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    environment: { channel: null },
  });
  stops.push(() => c.stop());
  let live = 0;
  const client = {
    get view() {
      return c.view;
    },
    subscribe(listener: (v: SessionView) => void) {
      live++;
      const off = c.subscribe(listener);
      let done = false;
      return () => {
        if (!done) live--;
        done = true;
        off();
      };
    },
    login: c.login,
    register: c.register,
    submitCode: c.submitCode,
    cancel: c.cancel,
    logout: c.logout,
  } satisfies Pick<
    PamClient,
    'view' | 'subscribe' | 'login' | 'register' | 'submitCode' | 'cancel' | 'logout'
  >;
  return { c, client, live: () => live };
};

const consoleErrors = () => {
  const seen: unknown[] = [];
  // (Updates from server answers land outside `act`: React's act notice is the harness's, not a finding.)
  vi.spyOn(console, 'error').mockImplementation((...a) => {
    if (!String(a[0]).includes('not wrapped in act')) seen.push(a);
  });
  return seen;
};

describe('useSession (React, StrictMode) on the real client', () => {
  it('one listener; a paused player never rendered free; stop() while mounted renders barred', async () => {
    const errors = consoleErrors();
    const { c, client, live } = counted();
    await until(() => c.view.status === 'signedOut');
    const rendered: SessionView[] = [];
    const m = await mount(() => {
      const s = useSession(client);
      rendered.push(c.view);
      expect(s.status).toBe(c.view.status); // never torn from the client
      return null;
    }, true);
    expect(live()).toBe(1);
    const { paused, plain } = ctx.server.seed;
    await inAct(() => c.login({ login: paused.email, password: paused.password }));
    await until(
      () => c.view.restrictions?.status === 'current',
      () => c.view.status,
    );
    await inAct(() => {});
    expect(rendered.filter((v) => v.restrictions?.canBet === true)).toEqual([]);
    await inAct(() => c.logout());
    await until(() => c.view.status === 'signedOut');
    await inAct(() => c.login({ login: plain.email, password: plain.password }));
    await until(
      () => c.view.restrictions?.canBet === true,
      () => c.view.status,
    );
    await inAct(() => {});
    expect(rendered.at(-1)?.restrictions?.canBet).toBe(true);
    await inAct(() => c.stop());
    expect(rendered.at(-1)?.restrictions?.canBet).toBe(false);
    await m.unmount();
    expect(live()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('logout() from an effect under StrictMode sends one logout', async () => {
    const { c, client } = counted();
    await until(() => c.view.status === 'signedOut');
    c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await until(() => c.view.status === 'signedIn');
    const m = await mount(() => {
      const { logout } = useSession(client);
      useEffect(() => logout(), [logout]);
      return null;
    }, true);
    await until(
      () => c.view.status === 'signedOut',
      () => c.view.status,
    );
    await turns(10);
    expect(ctx.server.requests.filter((r) => r.path === '/auth/logout')).toHaveLength(1);
    await m.unmount();
  });

  it('unmounted while the login is in flight: nothing logged or unhandled, the login completes', async () => {
    const errors = consoleErrors();
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => void unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { c, client, live } = counted();
      await until(() => c.view.status === 'signedOut');
      const m = await mount(() => {
        useSession(client);
        return null;
      }, true);
      await inAct(() =>
        c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password }),
      );
      expect(c.view.status).toBe('signingIn');
      await m.unmount();
      expect(live()).toBe(0);
      await until(
        () => c.view.status === 'signedIn',
        () => c.view.status,
      );
      await turns(10);
      expect(errors).toEqual([]);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
