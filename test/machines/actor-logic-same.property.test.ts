// The machines' own fromPromise/fromCallback (machines/actor-logic.ts, a size cut) behave as
// xstate's: the same snapshots, the same events to the parent, the same abort and dispose on stop,
// over generated outcomes and stop times (simulated time).
import fc from 'fast-check';
import { isPamError, UnexpectedError } from 'pam-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AnyActorLogic,
  type AnyEventObject,
  createActor,
  sendTo,
  setup,
  fromCallback as xCallback,
  fromPromise as xPromise,
} from 'xstate';
import { fromCallback, fromPromise } from '../../machines/actor-logic';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A parent that invokes `child` and records every snapshot of itself and its child. */
async function runWith(child: AnyActorLogic, stopAt: number | null, steps: number) {
  const seen: unknown[] = [];
  const machine = setup({ actors: { child } }).createMachine({
    initial: 'running',
    context: { log: [] as unknown[] },
    states: {
      running: {
        invoke: {
          id: 'c',
          src: 'child',
          input: 5,
          onDone: {
            target: 'done',
            actions: ({ context, event }) => context.log.push(['done', event.output]),
          },
          onError: {
            target: 'done',
            actions: ({ context, event }) => context.log.push(['error', event.error]),
          },
        },
        on: {
          FROM_CHILD: { actions: ({ context, event }) => context.log.push(['back', event]) },
          TO_CHILD: { actions: sendTo('c', { type: 'PING' }) },
          STOP: 'stopped',
        },
      },
      stopped: {},
      done: {},
    },
  });
  const actor = createActor(machine);
  actor.subscribe((s) => {
    const c = s.children.c?.getSnapshot() as
      | { status?: string; output?: unknown; error?: unknown }
      | undefined;
    seen.push([s.value, c && { status: c.status, output: c.output, error: c.error }]);
  });
  actor.start();
  for (let t = 0; t < steps; t++) {
    if (stopAt === t) actor.send({ type: 'STOP' });
    if (t === 2) actor.send({ type: 'TO_CHILD' });
    await vi.advanceTimersByTimeAsync(10);
  }
  const log = actor.getSnapshot().context.log;
  actor.stop();
  return { seen, log };
}

describe('actor-logic: the same as xstate', () => {
  it('fromPromise: resolve, reject, a stop before or after (abort seen)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 5 }),
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
        async (after, fails, stopAt) => {
          const run = async (make: typeof xPromise) => {
            const aborted: boolean[] = [];
            const logic = make(
              ({ input, signal }: { input: number; signal: AbortSignal }) =>
                new Promise((resolve, reject) => {
                  signal.addEventListener('abort', () => aborted.push(true));
                  setTimeout(
                    // (A PamError: one that is none travels as `asPamError`'s, below.)
                    () => (fails ? reject(new UnexpectedError(`no ${input}`)) : resolve(input * 2)),
                    after * 10,
                  );
                }),
            );
            return { ...(await runWith(logic, stopAt, 8)), aborted };
          };
          expect(await run(fromPromise)).toEqual(await run(xPromise));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('fromPromise: a rejection that is no PamError travels as one, without its message (review 115)', async () => {
    const logic = fromPromise(() => Promise.reject(new Error('token abc expired')));
    const { log } = await runWith(logic, null, 3);
    const [kind, error] = log[0] as [string, Error];
    expect(kind).toBe('error');
    expect(isPamError(error)).toBe(true);
    expect([error.name, error.message]).toEqual(['UnexpectedError', 'Unexpected failure (Error)']);
  });

  it('fromCallback: sendBack, receive, dispose on stop', async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }), async (stopAt) => {
        const run = async (make: typeof xCallback) => {
          const disposed: number[] = [];
          const got: unknown[] = [];
          const logic = make(
            ({
              input,
              sendBack,
              receive,
            }: {
              input: number;
              sendBack: (e: AnyEventObject) => void;
              receive: (l: (e: unknown) => void) => void;
            }) => {
              const timer = setInterval(() => sendBack({ type: 'FROM_CHILD', n: input }), 15);
              receive((e) => got.push(e));
              return () => {
                clearInterval(timer);
                disposed.push(1);
              };
            },
          );
          return { ...(await runWith(logic, stopAt, 8)), disposed, got };
        };
        expect(await run(fromCallback)).toEqual(await run(xCallback));
      }),
      { numRuns: 20 },
    );
  });
});
