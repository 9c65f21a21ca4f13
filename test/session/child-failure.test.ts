import { isPamError } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { type ClientFlow, createCustomPamClient, playTime, profile } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { fromCallback, SimulatedClock } from 'xstate';
import { PLAY_TIME_SESSION, PROFILE_SESSION } from '../../machines/session/flows';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

// Review E (PT's note): a child of the session (the profile flow's, the play-time flow's) that
// failed with no `onError` took the session down with it (XState stops a parent on a child's
// unhandled error): status `error`, `logout()` did nothing, the token stayed live. Now any child's
// failure is the session's typed error and fails closed: restrictions stale with betting off (and
// the play time not known when its flow is the one that failed), and the session stays alive, so
// the player can still sign out.

const ctx = useReferenceServer();
const tracked = trackedFetch();
const clients: { stop(): void }[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/** A child that fails as it starts. */
const failing = fromCallback(() => {
  throw new Error('the child failed');
});

async function signedInWith(which: 'profile' | 'playTime') {
  const sim = new SimulatedClock();
  const wall = Date.now();
  const flows: ClientFlow[] = [
    which === 'profile'
      ? { ...profile(), session: { ...PROFILE_SESSION, actors: { profile: failing } } }
      : profile(),
    which === 'playTime'
      ? { ...playTime(), session: { ...PLAY_TIME_SESSION, actors: { playTime: failing } } }
      : playTime(),
  ];
  const client = createCustomPamClient({
    baseURL: ctx.server.url,
    fetch: tracked.fetch,
    environment: { channel: null, timers: sim, now: () => wall + sim.now() },
    flows,
  });
  clients.push(client);
  const { email, password } = ctx.server.seed.timeLimit;
  client.login({ login: email, password });
  await until(
    () => client.view.status === 'signedIn' || sessionActorOf(client).getSnapshot().status !== 'active',
    'signed in, or the session actor stopped',
  );
  for (let t = 0; t < 5; t++) {
    sim.increment(1_000);
    await tracked.idle();
  }
  return { client, sim };
}

type Client = Awaited<ReturnType<typeof signedInWith>>['client'];

/** Signs out; the logout reaches the server. */
async function signsOut(client: Client) {
  client.logout();
  await until(() => client.view.status === 'signedOut', 'signed out');
  await tracked.idle();
  expect(ctx.server.requests.filter((r) => r.path === '/auth/logout')).toHaveLength(1);
}

describe("a child of the session that fails (the session's own net)", () => {
  it("the profile flow's child fails: the session lives, says so, bars betting, and signs out", async () => {
    const { client } = await signedInWith('profile');
    expect(sessionActorOf(client).getSnapshot().status).toBe('active');
    expect(client.view.status).toBe('signedIn');
    expect(isPamError(client.view.error)).toBe(true);
    expect(client.view.restrictions?.canBet ?? false).toBe(false);
    await signsOut(client);
  });

  it("the play-time flow's child fails: play time not known, betting barred after every read, signs out", async () => {
    const { client } = await signedInWith('playTime');
    expect(sessionActorOf(client).getSnapshot().status).toBe('active');
    expect(client.view.status).toBe('signedIn');
    expect(isPamError(client.view.error)).toBe(true);
    // The profile flow read the restrictions (current) after the failure: play time still bars.
    expect(client.view.restrictions).toMatchObject({
      status: 'current',
      canBet: false,
      playTimeUnknown: true,
    });
    expect(client.view.playTime).toMatchObject({ known: false, reached: true, leftMs: 0 });
    await signsOut(client);
  });
});

describe("the login child fails (the session's own net)", () => {
  it('a login child that fails leaves signingIn for failed, with the typed error; a new login may start', async () => {
    const { createMemoryTokenStore } = await import('pam-client');
    const { sessionMachine } = await import('pam-client/machines');
    const { createActor, waitFor } = await import('xstate');
    const machine = sessionMachine.provide({
      actors: {
        login: fromCallback(() => {
          throw new Error('the login child failed');
        }) as never,
      },
    });
    const actor = createActor(machine, {
      input: { auth: { login: async () => ({}) } as never, tokens: createMemoryTokenStore() },
    }).start();
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'LOGIN', login: 'a@b.c', password: 'pw' } as never);
    const s = actor.getSnapshot();
    expect({ status: s.status, failed: s.matches('failed'), error: isPamError(s.context.error) }).toEqual({
      status: 'active',
      failed: true,
      error: true,
    });
    actor.stop();
  });
});
