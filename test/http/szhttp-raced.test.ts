// `raced` (an attempt's wait, no listener on its signal) against `untilAborted` (the wait it
// replaces in the adapter): the same outcome for every order of settling, timing out and aborting.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ABORTED, attemptSignal, raced } from '../../src/http/waiting';
import { useFakeTimersEach } from '../support/fake-timers';
import { untilAborted } from '../support/until-aborted';

useFakeTimersEach();

/** A promise settled by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** What a wait ended with, or 'pending', after the schedule ran. */
const outcome = (p: PromiseLike<unknown>) => {
  let out: unknown = 'pending';
  p.then(
    (v) => {
      out = v === ABORTED ? 'ABORTED' : ['value', v];
    },
    (e) => {
      out = ['error', e];
    },
  );
  return () => out;
};

describe('raced', () => {
  it('passes the value through, adds no listener to the signal, and ends on the timeout', async () => {
    const guard = attemptSignal(undefined, 100)!;
    const add = vi.spyOn(guard.signal, 'addEventListener');
    expect(await raced(Promise.resolve(7), guard)).toBe(7);
    const never = raced(new Promise(() => {}), guard);
    await vi.advanceTimersByTimeAsync(100);
    expect(await never).toBe(ABORTED);
    expect(add).not.toHaveBeenCalled();
    guard.dispose();
  });

  it('ends at once under a caller signal that had already aborted', async () => {
    const guard = attemptSignal(AbortSignal.abort(), 100)!;
    expect(await raced(new Promise(() => {}), guard)).toBe(ABORTED);
    guard.dispose();
  });

  it('is the promise itself without a guard', () => {
    const p = Promise.resolve(1);
    expect(raced(p, undefined)).toBe(p);
  });

  it('drops a late failure after the abort (no unhandled rejection)', async () => {
    const caller = new AbortController();
    const guard = attemptSignal(caller.signal, 100)!;
    const d = deferred<number>();
    const wait = raced(d.promise, guard);
    caller.abort();
    expect(await wait).toBe(ABORTED);
    d.reject(new Error('late'));
    await vi.advanceTimersByTimeAsync(0);
    guard.dispose();
  });

  it('ends as untilAborted does, for every order of settle, timeout and caller abort', async () => {
    const step = fc.record({
      at: fc.integer({ min: 0, max: 30 }),
      kind: fc.constantFrom('resolve', 'reject', 'abort'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 4 }),
        fc.constantFrom(10, 20, Number.POSITIVE_INFINITY),
        fc.boolean(),
        fc.boolean(),
        async (steps, timeout, withCaller, callerAbortedFirst) => {
          const callerA = new AbortController();
          const callerB = new AbortController();
          if (withCaller && callerAbortedFirst) {
            callerA.abort();
            callerB.abort();
          }
          const a = attemptSignal(withCaller ? callerA.signal : undefined, timeout);
          const b = attemptSignal(withCaller ? callerB.signal : undefined, timeout);
          const da = deferred<number>();
          const db = deferred<number>();
          const oldWay = outcome(untilAborted(da.promise, a?.signal));
          const newWay = outcome(raced(db.promise, b));
          let now = 0;
          for (const { at, kind } of [...steps].sort((x, y) => x.at - y.at)) {
            await vi.advanceTimersByTimeAsync(at - now);
            now = at;
            if (kind === 'resolve') {
              da.resolve(at);
              db.resolve(at);
            } else if (kind === 'reject') {
              da.reject(at);
              db.reject(at);
            } else if (withCaller) {
              callerA.abort();
              callerB.abort();
            }
          }
          await vi.advanceTimersByTimeAsync(40);
          expect(newWay()).toEqual(oldWay());
          expect(b?.timedOut).toBe(a?.timedOut);
          a?.dispose();
          b?.dispose();
          expect(vi.getTimerCount()).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
