import { type PlayTimeInput, playTimeMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { steadyClock } from '../../machines/clock';
import { createMemoryPlayClock } from '../../machines/play-time/stores';

// Issue 26, invariant 4 of its model: play time counts only awake time, and its alerts fire at
// their thresholds whatever the device clock did. The device's wall clock is stepped forward and
// back between beats; the monotonic clock (and the timers) keep real time.

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
// Monday 2030-01-07, 12:00 in São Paulo: no step below crosses a São Paulo midnight.
const T0 = Date.parse('2030-01-07T15:00:00Z');

function run(steps: Array<{ atMs: number; wallMs: number }>) {
  const timers = new SimulatedClock();
  let wall = T0;
  const monotonic = () => timers.now();
  const now = steadyClock(() => wall + timers.now(), monotonic);
  const input: PlayTimeInput = {
    limit: { amount: 10, period: 'daily', active: true },
    store: createMemoryPlayClock(),
    now,
    monotonic,
  };
  const actor = createActor(playTimeMachine, { clock: timers, input });
  const alerts: string[] = [];
  actor.on('timeLimitWarning', () => alerts.push(`warning@${timers.now() / S}s`));
  actor.on('timeLimitReached', () => alerts.push(`reached@${timers.now() / S}s`));
  actor.start();
  for (let t = 0; t < 11 * MIN; t += S) {
    for (const step of steps) if (step.atMs === t) wall += step.wallMs;
    timers.increment(S);
  }
  actor.stop();
  return alerts;
}

describe('playTimeMachine: a stepped device clock', () => {
  it('alerts at 8 and 10 minutes of play with the clock left alone (the reference)', () => {
    expect(run([])).toEqual(['warning@480s', 'reached@600s']);
  });

  it.each([
    ['forward 1 h', [{ atMs: 3 * MIN + 7 * S, wallMs: H }]],
    ['back 3 h', [{ atMs: 3 * MIN + 7 * S, wallMs: -3 * H }]],
    ['forward 20 s (under the gap that counts as sleep)', [{ atMs: 2 * MIN + 3 * S, wallMs: 20 * S }]],
    [
      'forward, then back, then forward again',
      [
        { atMs: 1 * MIN + 5 * S, wallMs: 2 * H },
        { atMs: 4 * MIN + 11 * S, wallMs: -5 * H },
        { atMs: 7 * MIN + 2 * S, wallMs: 40 * S },
      ],
    ],
  ])('alerts at the same times after a step %s', (_, steps) => {
    expect(run(steps)).toEqual(['warning@480s', 'reached@600s']);
  });
});
