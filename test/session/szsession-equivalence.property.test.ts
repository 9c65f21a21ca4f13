// Old-versus-new equivalence of the SZSESSION size cuts (issue 33): `refreshWaitOf` before the cut
// (ea5561b), copied, against the shipped one; and `actionsOf`, the session's `enqueueActions`
// without its helpers, against XState's own over generated action lists.
import fc from 'fast-check';
import { clampDelay } from 'pam-client/internal';
import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, emit, enqueueActions } from 'xstate';
import { refreshWaitOf } from '../../machines/client/session-facade';
import { actionsOf } from '../../machines/session/events';
import { DEFAULT_TIMEOUT_MS } from '../../src/http/timeout-default';

function oldRefreshWaitOf(timeout: number | undefined): number {
  if (timeout === undefined || Number.isNaN(timeout) || timeout <= 0) return DEFAULT_TIMEOUT_MS;
  return clampDelay(timeout);
}

describe('szsession cuts: the same answers as before', () => {
  it('refreshWaitOf', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double(),
          fc.integer(),
          fc.constantFrom(undefined, null, 0, -0, Infinity, -Infinity, NaN),
        ),
        (timeout) => {
          expect(refreshWaitOf(timeout as number | undefined)).toBe(oldRefreshWaitOf(timeout as number));
        },
      ),
    );
  });

  // Each step: add n to the count, or emit the count as seen then (or nothing: a falsy entry).
  type Step = { add: number } | { tell: true } | { skip: true };
  const run = (make: (steps: Step[]) => unknown, steps: Step[]) => {
    const machine = createMachine({
      types: {} as { context: { n: number } },
      context: { n: 0 },
      on: { GO: { actions: make(steps) as never } },
    });
    const actor = createActor(machine).start();
    const told: number[] = [];
    actor.on('*', (e) => told.push((e as unknown as { n: number }).n));
    actor.send({ type: 'GO' });
    return { n: actor.getSnapshot().context.n, told };
  };
  const action = (s: Step) =>
    'add' in s
      ? assign(({ context }: { context: { n: number } }) => ({ n: context.n + s.add }))
      : 'tell' in s
        ? emit(({ context }: { context: { n: number } }) => ({ type: 'told', n: context.n }))
        : false;

  it('actionsOf runs what enqueueActions ran, in order, each seeing the context before it', () => {
    const step = fc.oneof(
      fc.record({ add: fc.integer({ min: -5, max: 5 }) }),
      fc.constant({ tell: true as const }),
      fc.constant({ skip: true as const }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 8 }), (steps) => {
        const ours = run((list) => actionsOf(() => list.map(action)), steps);
        const theirs = run(
          (list) =>
            enqueueActions(({ enqueue }) => {
              for (const a of list.map(action)) if (a) enqueue(a as never);
            }),
          steps,
        );
        expect(ours).toEqual(theirs);
      }),
    );
  });
});
