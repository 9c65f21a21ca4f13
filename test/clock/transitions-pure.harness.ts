// The harness of the issue 32.3 tripwire (transitions-pure*.property.test.ts): xstate's pure
// `transition()` with clocks (and a random source) that record every read made while a
// transition is being computed.

import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ExecutableActionObject,
  initialTransition,
  transition,
} from 'xstate';
import { internal } from '../../machines/clock';
import { servicesOf } from '../../machines/session/context';

export const H = 3_600_000;
export const S = 1_000;

/** Clocks that count the reads made while a transition is computed (`inside`). */
export function trippedClock(base: number, offset: number, roll = 0.5) {
  const state = { inside: false, reads: [] as string[], t: base };
  const read = (name: string) => () => {
    if (state.inside) state.reads.push(name);
    return name === 'serverNow' ? state.t + offset : state.t;
  };
  const random = () => {
    if (state.inside) state.reads.push('random');
    return roll;
  };
  return { state, now: read('now'), serverNow: read('serverNow'), monotonic: read('monotonic'), random };
}
export type Clock = ReturnType<typeof trippedClock>;

interface Trace {
  value: unknown;
  context: unknown;
  timers: { id: string; delay: number }[];
}

/** Each pending timer the actions arm (xstate's `after` is a delayed raise), and those they cancel. */
function timersOf(actions: ExecutableActionObject[], pending: Map<string, AnyEventObject>) {
  const armed: { id: string; delay: number }[] = [];
  for (const a of actions) {
    const p = a.params as { id?: string; sendId?: string; delay?: number; event?: AnyEventObject };
    if (a.type === 'xstate.cancel' && p.sendId) pending.delete(p.sendId);
    if (a.type === 'xstate.raise' && typeof p.delay === 'number' && p.id && p.event) {
      pending.set(p.id, p.event);
      armed.push({ id: p.id, delay: p.delay });
    }
  }
  return armed;
}

/** The context as data (the key of the services differs between actors by design). */
const dataOf = (s: AnyMachineSnapshot): unknown => {
  const { servicesKey: _key, ...rest } = s.context as Record<string, unknown>;
  // The children an invoke made with this transition, as they start (the refresh cycle's input).
  const children = Object.entries(s.children ?? {}).map(([id, child]) => {
    const c = (child as { getSnapshot(): { context?: unknown } } | undefined)?.getSnapshot().context;
    return [id, c && typeof c === 'object' ? JSON.parse(JSON.stringify(c)) : null];
  });
  return { ...JSON.parse(JSON.stringify(rest)), children };
};

export type Step = AnyEventObject | ((s: AnyMachineSnapshot, c: Clock) => AnyEventObject | null);

/**
 * Runs `steps` through the pure `transition()`: reads inside a transition are tripped; with
 * `runReads`, the `readClock` actions a step returns run afterwards (outside), their events next.
 */
export function run(
  machine: AnyStateMachine,
  input: unknown,
  steps: Step[],
  clock: Clock,
  o: { runReads: boolean; timers?: boolean },
): Trace[] {
  const pending = new Map<string, AnyEventObject>();
  clock.state.inside = true;
  let [snapshot, actions] = initialTransition(machine, input) as [
    AnyMachineSnapshot,
    ExecutableActionObject[],
  ];
  clock.state.inside = false;
  const traces: Trace[] = [];
  const queue: AnyEventObject[] = [];
  const take = (acts: ExecutableActionObject[]) => {
    const timers = timersOf(acts, pending);
    traces.push({ value: snapshot.value, context: dataOf(snapshot), timers });
    if (!o.runReads) return;
    for (const a of acts) {
      if (a.type !== 'readClock' || !a.exec) continue;
      a.exec({ ...a.info, self: { send: (e: AnyEventObject) => queue.push(e) } } as never, a.params);
    }
  };
  take(actions);
  const step = (event: AnyEventObject) => {
    clock.state.inside = true;
    try {
      [snapshot, actions] = transition(machine as AnyStateMachine, snapshot, event) as [
        AnyMachineSnapshot,
        ExecutableActionObject[],
      ];
    } finally {
      clock.state.inside = false;
    }
    take(actions);
  };
  for (const s of steps) {
    const event = typeof s === 'function' ? s(snapshot, clock) : s;
    if (event) step(event);
    // A timer due now (the harness's `fire` step) or a read's event.
    if (o.timers && event === null && pending.size) {
      const [id, e] = [...pending][0]!;
      pending.delete(id);
      step(e);
    }
    while (queue.length) step(queue.shift()!);
    clock.state.t += 7 * S;
  }
  return traces;
}

/** A clock reading at `at`: the server's `offset` ahead (40 s unless given), trusted. */
export const reading = (at: number, offset = 40 * S) => ({ at, serverAt: at + offset, trusted: true });

/** The session's input on the tripped clocks: no auth module, an empty token store. */
export const sessionInput = (clock: Clock) => ({
  auth: {} as never,
  tokens: { get: () => null, set: () => undefined, clear: () => undefined },
  environment: { now: clock.now, serverNow: clock.serverNow, random: clock.random },
});

/** The session's steps at start: the store's answer (player 7, a vaulted handle) read at `at`. */
export const restoredAt =
  (at: number): Step =>
  (s) => {
    if (!s.matches('restoring')) return null;
    const handle = servicesOf(s.context).vault.put('stored');
    const meta = {
      tokenType: 'Bearer',
      savedAt: at - H,
      expiresAt: at + 7 * H,
      timeBase: 'server',
      seq: 3,
      sid: 3,
      userId: 7,
    };
    return { type: 'xstate.done.actor.restore', output: { meta, handle, reading: reading(at) } };
  };

/** A tick or a wake-up, with its reading, up to `max` ms after `at`. */
export const tickOrWake = (at: number, max: number) =>
  fc.tuple(fc.integer({ min: 0, max }), fc.boolean()).map(
    ([dt, wake]) =>
      () =>
        internal({ type: wake ? 'WAKE' : 'TICK', reading: reading(at + dt) }),
  );

/** Fires the oldest pending timer (`null` tells the harness). */
export const fire: Step = () => null;

/** A machine under the tripwire: its input from the clocks, and the steps fast-check draws. */
export interface Subject {
  name: string;
  machine: AnyStateMachine;
  input: (c: Clock, at: number) => unknown;
  steps: (at: number) => fc.Arbitrary<Step[]>;
}

export const AT = Date.UTC(2030, 0, 1);

/**
 * The two properties for each machine: no read of a clock or of the random source while a
 * transition is computed; the same events give the same snapshots and timers whatever the wall
 * clock (and the random source) say.
 */
export function properties(machines: readonly Subject[]): void {
  for (const m of machines) {
    it(`${m.name}: no clock read while a transition is computed`, () => {
      fc.assert(
        fc.property(m.steps(AT), (steps) => {
          const clock = trippedClock(AT, 40 * S);
          run(m.machine as AnyStateMachine, m.input(clock, AT), steps as Step[], clock, {
            runReads: true,
            timers: true,
          });
          expect(clock.state.reads).toEqual([]);
        }),
        { numRuns: 60 },
      );
    });

    it(`${m.name}: the same events give the same snapshots and timers, whatever the wall clock`, () => {
      fc.assert(
        fc.property(m.steps(AT), fc.integer({ min: -5 * H, max: 5 * H }), (steps, skew) => {
          const a = trippedClock(AT, 40 * S);
          const b = trippedClock(AT + skew + 13, -skew, 0.25);
          const ta = run(m.machine as AnyStateMachine, m.input(a, AT), steps as Step[], a, {
            runReads: false,
          });
          const tb = run(m.machine as AnyStateMachine, m.input(b, AT), steps as Step[], b, {
            runReads: false,
          });
          expect(tb).toEqual(ta);
        }),
        { numRuns: 60 },
      );
    });
  }
}
