import { createClock } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
import { playPeriodOf } from '../../src/internal';
import { until } from '../support/event-loop';
import { useServerHidingDate } from '../support/hidden-date';

// Play time on a clock that never learned the server's time (review: the next step of 94d55e1).
// Without a readable `Date` (a cross-origin API that does not expose it), `serverNow()` is the
// device clock, which nothing checked. A player who used 55 s of a 1-minute daily limit and set the
// device clock a day ahead got a fresh day: `usedMs` 0, `reached` false, a minute "left". The time
// shown is not known until an answer's `Date` is read: `known: false`, no time left (fail closed).
// Over real sockets (the reference server sends `Date`; the browser's hiding is a fetch that drops it).

const DAY = 86_400_000;
const { ctx, tracked, hiding, newClient, signIn } = useServerHidingDate();

/** A time-limited player (1 minute a day) who played 55 s today, signed in on a device clock `ahead` ms off. */
async function signedIn(ahead: number) {
  const sim = new SimulatedClock();
  const wall = Date.now();
  const clock = createClock({ base: () => wall + ahead + sim.now() });
  const store = createMemoryPlayClock({
    periodKey: playPeriodOf('daily', wall).key,
    usedMs: 55_000,
    lastBeat: null,
  });
  const client = newClient({ environment: { clock, timers: sim }, playClock: () => store });
  const shown: unknown[] = [];
  client.subscribe((v) => shown.push(v.playTime));
  const alerts: string[] = [];
  client.on('timeLimitWarning', () => alerts.push('warning'));
  client.on('timeLimitReached', () => alerts.push('reached'));
  await signIn(client, 'timeLimit');
  await until(() => client.view.playTime !== null, 'the play time in the view');
  await tracked.idle();
  return { client, clock, sim, shown, alerts };
}

describe('play time on a clock that never learned the server time', () => {
  it('a device clock a day ahead starts no fresh day: unknown, no time left, no alert', async () => {
    const { client, clock, sim, shown, alerts } = await signedIn(DAY);
    for (let i = 0; i < 30; i += 1) sim.increment(1_000);
    expect(clock.learned?.()).toBe(false);
    expect(client.view.playTime).toMatchObject({ known: false, leftMs: 0, reached: true, warning: true });
    // Never a frame that says time is left.
    expect(shown.some((p) => p !== null && (p as { reached: boolean }).reached === false)).toBe(false);
    expect(alerts).toEqual([]);
  });

  it('a right device clock cannot be told from a wrong one: unknown too', async () => {
    const { client, sim } = await signedIn(0);
    sim.increment(1_000);
    expect(client.view.playTime).toMatchObject({ known: false, leftMs: 0, reached: true });
  });

  it('the first answer with a readable Date: the time is told within a second, in the true day', async () => {
    const { client, clock, sim, alerts } = await signedIn(DAY);
    hiding.on = false;
    client.state.send({ type: 'REFRESH' });
    await until(() => ctx.server.requests.some((r) => r.path.includes('refresh')), 'the refresh');
    await tracked.idle();
    expect(clock.learned?.()).toBe(true);
    sim.increment(1_000);
    await until(() => client.view.playTime?.known !== false, 'known once learned');
    // Today's 55 s are counted (the period is the server's day, not the device's tomorrow).
    expect(client.view.playTime?.usedMs).toBeGreaterThanOrEqual(55_000);
    expect(client.view.playTime?.warning).toBe(true);
    expect(alerts).toEqual(['warning']);
  });
});
