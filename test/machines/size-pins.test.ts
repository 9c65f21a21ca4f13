// Pins for two pieces the machine-alone rows carry, written smaller for issue 33 (sizes): the
// message a validation error builds from its issues (the machines refuse requests and answers with
// them), and `machineSetup`'s machine (built with xstate's `StateMachine`, as `createMachine` does).
import { RequestValidationError, ResponseValidationError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, StateMachine } from 'xstate';
import { machineSetup } from '../../machines/machine-setup';

const issue = (path: (string | number)[], message = 'bad') => ({ path, code: 'x', message });

describe('validation messages', () => {
  it('names each issue by its path, (root) for none, and counts the issues past the fifth', () => {
    const issues = [
      issue([]),
      issue(['a', 0, 'b']),
      issue(['c'], 'is never persisted'),
      ...[1, 2, 3, 4].map((n) => issue([`f${n}`])),
    ];
    expect(new RequestValidationError('login', issues).message).toBe(
      'Invalid login request: (root): bad; a.0.b: bad; c: is never persisted; f1: bad; f2: bad (+2 more)',
    );
    expect(new ResponseValidationError('getIncomeReportStatus', issues.slice(1, 6)).message).toBe(
      'Unexpected getIncomeReportStatus response: a.0.b: bad; c: is never persisted; f1: bad; f2: bad; f3: bad',
    );
    expect(new ResponseValidationError('login', []).message).toBe('Unexpected login response: ');
  });
});

describe('machineSetup', () => {
  it("builds the machine xstate's createMachine builds from the same config and implementations", () => {
    const add = assign({ n: ({ context }: { context: { n: number } }) => context.n + 1 });
    const config = { id: 'counter', context: { n: 0 }, on: { ADD: { actions: 'add' } } } as const;
    const ours = machineSetup({
      types: {} as { context: { n: number }; events: { type: 'ADD' } },
      actions: { add: add as never },
    }).createMachine(config);
    const theirs = createMachine(config as never, { actions: { add } } as never);
    expect(ours).toBeInstanceOf(StateMachine);
    expect([ours.id, ours.implementations]).toEqual([theirs.id, theirs.implementations]);
    const actor = createActor(ours).start();
    actor.send({ type: 'ADD' });
    actor.send({ type: 'ADD' });
    expect(actor.getSnapshot().context).toEqual({ n: 2 });
  });
});
