import { createOfetchAdapter, createUserModule } from 'pam-client';
import { incomeReportMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { FakePage } from '../support/fake-page';
import { loginAnswer } from '../support/login-answer';
import { H, logIn, MIN, openTab, S, useWorld } from '../support/world';

// Sleeping laptops and hidden tabs. Tokens here live 6.5 h, so a 7 h sleep outlives one.

const world = useWorld({
  tokenTtlSeconds: 6.5 * 3600,
  reportStepMs: 10 * S,
});

describe('chaos: sleep and hidden tabs', () => {
  it('after a 7 h clock jump with no timer fired, a visibilitychange expires the session without a call', async () => {
    const tab = openTab(world, { channel: false });
    world.tabs.push(tab);
    await logIn(world, tab);
    await world.advance(30 * MIN, MIN);
    tab.page.setHidden(true);
    const before = world.server.requests.length;
    world.jump(7 * H);
    tab.page.setHidden(false);
    tab.page.fireFocus();
    tab.page.setOnline(true);
    await world.settle();
    expect(tab.state()).toBe('signedOut');
    expect(tab.events.filter((e) => e === 'sessionExpired')).toEqual(['sessionExpired']);
    expect(world.server.requests.length - before).toBe(0);
    expect(await tab.token()).toBeNull();
    // The timers that were due during the sleep now fire: still nothing is sent.
    await world.advance(10 * MIN, MIN);
    expect(world.server.requests.length - before).toBe(0);
    expect(world.timers).toBe(0);
  });

  it('clamps timer delays to 2^31-1 ms (a 30-day interval does not fire at once)', async () => {
    const delays: number[] = [];
    const tab = openTab(world, {
      channel: false,
      refresh: { intervalMs: 30 * 24 * H, tickMs: 40 * 24 * H },
      environment: {
        timers: {
          setTimeout: (fn, ms) => {
            delays.push(ms);
            return world.clock.setTimeout(fn, ms);
          },
          clearTimeout: (id) => world.clock.clearTimeout(id as number),
        },
      },
    });
    world.tabs.push(tab);
    // A token good for 90 days: the refresh is due at the 30-day interval, beyond a timer's reach.
    world.server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 200,
      times: 1,
      body: loginAnswer(world.server, { expiresIn: 90 * 24 * 3600 }),
    });
    await logIn(world, tab);
    await world.advance(MIN, 10 * S);
    expect(delays.length).toBeGreaterThan(0);
    expect(Math.max(...delays)).toBe(2 ** 31 - 1);
    expect(world.count('POST', '/users/refresh-token')).toBe(0);
  });

  it('does not poll a report while the page is hidden, and polls once at once when it is back', async () => {
    const token = world.server.issueToken(world.server.seed.plain.id);
    const http = createOfetchAdapter({
      baseURL: world.server.url,
      getAccessToken: () => token,
      fetch: world.fetch,
    });
    const page = new FakePage();
    const actor = createActor(incomeReportMachine, {
      input: {
        user: createUserModule(http),
        pollIntervalMs: 2 * S,
        maxPollMs: H,
        now: world.now,
        random: () => 0.5,
        environment: page.signals(),
      },
      clock: world.clock,
    }).start();
    try {
      await world.settle();
      expect(actor.getSnapshot().value).toBe('ready');
      actor.send({ type: 'GENERATE', referenceYear: 2023, deliveryType: 'download' });
      await world.settle();
      await world.advance(3 * S, 100);
      const polls = () => world.count('GET', /^\/income-report\/\d+$/);
      expect(polls()).toBe(1);
      page.setHidden(true);
      await world.advance(10 * MIN, 5 * S);
      expect(polls()).toBe(1);
      expect(actor.getSnapshot().value).toEqual({ polling: 'paused' });
      expect(world.timers).toBe(1); // only the deadline: no poll timer while hidden
      page.setHidden(false);
      await world.settle();
      expect(polls()).toBe(2);
      expect(actor.getSnapshot().value).toBe('completed');
    } finally {
      actor.stop();
    }
    expect(page.listenerCount).toBe(0);
  });

  it('pauses polling while offline and polls at once when back online', async () => {
    const token = world.server.issueToken(world.server.seed.plain.id);
    const http = createOfetchAdapter({
      baseURL: world.server.url,
      getAccessToken: () => token,
      fetch: world.fetch,
    });
    const page = new FakePage();
    const actor = createActor(incomeReportMachine, {
      input: {
        user: createUserModule(http),
        pollIntervalMs: 2 * S,
        maxPollMs: H,
        now: world.now,
        environment: page.signals(),
      },
      clock: world.clock,
    }).start();
    try {
      await world.settle();
      page.setOnline(false);
      actor.send({ type: 'GENERATE', referenceYear: 2022, deliveryType: 'download' });
      await world.advance(5 * MIN, 5 * S);
      expect(world.count('GET', /^\/income-report\/\d+$/)).toBe(0);
      page.setOnline(true);
      await world.settle();
      expect(world.count('GET', /^\/income-report\/\d+$/)).toBe(1);
    } finally {
      actor.stop();
    }
  });
});
