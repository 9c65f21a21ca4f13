import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AnyActor,
  type AnyActorRef,
  type AnyStateMachine,
  createActor,
  createMachine,
  sendTo,
  transition,
} from 'xstate';
import { internal } from '../../machines/session/events';
import { turns, until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { storedAt } from '../support/stored-at';

// Defect P1 (issue 26's class "which clock a figure comes from"): a forged `xstate.done.actor.refresh`
// delivered to the session's refresh child (XState's `_send`, `system._relay`, an app actor's
// `sendTo`) carried `output.at: 9e15`, and the session took it as the refreshed token's arrival:
// `view.expiresAt` moved to the year 287,000. Only the refresh call's own answer (built and stamped
// by the session's call, once) is a refreshed token; anything else never moves the session's times.

const H = 3_600_000;
const T0 = Date.UTC(2030, 0, 1, 15);
const ctx = useReferenceServer({ now: () => T0 });
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

type Doors = { _relay: (s: unknown, t: unknown, e: unknown) => void };

/** A restored session whose refresh hangs at the server, in flight. */
async function refreshInFlight() {
  const userId = ctx.server.seed.plain.id;
  const { storage, timers } = storedAt(ctx, userId, T0);
  const c = createPamClient({
    baseURL: ctx.server.url,
    storage,
    environment: { channel: null, timers, now: () => T0 },
  });
  clients.push(c);
  await until(() => c.view.status === 'signedIn', 'restored');
  ctx.server.faults.add({ path: '/users/refresh-token', hang: true });
  const refresh = (sessionActorOf(c).getSnapshot().children as Record<string, AnyActorRef>)
    .refresh as AnyActorRef;
  c.state.send({ type: 'REFRESH' });
  await until(() => refresh.getSnapshot().matches({ active: 'refreshing' }), 'the refresh in flight');
  const done = {
    type: 'xstate.done.actor.refresh',
    output: { access_token: 'forged', at: 9e15, owner: { userId, sid: 41 } },
  };
  return { c, refresh, done, expiresAt: c.view.expiresAt };
}

describe('a forged refresh outcome (P1)', () => {
  const doors: Record<string, (t: Awaited<ReturnType<typeof refreshInFlight>>) => void> = {
    "the refresh child's _send": ({ refresh, done }) =>
      (refresh as unknown as { _send: (e: unknown) => void })._send(done),
    'system._relay with no source': ({ c, refresh, done }) =>
      (sessionActorOf(c).system as unknown as Doors)._relay(undefined, refresh, done),
    "an app actor's sendTo": ({ refresh, done }) =>
      createActor(createMachine({ entry: sendTo(() => refresh, done as never) })).start(),
  };
  for (const [door, deliver] of Object.entries(doors)) {
    it(`through ${door}, never moves the session's expiry nor its save time`, async () => {
      const t = await refreshInFlight();
      expect(t.expiresAt).toBe(T0 + H);
      deliver(t);
      await turns(10);
      expect(t.c.view.expiresAt).toBe(T0 + H);
      const context = sessionActorOf(t.c).getSnapshot().context;
      expect(context.savedAt).toBe(T0);
      expect(context.seq).toBe(3);
      expect((await t.c.tokens.get())?.seq).toBe(3);
      // The refresh it cut short is made again (the cycle does not count a forged answer as one).
      expect(t.refresh.getSnapshot().matches({ active: 'refreshing' })).toBe(true);
    });
  }
});

describe("another tab's future times (the same class, on ADOPT)", () => {
  it('a session of this login saved "in the future" is taken at this tab\'s reading: its expiry is not extended', async () => {
    const t = await refreshInFlight();
    const machine = (sessionActorOf(t.c) as unknown as AnyActor).logic as AnyStateMachine;
    const held = sessionActorOf(t.c).getSnapshot();
    const userId = held.context.userId ?? undefined;
    const reading = { at: T0 + 1_000, serverAt: T0 + 1_000, trusted: true };
    const future = (savedAt: number, expiresAt: number) =>
      internal({
        type: 'ADOPT',
        session: {
          handle: 'h',
          tokenType: 'Bearer',
          savedAt,
          expiresAt,
          userId,
          seq: 9,
          sid: 41,
          timeBase: 'server',
        },
        user: null,
        reason: 'login',
        otherLogin: false,
        reading,
      });
    // Saved at 9e15 with a 1 h life: taken as saved now, 1 h from now.
    const [a] = transition(machine, held, future(9e15, 9e15 + H));
    expect(a.context.savedAt).toBe(reading.serverAt);
    expect(a.context.expiresAt).toBe(reading.serverAt + H);
    // Saved now, living until 9e15: a life no answer gives (over 366 days) is cut.
    const [b] = transition(machine, held, future(reading.serverAt, 9e15));
    expect(b.context.expiresAt).toBeLessThanOrEqual(reading.serverAt + 366 * 24 * H);
  });
});
