import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
import { playPeriodOf } from '../../src/internal';
import { until } from '../support/event-loop';
import { useSimulatedTimeServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

// Issue 13, items 2 and 3, at the session: the restrictions and the play-time alerts reach the view
// and the app's listeners; one play clock is shared by the tabs (two clients on one clock store).

// The server and the clients on one simulated time, at midday in São Paulo: a count on the real time
// crossed the operator's midnight on a CI run (and rightly started again).
const ctx = useSimulatedTimeServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

// Real HTTP, waited for on the event loop (the requests themselves), never on the clock.
const tracked = trackedFetch();
const settle = () => tracked.idle();

describe('session: responsible gaming', () => {
  it('shows a paused player as restricted, with the dates, right after login', async () => {
    const c = createPamClient({
      baseURL: ctx.server.url,
      fetch: tracked.fetch,
      environment: { channel: null },
    });
    clients.push(c);
    const changed: unknown[] = [];
    c.on('restrictionsChanged', (e) => changed.push(e.restrictions));
    const { email, password } = ctx.server.seed.paused;
    c.login({ login: email, password });
    await until(() => Boolean(c.view.restrictions?.inForce.length), 'the restrictions in the view');
    expect(c.view.status).toBe('signedIn');
    const [pause] = c.view.restrictions!.inForce;
    expect(pause).toMatchObject({ kind: 'pause', imposedBy: 'self', blocksAccount: false });
    expect(pause!.until).toBeGreaterThan(Date.now());
    expect(c.view.restrictions!.canBet).toBe(false);
    expect(changed.length).toBeGreaterThan(0);
    expect(
      ctx.server.requests.some((r) => r.path === '/auth/user-profile' && r.query.check_spa_again === '1'),
    ).toBe(true);
  });

  it('counts signed-in time on one clock for two tabs and alerts at 80 % and at the limit', async () => {
    const clock = ctx.clock();
    const now = () => clock.now();
    const store = createMemoryPlayClock();
    const open = () => {
      const c = createPamClient({
        baseURL: ctx.server.url,
        fetch: tracked.fetch,
        environment: { channel: null, timers: clock, now },
        playClock: () => store,
      });
      clients.push(c);
      return c;
    };
    const a = open();
    const events: string[] = [];
    a.on('timeLimitWarning', () => events.push('warning'));
    a.on('timeLimitReached', () => events.push('reached'));
    const { email, password } = ctx.server.seed.timeLimit;
    a.login({ login: email, password });
    await until(() => a.view.playTime !== null, "a's play time in the view");
    expect(a.view.playTime).toMatchObject({ limitMs: 60_000, usedMs: 0 });
    const b = open();
    b.login({ login: email, password });
    await until(() => b.view.playTime !== null, "b's play time in the view");
    // With both tabs open, the clock moves at wall-clock speed, not twice as fast.
    const start = clock.now();
    const usedAtStart = a.view.playTime!.usedMs;
    while (a.view.playTime!.usedMs < 50_000 && clock.now() - start < 120_000) {
      clock.increment(5_000);
      await settle();
    }
    const elapsed = clock.now() - start;
    expect(a.view.playTime!.usedMs - usedAtStart).toBeLessThanOrEqual(elapsed);
    expect(elapsed).toBeGreaterThanOrEqual(45_000);
    expect(events[0]).toBe('warning');
    expect(a.view.playTime!.warning).toBe(true);
    for (let t = 0; t < 20; t += 5) {
      clock.increment(5_000);
      await settle();
    }
    expect(events).toEqual(['warning', 'reached']);
    expect(a.view.playTime!.reached).toBe(true);
  });

  it('keeps counting, and alerts, when the shared clock holds a beat an hour in the future (issue 18 defect 3)', async () => {
    const clock = ctx.clock();
    const wall = clock.now();
    const now = () => clock.now();
    // Another tab whose clock ran an hour ahead left its mark in the shared store.
    const store = createMemoryPlayClock({
      periodKey: playPeriodOf('daily', wall).key,
      usedMs: 0,
      lastBeat: wall + 3_600_000,
    });
    const c = createPamClient({
      baseURL: ctx.server.url,
      fetch: tracked.fetch,
      environment: { channel: null, timers: clock, now },
      playClock: () => store,
    });
    clients.push(c);
    const events: string[] = [];
    c.on('timeLimitWarning', () => events.push('warning'));
    c.on('timeLimitReached', () => events.push('reached'));
    const { email, password } = ctx.server.seed.timeLimit;
    c.login({ login: email, password });
    await until(() => c.view.playTime?.limitMs === 60_000, 'the play time in the view');
    for (let t = 0; t < 90_000; t += 5_000) {
      clock.increment(5_000);
      await settle();
    }
    expect(events).toEqual(['warning', 'reached']);
    expect(c.view.playTime).toMatchObject({ reached: true });
  });
});
