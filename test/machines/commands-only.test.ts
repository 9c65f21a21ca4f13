// guardCommands on XState's public surface only (issue 32.3): the app-facing door passes commands
// and our own events once, every actor of the system (now or later) refuses an app's event, and
// XState's own deliveries (a child's done event, sendParent, delayed events) pass untouched.
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, assign, createActor, createMachine, SimulatedClock, sendParent } from 'xstate';
import { guardCommands } from '../../machines/client/session-facade';
import { trusted } from '../../machines/session/events';

const child = createMachine({
  id: 'child',
  context: { n: 0 },
  initial: 'on',
  states: {
    on: {
      on: {
        BUMP: { actions: assign({ n: ({ context }) => context.n + 1 }) },
        TELL: { actions: sendParent({ type: 'TOLD' }) },
        END: 'done',
      },
    },
    done: { type: 'final' },
  },
});

const parent = createMachine({
  id: 'parent',
  context: { told: 0, late: 0, logins: 0, childDone: 0 },
  type: 'parallel',
  states: {
    first: {
      invoke: {
        id: 'first',
        src: child,
        onDone: { actions: assign({ childDone: ({ context }) => context.childDone + 1 }) },
      },
    },
    second: {
      initial: 'off',
      states: {
        off: { on: { START_SECOND: 'on' } },
        on: { invoke: { id: 'second', src: child } },
      },
    },
    timer: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { 1000: { target: 'fired', actions: assign({ late: ({ context }) => context.late + 1 }) } },
        },
        fired: {},
      },
    },
  },
  on: {
    TOLD: { actions: assign({ told: ({ context }) => context.told + 1 }) },
    LOGIN: { actions: assign({ logins: ({ context }) => context.logins + 1 }) },
    START_SECOND: { target: '.second.on' },
  },
});

const childOf = (actor: AnyActorRef, id: string) =>
  (actor.getSnapshot().children as Record<string, AnyActorRef>)[id]!;
const countOf = (ref: AnyActorRef) => (ref.getSnapshot().context as { n: number }).n;

function started() {
  const clock = new SimulatedClock();
  const actor = guardCommands(createActor(parent, { clock }));
  actor.start();
  return { actor, clock };
}

describe('guardCommands', () => {
  it('touches no XState internal: the system relay stays the one XState made', () => {
    const actor = createActor(parent);
    const relay = (actor.system as unknown as { _relay: unknown })._relay;
    guardCommands(actor);
    expect((actor.system as unknown as { _relay: unknown })._relay).toBe(relay);
  });

  it('the root takes a command, and our own event once; anything else is dropped', () => {
    const { actor } = started();
    actor.send({ type: 'LOGIN' } as never);
    actor.send({ type: 'TOLD' } as never);
    actor.send({ type: 'xstate.done.actor.first' } as never);
    const ours = trusted({ type: 'TOLD' });
    actor.send(ours as never);
    actor.send(ours as never);
    const c = actor.getSnapshot().context;
    expect([c.logins, c.told, c.childDone]).toEqual([1, 1, 0]);
  });

  it('a child there from the start and one created later refuse an app event, and take our own once', () => {
    const { actor } = started();
    const first = childOf(actor, 'first');
    first.send({ type: 'BUMP' } as never);
    const ours = trusted({ type: 'BUMP' });
    first.send(ours as never);
    first.send(ours as never);
    expect(countOf(first)).toBe(1);

    actor.send({ type: 'START_SECOND' } as never); // not a command: dropped
    expect(actor.getSnapshot().children).not.toHaveProperty('second');
    actor.send(trusted({ type: 'START_SECOND' }) as never);
    const second = childOf(actor, 'second');
    second.send({ type: 'BUMP' } as never);
    second.send({ type: 'END' } as never);
    expect(countOf(second)).toBe(0);
    expect(second.getSnapshot().status).toBe('active');
    second.send(trusted({ type: 'BUMP' }) as never);
    expect(countOf(second)).toBe(1);
  });

  it("XState's own deliveries pass: sendParent, a child's done event, a delayed event", () => {
    const { actor, clock } = started();
    const first = childOf(actor, 'first');
    first.send(trusted({ type: 'TELL' }) as never);
    first.send(trusted({ type: 'END' }) as never);
    clock.increment(1000);
    const c = actor.getSnapshot().context;
    expect([c.told, c.childDone, c.late]).toEqual([1, 1, 1]);
  });
});
