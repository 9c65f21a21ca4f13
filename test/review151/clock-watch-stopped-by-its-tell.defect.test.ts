// Review 151 (mine; found by review125's liveness property in CI, seed 125 path 32: "timers left 5
// min after every client stopped", two of them armed by `look` in machines/session/profile-read.ts).
// The profile flow's clock watch hears a trust change: it tells its parent (`CLOCK`), which may leave
// the state that runs it at once (a new owner, a sign-out): the watch is stopped there, its look
// cleared. Then the same listener looked again, and armed a 5-s look nothing would ever clear: a look
// every 5 s for the page's life, after the client stopped too. (And the clock called a listener that
// an earlier one of the same round had unsubscribed.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createClock } from '../../machines/clock';
import { watchClock } from '../../machines/session/profile-read';

beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-12-07T12:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('review 151: the clock watch stopped by what it tells', () => {
  it('leaves no look armed once its parent leaves on its CLOCK', () => {
    const clock = createClock();
    const timers = {
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
    };
    const services = { clock, serverNow: clock.serverNow, timers };
    let clocks = 0;
    const machine = createMachine({
      initial: 'watching',
      states: {
        watching: {
          invoke: { src: watchClock as never, input: { services, owner: { userId: 1, sid: 1 } } as never },
          // Its first CLOCK is its start's: the one after a trust change leaves.
          on: { CLOCK: [{ guard: () => ++clocks > 1, target: 'gone' }] },
        },
        gone: {},
      },
    });
    const actor = createActor(machine).start();
    expect(vi.getTimerCount()).toBe(1);
    // Two answers a minute ahead of the device: the clock is taught, its listeners told.
    const at = Date.now() + 60_000;
    clock.learn(at);
    clock.learn(at);
    clock.learn(at);
    expect(actor.getSnapshot().value).toBe('gone');
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(vi.getTimerCount()).toBe(0);
    actor.stop();
  });

  it('the clock does not call a listener an earlier one of the same round unsubscribed', () => {
    const clock = createClock();
    const heard: string[] = [];
    let offB = () => {};
    clock.subscribe(() => {
      heard.push('a');
      offB();
    });
    offB = clock.subscribe(() => heard.push('b'));
    const at = Date.now() + 60_000;
    clock.learn(at);
    expect(heard).toEqual(['a']);
  });
});
