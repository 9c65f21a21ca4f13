// Review 135: without `localStorage` (Node, React Native, a blocked one) the play clock lived in
// memory per client: a remount (a client stopped and created again on the same token store, the
// same page) started the player's count again at 0, and a player past a time limit was shown free
// to bet. The memory clock is kept per token store now (and per play-clock factory).
import { createMemoryTokenStore } from 'pam-client';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { useSimulatedTimeServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

const ctx = useSimulatedTimeServer();
const tracked = trackedFetch();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

describe('review 135: play time across a remount on the same token store', () => {
  it('keeps the count: a player past the limit stays barred', async () => {
    expect((globalThis as { localStorage?: unknown }).localStorage).toBeUndefined();
    const sim = ctx.clock();
    const storage = createMemoryTokenStore();
    const open = () => {
      const c = createPamClient({
        baseURL: ctx.server.url,
        fetch: tracked.fetch,
        storage,
        environment: { channel: null, timers: sim, now: () => sim.now() },
      });
      clients.push(c);
      return c;
    };
    const a = open();
    const { email, password } = ctx.server.seed.timeLimit;
    a.login({ login: email, password });
    await until(() => (sim.increment(0), a.view.restrictions?.status === 'current'), 'the restrictions read');
    await until(() => a.view.playTime !== null, 'the play time in the view');
    for (let t = 0; t < 70; t++) {
      sim.increment(1_000);
      await tracked.idle();
    }
    expect(a.view.playTime).toMatchObject({ reached: true });
    expect(a.view.restrictions?.canBet).toBe(false);
    const played = a.view.playTime!.usedMs;
    a.stop();
    const b = open();
    await until(
      () => (sim.increment(0), b.view.status === 'signedIn' && b.view.restrictions?.status === 'current'),
      'restored, the restrictions read',
    );
    await until(() => b.view.playTime !== null, 'the play time in the view');
    await tracked.idle();
    expect(b.view.playTime!.usedMs).toBeGreaterThanOrEqual(played);
    expect(b.view.playTime).toMatchObject({ reached: true });
    expect(b.view.restrictions?.canBet).toBe(false);
  });
});
