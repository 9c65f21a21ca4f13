import { createPamClient, type PamClient, playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createLocalStoragePlayClock } from '../../machines/playTimeMachine';
import { until } from '../support/event-loop';
import { useSimulatedTimeServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

// Review E, item 3: without localStorage (Node, React Native, a storage refusing writes) the play
// clock was a new memory store at each login, so a logout and a login on the same client started
// the count again at 0 (betting allowed again). Now the client keeps one store per player for its
// life, and a store whose writes are refused keeps counting in this tab's own copy.

// The server on the test's simulated time, at midday in São Paulo (on the real time, a run crossing
// the operator's midnight counted the new day from 0, rightly).
const ctx = useSimulatedTimeServer();
const tracked = trackedFetch();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

describe('play time across a logout and a login on one client (review E, item 3)', () => {
  it('keeps the count of the player for the life of the client, without localStorage', async () => {
    expect((globalThis as { localStorage?: unknown }).localStorage).toBeUndefined();
    const sim = ctx.clock();
    const client = createPamClient({
      baseURL: ctx.server.url,
      fetch: tracked.fetch,
      environment: { channel: null, timers: sim, now: () => sim.now() },
    });
    clients.push(client);
    const { email, password } = ctx.server.seed.timeLimit;
    const signIn = async () => {
      client.login({ login: email, password });
      // (Timers due now fire while it waits: the device clock ran ahead of the server's since the
      // last answer, so the read's send stamp is proven wrong by its answer and the flow reads once
      // more, at once, REVIEW35.)
      await until(
        () => (sim.increment(0), client.view.restrictions?.status === 'current'),
        'the restrictions read',
      );
      await until(() => client.view.playTime !== null, 'the play time in the view');
    };
    await signIn();
    for (let t = 0; t < 70; t++) {
      sim.increment(1_000);
      await tracked.idle();
    }
    expect(client.view.playTime).toMatchObject({ reached: true });
    const played = client.view.playTime!.usedMs;
    client.logout();
    await until(() => client.view.status === 'signedOut', 'signed out');
    await signIn();
    await tracked.idle();
    expect(client.view.playTime).toMatchObject({ reached: true });
    expect(client.view.playTime!.usedMs).toBeGreaterThanOrEqual(played);
    expect(client.view.restrictions?.canBet).toBe(false);
  });
});

describe('createLocalStoragePlayClock on a storage that refuses writes', () => {
  it('keeps counting in its own copy: the limit is reached', () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-25T15:00:00Z'));
    const store = createLocalStoragePlayClock('k', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    });
    const actor = createActor(playTimeMachine, {
      clock,
      input: { limit: { amount: 1, period: 'daily', active: true }, store, now: () => clock.now() },
    }).start();
    for (let t = 0; t < 70; t++) clock.increment(1_000);
    expect(selectPlayTime(actor.getSnapshot())).toMatchObject({ reached: true });
    expect(selectPlayTime(actor.getSnapshot())!.usedMs).toBeGreaterThanOrEqual(60_000);
    actor.stop();
  });
});
