import { createClock } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { createMemoryPlayClock } from '../../machines/playTimeMachine';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

// The known issue of 0.2.0 (CHANGELOG), through a whole client on the one clock: the device clock
// stepped forward across the operator's midnight while the clock is untrusted. Needs the session
// to give play time the clock's trust (`trusted` in the play-time input, machines/session/flows.ts).

const S = 1000;
const H = 3_600_000;
// The true time is fixed at 23:40 in São Paulo (02:40 UTC), and the server's clock is that time
// (its `Date` headers, its tokens). Before the fail-closed rule (docs/time.md, play time on an
// untrusted clock) the beats after the step counted in the next day's period only: today's count
// stopped growing and the warning came at 63 s.
let trueNow = () => Date.now();
const ctx = useReferenceServer({ now: () => trueNow() });
const tracked = trackedFetch();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const BEFORE_MIDNIGHT = Date.UTC(2026, 10, 29, 2, 40);

async function alertTimes(stepWall: (atS: number) => number, start: number) {
  const timers = new SimulatedClock();
  trueNow = () => start + timers.now();
  let wallShift = 0;
  const clock = createClock({ wall: () => start + timers.now() + wallShift, monotonic: () => timers.now() });
  const client = createPamClient({
    baseURL: ctx.server.url,
    fetch: tracked.fetch,
    environment: { channel: null, timers, clock },
    playClock: () => createMemoryPlayClock(),
  });
  clients.push(client);
  const alerts: string[] = [];
  let begun = 0;
  client.on('timeLimitWarning', () => alerts.push(`warning@${(timers.now() - begun) / S}s`));
  client.on('timeLimitReached', () => alerts.push(`reached@${(timers.now() - begun) / S}s`));
  const { email, password } = ctx.server.seed.timeLimit;
  client.login({ login: email, password });
  await until(() => client.view.playTime?.limitMs === 60_000, 'the play time in the view');
  begun = timers.now();
  for (let t = 0; t < 70; t++) {
    wallShift += stepWall(t);
    timers.increment(S);
    await tracked.idle();
  }
  return alerts;
}

describe('play time on the one clock, across São Paulo midnight', () => {
  it('alerts at 48 s and 60 s with the device clock stepped forward 1 h at 23:40 there, then back 3 h', async () => {
    const steps = (t: number) => (t === 20 ? H : t === 40 ? -3 * H : 0);
    expect(await alertTimes(steps, BEFORE_MIDNIGHT)).toEqual(['warning@48s', 'reached@60s']);
  });
});
