// Issue 32.3's tripwire for play time, its shared clock (the store) and `learned` watched too: no
// transition reads them. Before, the next beat's wait (`delays.beat`) read `learned()` and the
// store (a `localStorage` read) while xstate computed the transition that arms it, so the same
// snapshot and event gave another timer when another tab had written the store in between. Now the
// beat (an action) reads them after it counted, and tells the wait on the event that arms the
// beat again; the wait reads the event and the context only.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ExecutableActionObject,
  initialTransition,
  transition,
} from 'xstate';
import { type PlayClockRecord, playPeriodOf } from '../../machines/play-time/clock';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
import { playTimeMachine } from '../../machines/playTimeMachine';
import { AT, type Clock, fire, properties, S, type Step, trippedClock } from './transitions-pure.harness';

const limit = { active: true, amount: 60, period: 'daily' };

/** A memory store whose reads made while a transition is computed are tripped (as the clocks'). */
const trippedStore = (c: Clock, initial: PlayClockRecord | null = null) => {
  const store = createMemoryPlayClock(initial);
  return {
    read: () => {
      if (c.state.inside) c.state.reads.push('store');
      return store.read();
    },
    write: store.write,
  };
};

/** `learned`, tripped the same way. */
const trippedLearned = (c: Clock, learned: boolean) => () => {
  if (c.state.inside) c.state.reads.push('learned');
  return learned;
};

const input = (c: Clock, at: number, learned = true) => ({
  limit,
  store: trippedStore(c, { periodKey: playPeriodOf('daily', at).key, usedMs: 40 * 60 * S, lastBeat: at }),
  now: c.now,
  serverNow: c.serverNow,
  monotonic: c.monotonic,
  learned: trippedLearned(c, learned),
});

/** The beat's word, as its action tells it (the harness runs no beat), in the period of `at`. */
const clockAt =
  (at: number, usedMs: number): Step =>
  () => ({
    type: 'CLOCK',
    clock: { periodKey: playPeriodOf('daily', at).key, usedMs, lastBeat: at },
    at,
    mono: at,
    periodKey: playPeriodOf('daily', at).key,
    alt: playPeriodOf('daily', at).key,
    est: at,
    lost: false,
  });

const playSteps = (at: number) =>
  fc.array(
    fc.oneof(
      fc.constant<Step>({ type: 'BEAT' }),
      fc.constant<Step>({ type: 'LIMIT', limit: null }),
      fc
        .integer({ min: 1, max: 90 })
        .map((amount) => ({ type: 'LIMIT', limit: { ...limit, amount } }) as Step),
      fc.integer({ min: 0, max: 60 * 60 }).map((s) => clockAt(at, s * S)),
      fc
        .option(fc.integer({ min: 0, max: 30 * S }), { nil: undefined })
        .map((next) => ({ type: 'xstate.restore', ...(next !== undefined && { next }) }) as Step),
      fc.constant(fire),
    ),
    { maxLength: 20 },
  );

describe('play time, its store and `learned` watched: no transition reads them (issue 32.3)', () =>
  properties([
    {
      name: 'play time, learned (playTimeMachine)',
      machine: playTimeMachine as AnyStateMachine,
      input: (c: Clock, at: number) => input(c, at),
      steps: playSteps,
    },
    {
      name: 'play time, not learned yet (playTimeMachine)',
      machine: playTimeMachine as AnyStateMachine,
      input: (c: Clock, at: number) => input(c, at, false),
      steps: playSteps,
    },
  ]));

/** The timers a transition's actions arm (xstate's `after` is a delayed raise). */
const armed = (actions: ExecutableActionObject[]) =>
  actions
    .filter((a) => a.type === 'xstate.raise' && typeof (a.params as { delay?: unknown }).delay === 'number')
    .map((a) => (a.params as { delay: number }).delay);

describe('the same snapshot and event give the same next beat, another tab having written the store between', () => {
  it('the heartbeat that fires (its wait is not read from the store)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 * 60 }), fc.integer({ min: 0, max: 60 * 60 }), (a, b) => {
        const clock = trippedClock(AT, 0);
        let record: PlayClockRecord | null = null;
        const key = playPeriodOf('daily', AT).key;
        const store = { read: () => record && { ...record }, write: () => {} };
        const machine = playTimeMachine as AnyStateMachine;
        let [snapshot, actions] = initialTransition(machine, { ...input(clock, AT), store }) as [
          AnyMachineSnapshot,
          ExecutableActionObject[],
        ];
        const due = actions.find((x) => x.type === 'xstate.raise')?.params as { event: AnyEventObject };
        // This tab's first beat, told (the period it counted in).
        [snapshot] = transition(machine, snapshot, (clockAt(AT, 0) as () => AnyEventObject)()) as [
          AnyMachineSnapshot,
          unknown,
        ];
        const next = () =>
          armed((transition(machine, snapshot, due.event) as [unknown, ExecutableActionObject[]])[1]);
        record = { periodKey: key, usedMs: a * S, lastBeat: AT };
        const before = next();
        record = { periodKey: key, usedMs: b * S, lastBeat: AT + 7 * S };
        expect(next()).toEqual(before);
        expect(before).toHaveLength(1);
      }),
      { numRuns: 60 },
    );
  });
});
