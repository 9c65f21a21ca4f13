import { isPamError } from 'pam-client';
import { stepUpMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';

// Model-based test: every shortest path of the step-up graph (its own events plus the invoked
// request's done/error events, standing for the server's answers) is replayed on a real actor and
// each step checked against the contract written below, independently of the machine.

function foreign(code: string, extra: Record<string, unknown> = {}): Error {
  const e = Object.assign(new Error('x'), { code, ...extra });
  Object.defineProperty(e, Symbol.for('pam-client.error'), { get: () => true });
  return e;
}

// The first try is the child 'send', a confirmation the child 'confirm'.
const ANSWERS = ['send', 'confirm'].flatMap((id) => [
  { type: `xstate.done.actor.${id}`, output: 'saved', kind: 'ok' },
  {
    type: `xstate.error.actor.${id}`,
    error: foreign('step_up_required', { reason: 'required', status: 422 }),
    kind: 'required',
  },
  {
    type: `xstate.error.actor.${id}`,
    error: foreign('step_up_required', { reason: 'invalid', status: 422 }),
    kind: 'invalid',
  },
  { type: `xstate.error.actor.${id}`, error: foreign('network'), kind: 'offline' },
]);
const EVENTS: AnyEventObject[] = [
  { type: 'CONFIRM', password: 'pw' },
  { type: 'CONFIRM', password: '' },
  { type: 'CANCEL' },
  ...ANSWERS,
];

// The requests never settle by themselves: the path's answer events settle them.
const machine = stepUpMachine.provide({
  actors: { sendChange: fromPromise(() => new Promise<unknown>(() => {})) },
});
type Snap = SnapshotFrom<typeof stepUpMachine>;
const MAX = 2;
const input = { run: async () => undefined, maxAttempts: MAX };

const serialize = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    status: s.status,
    left: s.context.attemptsLeft,
    reason: s.context.reason,
  });
const model = new TestModel<Snap, AnyEventObject, typeof input>(
  machine as unknown as ActorLogic<Snap, AnyEventObject, typeof input>,
  {
    input,
    events: (state) => (state.status === 'active' ? EVENTS.filter((e) => state.can(e as never)) : []),
    serializeState: (s, event, prev) =>
      serialize(s) +
      (event && prev && serialize(prev) !== serialize(s)
        ? ` via ${JSON.stringify(event)} from ${serialize(prev)}`
        : ''),
  },
);
const paths = model.getShortestPaths();

/** Where `event` must lead from `prev`, and the attempts left after it. */
function expected(prev: Snap, event: AnyEventObject): { value: string; left: number } {
  const from = String(prev.value);
  const left = prev.context.attemptsLeft;
  if (event.type === 'CANCEL') return { value: 'cancelled', left };
  if (event.type === 'CONFIRM')
    return { value: from === 'passwordRequired' && event.password !== '' ? 'confirming' : from, left };
  const kind = event.kind as string;
  if (kind === 'ok') return { value: 'done', left };
  if (from === 'sending') return { value: kind === 'offline' ? 'failed' : 'passwordRequired', left };
  // confirming: a step-up answer means a wrong password.
  if (kind === 'offline') return { value: 'failed', left };
  return { value: left > 1 ? 'passwordRequired' : 'failed', left: left - 1 };
}

describe('stepUpMachine (model)', () => {
  it('reaches every state, including each attempt count', () => {
    const states = paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)]);
    const reached = new Set(states.map(serialize));
    const values = new Set(states.map((s) => String(s.value)));
    expect([...values].sort()).toEqual([
      'cancelled',
      'confirming',
      'done',
      'failed',
      'passwordRequired',
      'sending',
    ]);
    expect(reached.size).toBeGreaterThan(8);
  });

  it.each(
    paths.map(
      (p) =>
        [
          p.steps.map((s) => (s.event as AnyEventObject).kind ?? s.event.type).join(' → ') || '(start)',
          p,
        ] as const,
    ),
  )('follows the contract along %s', (_name, path) => {
    const actor = createActor(machine, { input }).start();
    for (const step of path.steps) {
      const event = step.event as AnyEventObject;
      if (event.type === 'xstate.init') continue;
      const prev = actor.getSnapshot();
      actor.send(event as never);
      const next = actor.getSnapshot();
      const want = expected(prev, event);
      expect({ value: next.value, left: next.context.attemptsLeft }).toEqual(want);
      expect(next.context.attemptsLeft).toBeGreaterThanOrEqual(0);
      if (!next.matches('confirming')) expect(next.context.password).toBeNull();
      if (next.matches('failed')) expect(isPamError(next.context.error)).toBe(true);
      if (next.matches('passwordRequired')) expect(next.hasTag('passwordRequired')).toBe(true);
    }
    expect(serialize(actor.getSnapshot())).toBe(serialize(path.state));
    actor.stop();
  });
});
