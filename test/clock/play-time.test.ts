import { createClock } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

// Issue 26, invariant 4, through a whole client on the one clock (`environment.clock`): play time
// counts signed-in, awake time, and the alerts fire at their thresholds (the seed's limit: 1 min,
// warning at 48 s) whatever the device's wall clock did meanwhile.

const S = 1000;
const H = 3_600_000;
// The true time is fixed, midday in São Paulo, and the server's clock is that time (its `Date`
// headers, its tokens). On the real `Date.now` the test hung on the hour it ran: from 02:00 to 03:00
// UTC the device clock's 1 h step crossed the operator's midnight (a beat counted in the next day:
// the warning at 63 s), and a run crossing 03:00 UTC counted nothing (a new day, rightly). The
// step across midnight while the clock is untrusted fails closed when play time has the clock's
// trust (docs/time.md): the last case here, test/machines/play-time.midnight.test.ts,
// play-time-midnight.model.test.ts.
let trueNow = () => Date.now();
const ctx = useReferenceServer({ now: () => trueNow() });
const tracked = trackedFetch();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

// 23:40 in São Paulo (02:40 UTC): a 1 h step forward crosses the operator's midnight.
const BEFORE_MIDNIGHT = Date.UTC(2026, 10, 29, 2, 40);

async function alertTimes(stepWall: (atS: number) => number, start = Date.UTC(2026, 10, 29, 12)) {
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

describe('play time on the one clock', () => {
  it('alerts at 48 s and 60 s of play with the device clock left alone', async () => {
    expect(await alertTimes(() => 0)).toEqual(['warning@48s', 'reached@60s']);
  });

  it('alerts at the same times with the device clock stepped forward 1 h, then back 3 h', async () => {
    const steps = (t: number) => (t === 20 ? H : t === 40 ? -3 * H : 0);
    expect(await alertTimes(steps)).toEqual(['warning@48s', 'reached@60s']);
  });

  // The 0.2.0 known issue: before the session gave play time the clock's trust (docs/time.md),
  // the beats after the step counted in the next day's period only, and the warning came at 63 s.
  it('alerts at the same times with that step made at 23:40 in São Paulo (across midnight)', async () => {
    const steps = (t: number) => (t === 20 ? H : t === 40 ? -3 * H : 0);
    expect(await alertTimes(steps, BEFORE_MIDNIGHT)).toEqual(['warning@48s', 'reached@60s']);
  });
});
