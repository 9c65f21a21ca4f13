import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient, playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createLocalStoragePlayClock, type PlayClockStore } from '../../machines/playTimeMachine';
import { TABS_SESSION } from '../../machines/session/flows';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

// Review E, item 1: reading `window.localStorage` throws a SecurityError where site data is blocked
// (cookies off, a third-party iframe). The play clock's default read it outside any `try`, in the
// play-time flow's input: after a good login the session actor died (status `error`) in `signingIn`,
// `logout()` did nothing and the server's token was never revoked. Now the play clock counts in
// memory there, and a play clock (the app's) that throws, or a store that throws, leaves the session
// alive: play time not known (no betting), logout revokes (review G, G3: an app's play clock that
// throws was replaced by one in memory counting from 0; test/machines/play-clock-factory-throws).

const ctx = useReferenceServer();
const tracked = trackedFetch();
const clients: PamClient[] = [];
let unblock: (() => void) | null = null;
afterEach(() => {
  unblock?.();
  unblock = null;
  for (const c of clients.splice(0)) c.stop();
});

/** `globalThis.localStorage` as a browser with site data blocked has it: reading it throws. */
function blockLocalStorage() {
  const before = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    },
  });
  unblock = () => {
    if (before) Object.defineProperty(globalThis, 'localStorage', before);
    else delete (globalThis as { localStorage?: unknown }).localStorage;
  };
}

const refusing = (): PlayClockStore => ({
  read: () => {
    throw new Error('no store');
  },
  write: () => {
    throw new Error('no store');
  },
});

/** A client on simulated timers, signed in as the time-limited player (1 minute a day). */
async function signedIn(options: { playClock?: (userId: number | null) => PlayClockStore } = {}) {
  const sim = new SimulatedClock();
  const wall = Date.now();
  const client = createPamClient({
    baseURL: ctx.server.url,
    fetch: tracked.fetch,
    environment: { channel: null, timers: sim, now: () => wall + sim.now() },
    ...options,
  });
  clients.push(client);
  const { email, password } = ctx.server.seed.timeLimit;
  client.login({ login: email, password });
  await until(
    () => client.view.status === 'signedIn' || sessionActorOf(client).getSnapshot().status !== 'active',
    'signed in, or the session actor stopped',
  );
  expect(sessionActorOf(client).getSnapshot().status).toBe('active');
  expect(client.view.status).toBe('signedIn');
  await until(() => client.view.playTime !== null, 'the play time in the view');
  return { client, sim };
}

/** Signs out and checks the token the session used is revoked at the server. */
async function signsOutAndRevokes(client: PamClient) {
  const read = ctx.server.requests.find((r) => r.path === '/auth/user-profile');
  const bearer = read?.headers.authorization;
  expect(bearer).toMatch(/^Bearer /);
  client.logout();
  await until(() => client.view.status === 'signedOut', 'signed out');
  await tracked.idle();
  expect(ctx.server.requests.filter((r) => r.path === '/auth/logout')).toHaveLength(1);
  const after = await fetch(`${ctx.server.url}/auth/user-profile`, {
    headers: { authorization: bearer as string },
  });
  expect(after.status).toBe(401);
}

describe('play time where localStorage cannot be read (review E, item 1)', () => {
  it('createLocalStoragePlayClock does not throw, and keeps the record in memory', () => {
    blockLocalStorage();
    const store = createLocalStoragePlayClock('k');
    expect(store.read()).toBeNull();
    store.write({ periodKey: 'daily:2026-11-29', usedMs: 5_000, lastBeat: 1 });
    expect(store.read()).toEqual({ periodKey: 'daily:2026-11-29', usedMs: 5_000, lastBeat: 1 });
  });

  it('the default client signs in, counts play time in memory, and its logout revokes the token', async () => {
    blockLocalStorage();
    const { client, sim } = await signedIn();
    for (let t = 0; t < 20; t++) {
      sim.increment(1_000);
      await tracked.idle();
    }
    expect(client.view.playTime).toMatchObject({ limitMs: 60_000, reached: false });
    expect(client.view.playTime?.known).toBeUndefined();
    expect(client.view.playTime?.usedMs).toBeGreaterThanOrEqual(15_000);
    await signsOutAndRevokes(client);
  });

  it("an app's play clock that throws: signed in, play time not known (no betting), logout revokes", async () => {
    const { client, sim } = await signedIn({
      playClock: () => {
        throw new Error('no clock');
      },
    });
    for (let t = 0; t < 20; t++) {
      sim.increment(1_000);
      await tracked.idle();
    }
    expect(sessionActorOf(client).getSnapshot().status).toBe('active');
    expect(client.view.playTime).toMatchObject({ known: false, leftMs: 0, reached: true });
    expect(client.view.restrictions?.canBet).toBe(false);
    await signsOutAndRevokes(client);
  });

  it('a store that throws on every read and write: signed in, play time not known (no betting), logout revokes', async () => {
    const { client, sim } = await signedIn({ playClock: refusing });
    for (let t = 0; t < 5; t++) {
      sim.increment(1_000);
      await tracked.idle();
    }
    expect(sessionActorOf(client).getSnapshot().status).toBe('active');
    expect(client.view.playTime).toMatchObject({ known: false, leftMs: 0, reached: true });
    expect(client.view.restrictions?.canBet).toBe(false);
    await signsOutAndRevokes(client);
  });

  it('playTimeMachine on a store that throws stays running, its time not known', () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-10T15:00:00Z'));
    const actor = createActor(playTimeMachine, {
      clock,
      input: {
        limit: { amount: 1, period: 'daily', active: true },
        store: refusing(),
        now: () => clock.now(),
      },
    }).start();
    for (let t = 0; t < 40; t++) clock.increment(1_000);
    expect(actor.getSnapshot().status).toBe('active');
    expect(selectPlayTime(actor.getSnapshot())).toMatchObject({ known: false, leftMs: 0, reached: true });
    actor.stop();
  });
});

describe('a BroadcastChannel that cannot be made (an opaque origin: a sandboxed frame)', () => {
  it('the tabs flow opens no channel, and the client is made and signs in', async () => {
    const g = globalThis as Record<string, unknown>;
    const names = ['window', 'document', 'BroadcastChannel'] as const;
    const before = names.map((n) => Object.getOwnPropertyDescriptor(g, n));
    g.window = new EventTarget();
    g.document = new EventTarget();
    g.BroadcastChannel = function BroadcastChannel() {
      throw new DOMException("Can't create BroadcastChannel in an opaque origin", 'SecurityError');
    };
    unblock = () => {
      names.forEach((n, i) => {
        const d = before[i];
        if (d) Object.defineProperty(g, n, d);
        else delete g[n];
      });
    };
    expect(TABS_SESSION.openChannel?.({}, 'pam-client:x')).toBeNull();
    const client = createPamClient({ baseURL: ctx.server.url, fetch: tracked.fetch });
    clients.push(client);
    const { email, password } = ctx.server.seed.plain;
    client.login({ login: email, password });
    await until(() => client.view.status === 'signedIn', 'signed in');
    expect(sessionActorOf(client).getSnapshot().status).toBe('active');
  });
});
