import { createAuthModule, createMemoryTokenStore, createOfetchAdapter } from 'pam-client';
import { sessionMachine } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActor, createActor, waitFor } from 'xstate';
import type { CrossTabMessage } from '../machines/cross-tab';
import { until } from './support/event-loop';
import { crossTabOn, FakeChannelHub } from './support/fake-channel';
import { useReferenceServer } from './support/server';

// The tabs flow's answer to another tab's sync request names its player and login: a store written
// before `userId`, `seq` and `sid` existed gets them from the session (else the other tabs' schema
// refuses the answer); what the store holds is kept as it is.

const ctx = useReferenceServer();
const actors: AnyActor[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

const tab = crossTabOn;

async function syncAnswer(legacy: (stored: Record<string, unknown>) => Record<string, unknown>) {
  const hub = new FakeChannelHub();
  const tokens = createMemoryTokenStore();
  const http = createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: async () => (await tokens.get())?.accessToken ?? null,
  });
  const a = createActor(sessionMachine, {
    input: { auth: createAuthModule(http), tokens, crossTab: tab(hub, 'a') },
  }).start();
  actors.push(a as AnyActor);
  await waitFor(a, (s) => s.matches('signedOut'));
  const { plain } = ctx.server.seed;
  a.send({ type: 'LOGIN', login: plain.email, password: plain.password });
  await waitFor(a, (s) => s.matches('signedIn'), { timeout: 10_000 });
  const stored = (await tokens.get()) as unknown as Record<string, unknown>;
  await tokens.set(legacy(stored) as never);
  const other = tab(hub, 'b');
  const heard: CrossTabMessage[] = [];
  const refused: string[] = [];
  other.subscribe(
    (m) => heard.push(m),
    (r) => refused.push(r),
  );
  other.requestSync();
  await until(() => heard.some((m) => m.type === 'session') || refused.length > 0);
  const { userId, seq, sid } = a.getSnapshot().context;
  return { answer: heard.find((m) => m.type === 'session'), refused, stored, context: { userId, seq, sid } };
}

describe('tabs flow: the sync answer', () => {
  it('names the player and login of the session when the store does not', async () => {
    const { answer, refused, context } = await syncAnswer(
      ({ userId: _u, seq: _q, sid: _s, ...rest }) => rest,
    );
    expect(refused).toEqual([]);
    expect(answer).toMatchObject({ type: 'session', reason: 'sync', session: context });
    expect(context.userId).toBe(ctx.server.seed.plain.id);
  });

  it('keeps what the store holds', async () => {
    const { answer, stored } = await syncAnswer((s) => ({ ...s, seq: (s.seq as number) + 1 }));
    expect(answer).toMatchObject({
      session: { userId: stored.userId, seq: (stored.seq as number) + 1, sid: stored.sid },
    });
  });
});
