import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, createMachine, sendTo } from 'xstate';
import { isTrusted } from '../../machines/clock';
import { turns, until } from '../support/event-loop';
import { freeUserInfo } from '../support/free-user-info';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

// Deliveries no door can stop (review of issue 32.3): an actor of the app's own system reaches a
// child through its own system's relay, and `_send`/`system._relay` are XState's. So the data a
// machine takes from a child's done event or snapshot must itself be the machines' own: a forged
// `xstate.done.actor.*` carrying "no exclusion" never shows a barred player as free to bet, and an
// event XState delivered cannot be sent again from outside.

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

type Doors = { _relay: (s: unknown, t: unknown, e: unknown) => void };
const childOf = (c: PamClient, id: string) =>
  (sessionActorOf(c).getSnapshot().children as Record<string, AnyActorRef | undefined>)[id];
/** The id of the profile flow's read in flight, if any. */
const readingId = (profile: AnyActorRef | undefined) =>
  profile && Object.keys(profile.getSnapshot().children as object).find((k) => k.includes('reading'));

/** A barred player signed in, the profile flow's first read in flight. */
async function barredReading() {
  const c = createPamClient({ baseURL: ctx.server.url, timeout: REAL_TIME_TIMEOUT_MS });
  clients.push(c);
  const who = ctx.server.seed.spaBarred;
  c.login({ login: who.email, password: who.password });
  await until(() => readingId(childOf(c, 'profile')) !== undefined, 'the first profile read in flight');
  const profile = childOf(c, 'profile') as AnyActorRef;
  const id = readingId(profile) as string;
  const free = freeUserInfo();
  const done = {
    type: `xstate.done.actor.${id}`,
    output: { ok: true, user: { id: who.id }, userInfo: free, at: Date.now(), trusted: true },
  };
  return { c, profile, done };
}

describe('forged deliveries to the profile flow', () => {
  const doors: Record<string, (t: Awaited<ReturnType<typeof barredReading>>) => void> = {
    "an app actor's sendTo (its own system's relay)": ({ profile, done }) =>
      createActor(createMachine({ entry: sendTo(() => profile, done as never) })).start(),
    'system._relay with no source': ({ c, profile, done }) =>
      (sessionActorOf(c).system as unknown as Doors)._relay(undefined, profile, done),
    "the child's _send": ({ profile, done }) =>
      (profile as unknown as { _send: (e: unknown) => void })._send(done),
  };
  for (const [door, deliver] of Object.entries(doors)) {
    it(`a forged "read done" through ${door} never frees a barred player`, async () => {
      const t = await barredReading();
      deliver(t);
      await until(() => t.c.view.restrictions?.status === 'current', 'the real read');
      await turns(10);
      expect(t.c.view.restrictions).toMatchObject({ canBet: false, accountBlocked: true });
    });
  }
});

describe("forged snapshots of the session's children", () => {
  it('a forged profile snapshot (a free player, read now) sent to the session is not taken', async () => {
    const t = await barredReading();
    await until(() => t.c.view.restrictions?.status === 'current', 'the real read');
    expect(t.c.view.restrictions?.canBet).toBe(false);
    const real = t.profile.getSnapshot() as { context: Record<string, unknown> };
    const free = { status: 'current', canBet: true, accountBlocked: false, inForce: [], pending: [] };
    const context = {
      ...real.context,
      userInfo: { ...(real.context.userInfo as object), spa_exclusion: 0 },
      restrictions: { ...(real.context.restrictions as object), ...free },
      version: (real.context.version as number) + 100,
    };
    const forged = { type: 'xstate.snapshot.profile', snapshot: { ...real, context } };
    (sessionActorOf(t.c) as unknown as { _send: (e: unknown) => void })._send(forged);
    createActor(createMachine({ entry: sendTo(() => sessionActorOf(t.c), forged as never) })).start();
    await turns(10);
    expect(t.c.view.restrictions).toMatchObject({ canBet: false, accountBlocked: true });
  });
});

describe('a genuine outcome replayed', () => {
  it("an earlier read's own done event, sent again during a later read, is no answer to it", async () => {
    const c = createPamClient({ baseURL: ctx.server.url, timeout: REAL_TIME_TIMEOUT_MS });
    clients.push(c);
    const dones: { type: string; output: unknown }[] = [];
    sessionActorOf(c).system.inspect((e) => {
      if (
        e.type === '@xstate.event' &&
        e.event.type.startsWith('xstate.done.actor.') &&
        e.event.type.includes('reading')
      )
        dones.push(e.event as never);
    });
    const who = ctx.server.seed.plain;
    c.login({ login: who.email, password: who.password });
    await until(() => c.view.restrictions?.status === 'current', 'the first profile read');
    expect(c.view.restrictions?.canBet).toBe(true);
    const [free] = dones;
    expect(free).toBeDefined();
    // The next read never answers: only the replay could end it.
    ctx.server.faults.add({ path: '/auth/user-profile', hang: true });
    const { internal } = await import('../../machines/session/events');
    sessionActorOf(c).send(internal({ type: 'PROFILE_CHANGED' }) as never);
    const profile = childOf(c, 'profile') as AnyActorRef;
    await until(() => readingId(profile) !== undefined, 'the next read in flight');
    const version = (profile.getSnapshot().context as { version: number }).version;
    (profile as unknown as { _send: (e: unknown) => void })._send(free);
    await turns(10);
    expect(profile.getSnapshot().value).toBe('reading');
    expect((profile.getSnapshot().context as { version: number }).version).toBe(version);
  });
});

describe('an event XState delivered', () => {
  it('cannot be sent again through a door (its ticket is spent on delivery)', async () => {
    const c = createPamClient({ baseURL: ctx.server.url, timeout: REAL_TIME_TIMEOUT_MS });
    clients.push(c);
    const seen: { event: object; to: AnyActorRef }[] = [];
    const delivered = new Map<object, number>();
    sessionActorOf(c).system.inspect((e) => {
      if (e.type !== '@xstate.event') return;
      delivered.set(e.event, (delivered.get(e.event) ?? 0) + 1);
      if (isTrusted(e.event) && e.sourceRef) seen.push({ event: e.event, to: e.actorRef as AnyActorRef });
    });
    const who = ctx.server.seed.plain;
    c.login({ login: who.email, password: who.password });
    await until(() => c.view.restrictions?.status === 'current', 'the first profile read');
    expect(seen.length).toBeGreaterThan(0);
    const replayed = seen.filter(({ event, to }) => {
      const before = delivered.get(event) ?? 0;
      to.send(event as never);
      return (delivered.get(event) ?? 0) > before;
    });
    expect(replayed.map(({ event }) => (event as { type: string }).type)).toEqual([]);
  });
});
