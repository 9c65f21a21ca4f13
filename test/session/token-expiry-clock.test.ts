import { createMemoryTokenStore, type StoredSession } from 'pam-client';
import { createClock, sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActor, type AnyStateMachine, SimulatedClock, transition } from 'xstate';
import { internal } from '../../machines/session/events';
import { until } from '../support/event-loop';
import { FakePage } from '../support/fake-page';
import { useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

// Issue 26 (leftover): an open tab judged its access token's expiry on the device clock. After the
// device clock is stepped forward 25 h (the server's time has not moved), the token is still valid
// on the server, yet the tab signed out (the session's expiry check on a TICK or a wake-up, and the
// refresh flow's own check before it sends). Expiry is now kept and judged in server time (the
// one clock, `serverNow`); when the clock cannot tell (a jump untrusts it), the server is asked.
// Time is simulated: the device's wall and monotonic clocks, the server's clock and the timers.

const H = 3_600_000;
const T0 = Date.UTC(2030, 0, 1, 15);

let serverMs = T0;
beforeEach(() => {
  serverMs = T0;
});
const ctx = useReferenceServer({ now: () => serverMs });

// Node stamps its own `Date` on answers: rewritten to the server's (no socket can fake a clock).
const tracked = trackedFetch(async (input, init) => {
  const answer = await globalThis.fetch(input, init);
  const headers = new Headers(answer.headers);
  headers.set('date', new Date(serverMs).toUTCString());
  const body = answer.status === 204 || answer.status === 304 ? null : await answer.arrayBuffer();
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers });
});

const device = { wall: T0, mono: 0 };
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
  vi.restoreAllMocks();
});

function open(storage = createMemoryTokenStore()) {
  device.wall = T0;
  device.mono = 0;
  vi.spyOn(Date, 'now').mockImplementation(() => device.wall);
  const timers = new SimulatedClock();
  timers.set(T0);
  const page = new FakePage();
  const clock = createClock({ wall: () => device.wall, monotonic: () => device.mono });
  const client = createPamClient({
    baseURL: ctx.server.url,
    fetch: tracked.fetch,
    storage,
    environment: { channel: null, clock, timers, ...page.signals() },
  });
  clients.push(client);
  return { client, page, clock, timers };
}

/** Time passes for everyone (server, device clocks, timers). */
const pass = (timers: SimulatedClock, ms: number) => {
  serverMs += ms;
  device.wall += ms;
  device.mono += ms;
  timers.increment(ms);
};

const refreshes = () => ctx.server.requests.filter((r) => r.path === '/users/refresh-token').length;
const live = async (client: PamClient) => {
  const token = (await client.tokens.get())?.accessToken;
  if (token === undefined) return false;
  const answer = await fetch(`${ctx.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return answer.status === 200;
};

describe('the access token expiry, in server time', () => {
  it('an open tab stays signed in after a +25 h device-clock step: the server is asked', async () => {
    const { client, page, timers } = open();
    const { email, password } = ctx.server.seed.plain;
    client.login({ login: email, password });
    await until(() => client.view.status === 'signedIn', 'signed in');
    await tracked.idle();
    // The server's `expires_in` (8 h) from the login, in server time (within the clock's bound).
    expect(Math.abs((client.view.expiresAt ?? 0) - (T0 + 8 * H))).toBeLessThanOrEqual(2_000);

    device.wall += 25 * H; // the device clock is stepped; the server's time has not moved
    const before = refreshes();
    client.state.send({ type: 'TICK' });
    page.fireFocus(); // a wake-up looks at the clock too
    await until(() => refreshes() > before || client.view.status !== 'signedIn', 'the server asked');
    await tracked.idle();
    pass(timers, 60_000); // the refresh flow's own tick, after the answer
    await tracked.idle();

    expect(client.view.status).toBe('signedIn');
    expect(await live(client)).toBe(true);
    // The refreshed token's expiry is the server's: 8 h from the refresh, whatever the device says.
    expect(Math.abs((client.view.expiresAt ?? 0) - (serverMs + 8 * H))).toBeLessThanOrEqual(2_000 + 60_000);
  });

  it('a token past its expiry in server time, on a trusted clock, ends without a request', async () => {
    const { client, timers } = open();
    const { email, password } = ctx.server.seed.plain;
    client.login({ login: email, password });
    await until(() => client.view.status === 'signedIn', 'signed in');
    await tracked.idle();
    // Everyone's time moves 8 h at once, with no timer firing (a frozen tab), then a TICK.
    serverMs += 8 * H;
    device.wall += 8 * H;
    device.mono += 8 * H;
    const before = refreshes();
    client.state.send({ type: 'TICK' });
    await until(() => client.view.status === 'signedOut', 'signed out');
    expect(client.view.signedOutReason).toBe('expired');
    expect(refreshes()).toBe(before);
    timers.increment(0);
  });

  it('a stored session without the time field is read as device time: past it, the server is asked', async () => {
    const token = ctx.server.issueToken(ctx.server.seed.plain.id);
    // Written by an older version: `savedAt` and `expiresAt` on the device clock (3 h of life).
    const stored: StoredSession = {
      accessToken: token,
      tokenType: 'Bearer',
      expiresAt: T0 + 2 * H,
      savedAt: T0 - H,
      userId: ctx.server.seed.plain.id,
    };
    const { client, page, timers } = open(createMemoryTokenStore(stored));
    await until(() => client.view.status === 'signedIn', 'restored');
    await tracked.idle();
    expect(refreshes()).toBe(0);
    device.wall += 3 * H; // stepped: the device clock says the stored expiry passed 1 h ago
    const before = refreshes();
    client.state.send({ type: 'TICK' });
    page.fireFocus();
    await until(() => refreshes() > before || client.view.status !== 'signedIn', 'the server asked');
    await tracked.idle();
    pass(timers, 60_000);
    await tracked.idle();
    expect(client.view.status).toBe('signedIn');
    expect(await live(client)).toBe(true);
  });
});

describe('time on events (issue 32.3): the expiry judged on the reading a TICK or WAKE carries', () => {
  it("a pure transition() decides by the event's reading, whatever the clock says now", async () => {
    const token = ctx.server.issueToken(ctx.server.seed.plain.id);
    const stored: StoredSession = {
      accessToken: token,
      tokenType: 'Bearer',
      expiresAt: T0 + H,
      savedAt: T0,
      timeBase: 'server',
      userId: ctx.server.seed.plain.id,
    };
    const { client } = open(createMemoryTokenStore(stored));
    await until(() => client.view.status === 'signedIn', 'restored');
    await tracked.idle();
    const machine = (sessionActorOf(client) as unknown as AnyActor).logic as AnyStateMachine;
    const held = sessionActorOf(client).getSnapshot();
    // The clock still says live (T0); the readings are past the expiry (trusted) or cannot tell.
    const past = { at: T0 + 2 * H, serverAt: T0 + 2 * H, trusted: true };
    for (const type of ['TICK', 'WAKE'] as const) {
      const [after] = transition(machine, held, internal({ type, reading: past }));
      expect(after.value).toBe('signedOut');
      expect(after.context.signedOutReason).toBe('expired');
      const [asked] = transition(machine, held, internal({ type, reading: { ...past, trusted: false } }));
      expect(asked.value).toBe('signedIn');
      const [live] = transition(
        machine,
        held,
        internal({ type, reading: { at: T0, serverAt: T0, trusted: true } }),
      );
      expect(live.value).toBe('signedIn');
    }
    // A refreshed token is saved at the server time its word carries, not at the clock's now.
    const at = T0 + 5 * H;
    const [refreshed] = transition(
      machine,
      held,
      internal({
        type: 'TOKEN_REFRESHED',
        handle: 'h',
        at,
        owner: { userId: held.context.userId, sid: held.context.sid },
      }),
    );
    expect(refreshed.context.savedAt).toBe(at);
    expect(refreshed.context.expiresAt).toBe(at + H);
  });

  it("a TICK or WAKE that ends the session dates the sign-out at its reading, not the clock's now (REV1 D6)", async () => {
    const stored: StoredSession = {
      accessToken: ctx.server.issueToken(ctx.server.seed.plain.id),
      tokenType: 'Bearer',
      expiresAt: T0 + H,
      savedAt: T0,
      timeBase: 'server',
      userId: ctx.server.seed.plain.id,
    };
    const { client } = open(createMemoryTokenStore(stored));
    await until(() => client.view.status === 'signedIn', 'restored');
    await tracked.idle();
    const machine = (sessionActorOf(client) as unknown as AnyActor).logic as AnyStateMachine;
    const held = sessionActorOf(client).getSnapshot();
    const past = { at: 7 * H, serverAt: T0 + 2 * H, trusted: true };
    for (const type of ['TICK', 'WAKE'] as const) {
      const [after] = transition(machine, held, internal({ type, reading: past }));
      expect(after.value).toBe('signedOut');
      expect(after.context.signedOut?.at).toBe(7 * H);
    }
  });
});
