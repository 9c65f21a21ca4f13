// REVIEW-Q 8: the Stately inspector (`@statelyai/inspect`) does not take the `snapshot` of an
// inspection event: for `@xstate.actor` it reads `inspectionEvent.actorRef.getSnapshot()` itself,
// later, so a standalone machine's token in its context or output reached it through the actor
// that `redactInspection` passed on as it was. Now the observer gets each actor as a view whose
// snapshots read redacted (stable per actor, `sessionId`, `id`, `send` as the actor's).
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, assign, createActor, type InspectionEvent, setup } from 'xstate';
import { redactInspection } from '../../src/secrets';

const TOKEN = 'live-access-token-0123456789';

const machine = setup({
  types: {
    context: {} as { access_token: string | null; n: number },
    events: {} as { type: 'GRANT' } | { type: 'DONE' },
  },
}).createMachine({
  context: { access_token: null, n: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        GRANT: {
          actions: assign({ access_token: TOKEN, n: ({ context }) => context.n + 1 }),
          target: 'granted',
        },
      },
    },
    granted: { on: { DONE: 'done' } },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ access_token: context.access_token }),
});

const text = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'function' ? undefined : x)) ?? '';

describe('redactInspection: the actors an observer is given read redacted', () => {
  it("what an inspector reads from the event's actor never holds the token", () => {
    const seen: InspectionEvent[] = [];
    const actor = createActor(machine, { inspect: redactInspection((ev) => seen.push(ev)) });
    actor.start();
    actor.send({ type: 'GRANT' });
    actor.send({ type: 'DONE' });
    expect(JSON.stringify(actor.getSnapshot().output)).toContain(TOKEN); // the actor itself holds it
    expect(seen.length).toBeGreaterThan(3);
    const views = new Set<AnyActorRef>();
    for (const ev of seen) {
      const ref = ev.actorRef as AnyActorRef;
      views.add(ref);
      expect(text(ref.getSnapshot())).not.toContain(TOKEN);
      expect(text(ref.getPersistedSnapshot?.())).not.toContain(TOKEN);
      expect(text((ref as unknown as { _snapshot?: unknown })._snapshot)).not.toContain(TOKEN);
      expect(ref.sessionId).toBe(actor.sessionId);
      expect(ref.id).toBe(actor.id);
    }
    expect(views.size).toBe(1); // one view per actor: an inspector keying by reference still can
    expect(((ref0(seen) as AnyActorRef).getSnapshot() as { context: { n: number } }).context.n).toBe(1);
  });
});

const ref0 = (seen: InspectionEvent[]) => seen[0]!.actorRef;
