// REVIEW150 probes (hold): pam-client/react's useSession and useSelector(client.state) on the real
// client (createPamClient, reference server over a socket) in a React 19 root under StrictMode:
// one live subscription per hook while mounted, none after; a client stopped while mounted is never
// shown free to bet; a remount after the stop reads the ended view, not an older one.
import { createPamClient, type PamClient, type SessionView } from 'pam-client/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSelector, useSession } from '../../src/bindings/react';
import { inAct, mount } from '../review121/react-host';
import { until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';
import { countSubscriptions } from './counted';

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
  vi.restoreAllMocks();
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
const freeToBet = (v: Pick<SessionView, 'restrictions'>) => v.restrictions?.canBet === true;

describe('React hooks on the real client, StrictMode', () => {
  it('one subscription per hook while mounted, none after; the stop is never shown free to bet', async () => {
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...a) => void errors.push(a));
    const c = client();
    const count = countSubscriptions(c);
    const rendered: Pick<SessionView, 'status' | 'restrictions'>[] = [];
    const selected: (boolean | undefined)[] = [];
    const m = await mount(() => {
      const s = useSession(c);
      rendered.push({ status: s.status, restrictions: s.restrictions });
      selected.push(useSelector(c.state, (v) => v.restrictions?.canBet));
      return null;
    }, true);
    // useSession subscribes through client.subscribe, useSelector through client.state (which calls it too).
    expect(count.live()).toBe(2);
    await inAct(() =>
      c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password }),
    );
    await until(
      () => c.view.restrictions?.status === 'current',
      () => c.view.status,
    );
    await inAct(() => {});
    expect(freeToBet(rendered.at(-1)!)).toBe(true);
    expect(selected.at(-1)).toBe(true);
    await inAct(() => c.stop());
    expect(freeToBet(rendered.at(-1)!)).toBe(false);
    expect(selected.at(-1)).not.toBe(true);
    expect(rendered.at(-1)!.restrictions).toBe(c.view.restrictions);
    await m.unmount();
    expect(count.live()).toBe(0);

    // Mounted again after the stop: the ended view, not free to bet.
    const again: SessionView['restrictions'][] = [];
    const m2 = await mount(() => {
      again.push(useSession(c).restrictions);
      return null;
    }, true);
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((r) => r?.canBet !== true)).toBe(true);
    await m2.unmount();
    expect(count.live()).toBe(0);
    // (Updates that arrive while the test waits on the socket are outside act: React says so. Any
    // other warning, an uncached snapshot or an update loop, fails.)
    const other = errors
      .map((e) => String((e as unknown[])[0]))
      .filter((t) => !t.includes('not wrapped in act'));
    expect(other).toEqual([]);
  });

  it('a remount while signed in reads the current view, not the one of the first mount', async () => {
    const c = client();
    await until(() => c.view.status === 'signedOut');
    const first: string[] = [];
    const m = await mount(() => {
      first.push(useSession(c).status);
      return null;
    }, true);
    await m.unmount();
    c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await until(
      () => c.view.status === 'signedIn',
      () => c.view.status,
    );
    const second: string[] = [];
    const m2 = await mount(() => {
      second.push(useSession(c).status);
      return null;
    }, true);
    expect(first.every((s) => s === 'signedOut')).toBe(true);
    expect(second.every((s) => s === 'signedIn')).toBe(true);
    await m2.unmount();
  });
});
