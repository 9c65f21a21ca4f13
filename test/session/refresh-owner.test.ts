import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActor, type AnyStateMachine, transition } from 'xstate';
import { internal } from '../../machines/session/events';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { storedAt } from '../support/stored-at';

// Review REV1 D3: the refresh cycle's new token had no owner and was taken by whichever login the
// session held when its word was handled. Its word went through the mailbox a second time (stamped
// with the server time by an action), so an ADOPT of another login queued behind it ran first, and
// player A's refreshed token was then written under player B's userId and sid, moving B's times.
// The word now carries the login it was refreshed for (and when it arrived); another login's is
// dropped. Pure transition() probes: what the session does with the word, whatever the order.

const H = 3_600_000;
const T0 = Date.UTC(2030, 0, 1, 15);
const ctx = useReferenceServer({ now: () => T0 });
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

async function heldBy(userId: number) {
  const { storage, timers } = storedAt(ctx, userId, T0);
  const client = createPamClient({
    baseURL: ctx.server.url,
    storage,
    environment: { channel: null, timers },
  });
  clients.push(client);
  await until(() => client.view.status === 'signedIn', 'restored');
  const machine = (sessionActorOf(client) as unknown as AnyActor).logic as AnyStateMachine;
  return { client, machine, held: sessionActorOf(client).getSnapshot() };
}

const types = (actions: { type: string }[]) => actions.map((a) => a.type);

describe('a refreshed token belongs to the login it was refreshed for (REV1 D3)', () => {
  it("player A's refreshed token, handled after an ADOPT of player B's login, is dropped and revoked", async () => {
    const a = ctx.server.seed.plain.id;
    const { machine, held } = await heldBy(a);
    const owner = { userId: a, sid: 41 };
    // Another tab's login of another player, queued before A's word.
    const adopt = internal({
      type: 'ADOPT',
      session: {
        handle: 'hb',
        tokenType: 'Bearer',
        savedAt: T0 + 1_000,
        expiresAt: T0 + 2 * H,
        userId: a + 100,
        seq: 9,
        sid: 77,
        timeBase: 'server',
      },
      user: null,
      reason: 'login',
      otherLogin: true,
    });
    const [b] = transition(machine, held, adopt);
    expect(b.context.userId).toBe(a + 100);
    const [after, actions] = transition(
      machine,
      b,
      internal({ type: 'TOKEN_REFRESHED', handle: 'ha', at: T0 + 5_000, owner }),
    );
    // B's session is left as it was: its times, and no write of A's token under B's login.
    expect(after.context.savedAt).toBe(T0 + 1_000);
    expect(after.context.expiresAt).toBe(T0 + 2 * H);
    expect(after.context.sid).toBe(77);
    expect(types(actions)).not.toContain('writeSession');
    expect(types(actions)).toContain('revokeHandle');
  });

  it("the held login's refreshed token is taken at the server time its word carries", async () => {
    const a = ctx.server.seed.plain.id;
    const { machine, held } = await heldBy(a);
    const [after, actions] = transition(
      machine,
      held,
      internal({ type: 'TOKEN_REFRESHED', handle: 'ha', at: T0 + 5_000, owner: { userId: a, sid: 41 } }),
    );
    expect(after.context.savedAt).toBe(T0 + 5_000);
    expect(after.context.expiresAt).toBe(T0 + 5_000 + H);
    expect(types(actions)).toContain('writeSession');
    // Nothing sent to itself again (no second trip through the mailbox).
    expect(types(actions)).not.toContain('stampRefreshed');
  });

  it('a word of the same player but another login (sid) is dropped too', async () => {
    const a = ctx.server.seed.plain.id;
    const { machine, held } = await heldBy(a);
    const [after, actions] = transition(
      machine,
      held,
      internal({ type: 'TOKEN_REFRESHED', handle: 'ha', at: T0 + 5_000, owner: { userId: a, sid: 40 } }),
    );
    expect(after.context.savedAt).toBe(T0);
    expect(types(actions)).not.toContain('writeSession');
  });

  it("the refresh cycle's own word carries its login and arrival, heard once (no second trip)", async () => {
    const a = ctx.server.seed.plain.id;
    const { client } = await heldBy(a);
    const words: Record<string, unknown>[] = [];
    const session = sessionActorOf(client) as unknown as AnyActor;
    session.system.inspect((ie: { type: string; actorRef?: unknown; event?: { type: string } }) => {
      if (ie.type === '@xstate.event' && ie.actorRef === session && ie.event?.type === 'TOKEN_REFRESHED')
        words.push(ie.event as Record<string, unknown>);
    });
    client.state.send({ type: 'REFRESH' });
    await until(() => words.length > 0, 'refreshed');
    await until(async () => (await client.tokens.get())?.seq !== 3, 'stored');
    expect(words).toHaveLength(1);
    expect(words[0]).toMatchObject({ owner: { userId: a, sid: 41 }, at: expect.any(Number) });
    expect((await client.tokens.get())?.sid).toBe(41);
  });
});
