import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach } from 'vitest';
import type { SimulatedClock } from 'xstate';
import { until } from '../support/event-loop';
import { useSimulatedTimeServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

export const PROFILE = '/auth/user-profile';

/** A reference server on the test's simulated clock, and a signed-in client of the plain player. */
export function sessionWorld(start?: number) {
  const ctx = useSimulatedTimeServer(start);
  const tracked = trackedFetch();
  const clients: PamClient[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.stop();
  });
  /** Lets the client's timers due now fire and its requests land. */
  const settle = async (sim: SimulatedClock) => {
    for (let i = 0; i < 6; i++) {
      sim.increment(0);
      await tracked.idle();
    }
  };
  /** The real profile of `userId` now, with `patch` over its userInfo. */
  const profileWith = async (userId: number, patch: Record<string, unknown>) => {
    const res = await fetch(`${ctx.server.url}${PROFILE}?check_spa_again=1`, {
      headers: { authorization: `Bearer ${ctx.server.issueToken(userId)}` },
    });
    const body = (await res.json()) as { user: Record<string, unknown>; userInfo: Record<string, unknown> };
    return { ...body, userInfo: { ...body.userInfo, ...patch } };
  };
  async function signIn(sim: SimulatedClock, who: 'plain' | 'spaBarred' = 'plain') {
    const client = createPamClient({
      baseURL: ctx.server.url,
      fetch: tracked.fetch,
      environment: { channel: null, timers: sim, now: () => sim.now() },
    });
    clients.push(client);
    const { email, password } = ctx.server.seed[who];
    client.login({ login: email, password });
    await until(
      () => (
        sim.increment(0), client.view.restrictions?.checkedAt != null && client.view.status === 'signedIn'
      ),
      'signed in and read',
    );
    await settle(sim);
    return client;
  }
  /** Moves the clock by `ms` in 1 s steps (timers fire in order), letting I/O land. */
  async function advance(sim: SimulatedClock, ms: number, step = 1000) {
    for (let t = 0; t < ms; t += step) {
      sim.increment(Math.min(step, ms - t));
      await tracked.idle();
    }
    await settle(sim);
  }
  return { ctx, tracked, signIn, settle, advance, profileWith };
}
