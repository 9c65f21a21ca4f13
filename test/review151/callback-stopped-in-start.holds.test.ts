// Review 151 (mine; found by review125's liveness property in CI, seed 125 path 32: "timers left
// 5 min after every client stopped", armed by the profile flow's clock watch, `look` in
// machines/session/profile-read.ts). A callback actor (machines/actor-logic.ts `fromCallback`) whose
// start tells its parent something that makes the parent leave the state invoking it is stopped
// while its start still runs: its cleanup was not returned yet, so the stop disposed nothing, and
// the cleanup returned after was never called (the clock watch's 5-s look went on for good).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { fromCallback } from '../../machines/actor-logic';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('review 151: a callback actor stopped while it starts', () => {
  it.each([
    ['its parent started with it', false],
    ['its parent already running', true],
  ])('%s: its cleanup runs, no timer is left', (_name, later) => {
    let disposed = 0;
    const watch = fromCallback(({ sendBack }) => {
      sendBack({ type: 'LEAVE' });
      const id = setTimeout(() => {}, 5_000);
      return () => {
        disposed++;
        clearTimeout(id);
      };
    });
    const machine = createMachine({
      initial: later ? 'idle' : 'watching',
      states: {
        idle: { on: { GO: 'watching' } },
        watching: { invoke: { src: watch }, on: { LEAVE: 'done' } },
        done: {},
      },
    });
    const actor = createActor(machine).start();
    if (later) actor.send({ type: 'GO' });
    expect(actor.getSnapshot().value).toBe('done');
    expect({ disposed, timers: vi.getTimerCount() }).toEqual({ disposed: 1, timers: 0 });
    actor.stop();
  });
});
