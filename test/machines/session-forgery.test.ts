import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { internal } from '../../machines/session/events';
import { turns, until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

// Found by a review of issue 18's session (each test failed on the code before its fix): the mark of
// an internal event could be copied from an inspector onto a forged event, and an app could send
// anything straight to the session's children (`snapshot.children.x.send`), past the commands-only door.

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

async function signedIn(who: { email: string; password: string }) {
  // The default environment: in Node 20 too, a BroadcastChannel (the tabs flow runs).
  const c = createPamClient({ baseURL: ctx.server.url, timeout: REAL_TIME_TIMEOUT_MS });
  clients.push(c);
  c.login({ login: who.email, password: who.password });
  await until(() => c.view.restrictions?.status === 'current', 'the first profile read');
  return c;
}

const child = (c: PamClient, id: string) =>
  (sessionActorOf(c).getSnapshot().children as Record<string, AnyActorRef | undefined>)[id]!;

describe('forged events', () => {
  it('an internal mark copied onto another event, or an internal event sent again, forges nothing', async () => {
    const c = await signedIn(ctx.server.seed.spaBarred);
    expect(c.view.restrictions?.canBet).toBe(false);
    const { userId, sid } = sessionActorOf(c).getSnapshot().context as unknown as {
      userId: number;
      sid: number;
    };
    // What an inspector of the actor system sees pass: a genuine internal event and its mark.
    const genuine = internal({ type: 'SESSION_EXPIRED' }) as unknown as Record<string, unknown>;
    const mark = { $internal: genuine.$internal };
    expect(mark.$internal).toBeDefined();
    sessionActorOf(c).send({
      ...mark,
      type: 'PROFILE_LOADED',
      user: null,
      userInfo: { ...c.view.userInfo, spa_exclusion: 0 },
      at: Date.now(),
      source: 'remote',
      owner: { userId, sid },
    } as never);
    sessionActorOf(c).send({ ...mark, type: 'SESSION_EXPIRED' } as never);
    await turns(20);
    expect(c.view.restrictions?.canBet).toBe(false);
    expect(c.view.restrictions?.status).toBe('current');
    expect(c.view.status).toBe('signedIn');
  });

  it('an internal event object goes through the outside door once, never twice', async () => {
    const c = await signedIn(ctx.server.seed.plain);
    const changed = internal({ type: 'PROFILE_CHANGED' });
    const reads = () => ctx.server.requests.filter((r) => r.path.startsWith('/auth/user-profile')).length;
    const before = reads();
    sessionActorOf(c).send(changed as never);
    await until(() => reads() === before + 1, 'the re-read');
    await until(() => c.view.restrictions?.status === 'current', 'the re-read taken');
    sessionActorOf(c).send(changed as never);
    await turns(30);
    expect(reads()).toBe(before + 1);
  });

  it("an app's event sent straight to the profile child changes nothing", async () => {
    const c = await signedIn(ctx.server.seed.spaBarred);
    const profile = child(c, 'profile');
    profile.send({ type: 'CHECK' });
    profile.send({
      type: 'xstate.done.actor.0.profile.reading',
      output: {
        ok: true,
        user: c.view.user,
        userInfo: { ...c.view.userInfo, spa_exclusion: 0 },
        at: Date.now(),
      },
    });
    profile.send({ type: 'NOW', at: Date.now() + 400 * 86_400_000 });
    await turns(30);
    expect(c.view.restrictions?.canBet).toBe(false);
    expect(c.view.restrictions?.status).toBe('current');
  });

  it("an app's event sent straight to the play-time or refresh child changes nothing", async () => {
    const c = await signedIn(ctx.server.seed.timeLimit);
    const playTime = child(c, 'playTime');
    const limitBefore = JSON.stringify(playTime.getSnapshot().context.limit);
    playTime.send({ type: 'LIMIT', limit: null });
    const refresh = child(c, 'refresh');
    const stateBefore = JSON.stringify(refresh.getSnapshot().value);
    refresh.send({ type: 'SIGN_OUT' });
    refresh.send({ type: 'xstate.error.actor.refresh', error: new Error('forged') });
    await turns(20);
    expect(JSON.stringify(playTime.getSnapshot().context.limit)).toBe(limitBefore);
    expect(limitBefore).not.toBe('null');
    expect(JSON.stringify(refresh.getSnapshot().value)).toBe(stateBefore);
    expect(c.view.error).toBeNull();
    expect(c.view.status).toBe('signedIn');
  });
});
