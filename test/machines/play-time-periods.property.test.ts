import fc from 'fast-check';
import { createMemoryTokenStore, type LimitPeriodName } from 'pam-client';
import { playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { playPeriodOf } from '../../machines/play-time/clock';
import { keepServices } from '../../machines/session/context';
import { playTimeInputOf, WITH_PLAY_CLOCK } from '../../machines/session/flows';
import type { SessionContext, SessionInput } from '../../machines/session/types';

// Review E, items 2 and 3, as one property: generated sequences of play, changes of the limit's
// period and amount, logouts and logins on one client (its play clock as the session builds it:
// `playTimeInputOf`, the default store, no localStorage in Node) and a sleep across a São Paulo
// midnight, from a plain day, a Sunday night (a week's end) and a month's last night. After every
// step, signed in, the count shown is never below the time played in the current period (the
// model: the intervals played, cut to the period), nor above the time that passed awake; and at
// or past the limit by the model, betting is barred (`reached`). The record keeps the day's, the
// week's and the month's counts, so a change of period reads the new one's (it kept two counts:
// daily to monthly on a Tuesday lost Sunday night, now an example in play-time-period-change).

const S = 1000;
const MIN = 60_000;
const USER = 8;

type Step =
  | { kind: 'play'; ms: number }
  | { kind: 'limit'; period: LimitPeriodName; amount: number }
  | { kind: 'logout' }
  | { kind: 'login' }
  | { kind: 'sleep'; afterMidnightMs: number };

const STARTS = [
  Date.parse('2026-11-25T12:00:00-03:00'), // a Wednesday, midday
  Date.parse('2026-11-22T23:58:00-03:00'), // a Sunday night: the week ends
  Date.parse('2026-11-30T23:58:00-03:00'), // the month's last night
];

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('play' as const), ms: fc.integer({ min: S, max: 40 * S }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      period: fc.constantFrom<LimitPeriodName>('daily', 'weekly', 'monthly'),
      amount: fc.integer({ min: 1, max: 30 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'logout' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'login' as const }) },
);

/** The time of `played` inside `[start, end)`. */
const within = (played: [number, number][], start: number, end: number) =>
  played.reduce((ms, [a, b]) => ms + Math.max(0, Math.min(b, end) - Math.max(a, start)), 0);

function run(start: number, first: { period: LimitPeriodName; amount: number }, steps: Step[]) {
  const clock = new SimulatedClock();
  clock.set(start);
  const now = () => clock.now();
  // One client: its session's services (the default play clock), kept by the client object.
  const client = {};
  const servicesKey = keepServices(
    { auth: {} as never, tokens: createMemoryTokenStore(), ...WITH_PLAY_CLOCK } satisfies SessionInput,
    client,
  );
  let limit = { amount: first.amount, period: first.period, active: true };
  const tab: { actor: Actor<typeof playTimeMachine> | null } = { actor: null };
  const login = () => {
    const context = { servicesKey, userId: USER, sid: 1, restrictions: { limits: { time: limit } } };
    const input = playTimeInputOf({ context: context as unknown as SessionContext });
    // The session's clocks are the simulated one here (trusted, and learned).
    tab.actor = createActor(playTimeMachine, {
      clock,
      input: { ...input!, now, monotonic: now, serverNow: now, trusted: undefined, learned: undefined },
    }).start();
  };
  login();
  const played: [number, number][] = [];
  let awake = 0;
  for (const s of steps) {
    if (s.kind === 'play') {
      const from = clock.now();
      for (let t = 0; t < s.ms; t += S) clock.increment(Math.min(S, s.ms - t));
      awake += s.ms;
      if (tab.actor) played.push([from, clock.now()]);
      tab.actor?.send({ type: 'BEAT' });
    } else if (s.kind === 'limit') {
      limit = { amount: s.amount, period: s.period, active: true };
      tab.actor?.send({ type: 'LIMIT', limit });
    } else if (s.kind === 'logout') {
      tab.actor?.stop();
      tab.actor = null;
    } else if (s.kind === 'login') {
      if (!tab.actor) login();
    } else {
      // Asleep across the next São Paulo midnight (nothing counted: longer than a gap).
      const midnight = playPeriodOf('daily', clock.now()).end;
      clock.set(Math.max(midnight + s.afterMidnightMs, clock.now() + 31 * S));
      tab.actor?.send({ type: 'BEAT' });
    }
    const current = tab.actor;
    if (!current) continue;
    const shown = selectPlayTime(current.getSnapshot());
    const period = playPeriodOf(limit.period, clock.now());
    const model = within(played, period.start, period.end);
    expect(shown).not.toBeNull();
    expect(shown!.period).toBe(limit.period);
    expect(shown!.usedMs).toBeGreaterThanOrEqual(model);
    expect(shown!.usedMs).toBeLessThanOrEqual(awake);
    if (model >= limit.amount * MIN) expect(shown!.reached).toBe(true);
  }
  tab.actor?.stop();
}

describe('play time over changes of period, logouts and logins (property, review E items 2 and 3)', () => {
  it('never counts less than the time played in the current period, nor more than the time awake', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STARTS),
        fc.record({
          period: fc.constantFrom<LimitPeriodName>('daily', 'weekly', 'monthly'),
          amount: fc.integer({ min: 1, max: 30 }),
        }),
        fc.array(step, { maxLength: 40 }),
        fc.option(fc.record({ at: fc.nat(), afterMidnightMs: fc.integer({ min: 0, max: 2 * 3_600_000 }) })),
        (start, first, generated, sleep) => {
          // At most one sleep across midnight: the span stays within three São Paulo days.
          const steps = [...generated];
          if (sleep)
            steps.splice(sleep.at % (steps.length + 1), 0, {
              kind: 'sleep',
              afterMidnightMs: sleep.afterMidnightMs,
            });
          run(start, first, steps);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
