// REVIEW137 probes (hold): pam-client/react's useActor with the income-report machine on the real
// client (reference server over a socket), under StrictMode's double effect and on the server.
// - StrictMode: one live actor; the stopped first one's years read ends without an unhandled
//   rejection; unmounting while a report is polled sends nothing more.
// - renderToString: the initial snapshot, no request, no timer.
// - useSelector(client.state) after client.stop(): barred.
import { createPamClient, incomeReportMachine } from 'pam-client/machines';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from 'xstate';
import { useActor, useSelector } from '../../src/bindings/react';
import { inAct, mount } from '../review121/react-host';
import { turns, until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
  vi.unstubAllGlobals();
});
const signedIn = async () => {
  const c = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    environment: { channel: null },
  });
  stops.push(() => c.stop());
  await until(() => c.view.status === 'signedOut');
  c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
  await until(
    () => c.view.restrictions?.status === 'current',
    () => c.view.status,
  );
  return c;
};
const reportReads = () => ctx.server.requests.filter((r) => r.path.startsWith('/income-report')).length;

describe('useActor(incomeReportMachine) in React', () => {
  it('StrictMode: one live actor, nothing unhandled; unmount while polling sends nothing more', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => void unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const c = await signedIn();
      const actors = new Set<Actor<typeof incomeReportMachine>>();
      let send:
        | ((e: { type: 'GENERATE'; referenceYear: number; deliveryType: 'download' }) => void)
        | undefined;
      let state = '';
      const m = await mount(() => {
        const bound = useActor(incomeReportMachine, { input: { user: c.user, pollIntervalMs: 60_000 } });
        actors.add(bound.actorRef);
        send = bound.send;
        state = JSON.stringify(bound.snapshot.value);
        return null;
      }, true);
      await until(
        () => state === '"ready"',
        () => state,
      );
      expect([...actors].filter((a) => a.getSnapshot().status === 'active')).toHaveLength(1);
      const years = (await c.user.getAvailableYears()).years;
      await inAct(() => send!({ type: 'GENERATE', referenceYear: years[0]!, deliveryType: 'download' }));
      await until(
        () => state.includes('polling'),
        () => state,
      );
      const before = reportReads();
      await m.unmount();
      expect([...actors].every((a) => a.getSnapshot().status !== 'active')).toBe(true);
      await turns(20);
      expect(reportReads()).toBe(before);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('renderToString: the initial snapshot, no request and no timer', async () => {
    const c = await signedIn();
    const sent = ctx.server.requests.length;
    vi.useFakeTimers();
    try {
      const html = renderToString(
        createElement(() => {
          const { snapshot } = useActor(incomeReportMachine, { input: { user: c.user } });
          return createElement('p', null, String(snapshot.value));
        }),
      );
      expect(html).toContain('loadingYears');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    await turns(10);
    expect(ctx.server.requests.length).toBe(sent);
  });

  it('useSelector(client.state) renders barred after client.stop()', async () => {
    const c = await signedIn();
    let canBet: boolean | undefined;
    const m = await mount(() => {
      canBet = useSelector(c.state, (v) => v.restrictions?.canBet);
      return null;
    }, true);
    expect(canBet).toBe(true);
    await inAct(() => c.stop());
    expect(canBet).toBe(false);
    await m.unmount();
  });
});
