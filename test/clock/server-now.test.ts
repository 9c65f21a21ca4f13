import { createClock } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { steadyClock } from '../../machines/clock';
import { until } from '../support/event-loop';
import { FakePage } from '../support/fake-page';
import { useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

// Issue 26, symptoms 2 and 4, as a player meets them: a real client against the reference server,
// whose answers carry the SERVER's `Date` (rewritten here: Node stamps its own clock, and no socket
// can fake a clock), on a device whose clock a test steps. The server keeps real time throughout.

const H = 3_600_000;
const DAY = 24 * H;
const T0 = Date.UTC(2030, 0, 1, 15);
const BOUND = 2_000; // createClock().boundMs (docs/time.md)

let serverMs = T0;
// Before the server's own reset (hooks run in order): every test's seed is dated T0.
beforeEach(() => {
  serverMs = T0;
});
const ctx = useReferenceServer({ now: () => serverMs });

/** The `Date` the next answer to a path matching `lie.path` carries instead of the server's. */
let lie: { path: RegExp; date: number } | null = null;
const dated: typeof fetch = async (input, init) => {
  const answer = await globalThis.fetch(input, init);
  const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
  const headers = new Headers(answer.headers);
  let date = serverMs;
  if (lie?.path.test(path)) {
    date = lie.date;
    lie = null;
  }
  headers.set('date', new Date(date).toUTCString());
  const body = answer.status === 204 || answer.status === 304 ? null : await answer.arrayBuffer();
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers });
};
const tracked = trackedFetch(dated);

/** The device: its wall clock (what `Date.now` says) and its monotonic clock. */
const device = { wall: T0, mono: 0 };
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
  vi.restoreAllMocks();
  lie = null;
});

/** Time passes for everyone: the server, the device's wall and monotonic clocks. */
const pass = (ms: number) => {
  serverMs += ms;
  device.wall += ms;
  device.mono += ms;
};

function open(now: () => number) {
  vi.spyOn(Date, 'now').mockImplementation(() => device.wall);
  const page = new FakePage();
  const client = createPamClient({
    baseURL: ctx.server.url,
    fetch: tracked.fetch,
    environment: { channel: null, now, ...page.signals() },
  });
  clients.push(client);
  return { client, page };
}

async function logInPaused(client: PamClient) {
  const { email, password } = ctx.server.seed.paused;
  client.login({ login: email, password });
  await until(() => client.view.status === 'signedIn' && client.view.restrictions !== null, 'signed in');
  await tracked.idle();
}

/** One more answer: a token refresh. */
async function oneMoreAnswer(client: PamClient) {
  const before = ctx.server.requests.length;
  client.state.send({ type: 'REFRESH' });
  await until(() => ctx.server.requests.length > before, 'the refresh reached the server');
  await tracked.idle();
}

/** One more answer (a token refresh), then a wake-up: the profile flow looks at the clock again. */
async function answerAndWake(client: PamClient, page: FakePage) {
  const before = ctx.server.requests.length;
  client.state.send({ type: 'REFRESH' });
  await until(() => ctx.server.requests.length > before, 'the refresh reached the server');
  await tracked.idle();
  page.fireFocus();
  await tracked.idle();
}

const pauseInForce = (client: PamClient) =>
  client.view.restrictions?.inForce.some((r) => r.kind === 'pause') === true;

describe('serverNow on one base (symptom 2)', () => {
  it('a pause the server enforces for another hour stays in force after the device clock is stepped back 3 h', async () => {
    // The seed's pause started 2 days before the reset and ends 5 days after it: one hour left.
    serverMs = T0 + 5 * DAY - H;
    device.wall = serverMs;
    const { client, page } = open(
      steadyClock(
        () => device.wall,
        () => device.mono,
      ),
    );
    await logInPaused(client);
    expect(pauseInForce(client)).toBe(true);
    device.wall -= 3 * H; // NTP on wake, or the player fixing the clock
    pass(60_000);
    await answerAndWake(client, page);
    expect(Math.abs(client.environment.serverNow() - serverMs)).toBeLessThanOrEqual(BOUND);
    expect(pauseInForce(client)).toBe(true);
    expect(client.view.restrictions?.canBet).toBe(false);
  });

  it("an app's own clock is the base the offset is learned on, whatever Date.now says", async () => {
    serverMs = T0 + 5 * DAY - H;
    device.wall = serverMs - 3 * H; // Date.now is 3 h behind; the app's clock is right
    const { client } = open(() => serverMs);
    await logInPaused(client);
    expect(Math.abs(client.environment.serverNow() - serverMs)).toBeLessThanOrEqual(BOUND);
    expect(pauseInForce(client)).toBe(true);
    expect(client.view.restrictions?.canBet).toBe(false);
  });
});

describe('an injected clock', () => {
  it("is the client's one clock: it learns every answer, and a device-clock jump untrusts it until the next", async () => {
    serverMs = T0 + 5 * DAY - H;
    device.wall = serverMs - 3 * H; // the device is 3 h behind the server
    const clock = createClock({ wall: () => device.wall, monotonic: () => device.mono });
    vi.spyOn(Date, 'now').mockImplementation(() => device.wall);
    const client = createPamClient({
      baseURL: ctx.server.url,
      fetch: tracked.fetch,
      environment: { channel: null, clock },
    });
    clients.push(client);
    await logInPaused(client);
    expect(client.environment.clock).toBe(clock);
    expect(client.environment.serverNow()).toBe(clock.serverNow());
    expect(Math.abs(clock.serverNow() - serverMs)).toBeLessThanOrEqual(clock.boundMs);
    // Three answers outvote a device clock hours off (two never do: docs/time.md).
    await oneMoreAnswer(client);
    expect(clock.trusted()).toBe(true);
    device.wall += 2 * H; // stepped forward: not yet seen by an answer
    pass(1_000);
    const reads = () => ctx.server.requests.filter((r) => r.path === '/auth/user-profile').length;
    const readsBefore = reads();
    expect(clock.trusted()).toBe(false);
    // What the app is told at once (the session's side of the rule): nothing current, no bet.
    expect(client.view.restrictions?.status).toBe('stale');
    expect(client.view.restrictions?.canBet).toBe(false);
    // The profile flow reads again; that answer re-teaches the clock, and the read stands.
    await until(() => reads() > readsBefore, 'a profile read after the jump');
    await tracked.idle();
    // Never one answer alone after a jump: a second one re-teaches the clock.
    await oneMoreAnswer(client);
    expect(clock.trusted()).toBe(true);
    expect(Math.abs(clock.serverNow() - serverMs)).toBeLessThanOrEqual(clock.boundMs);
    expect(client.view.restrictions?.status).toBe('current');
    expect(client.view.restrictions?.canBet).toBe(false); // the seed's pause is still in force
  });
});

describe('no flow keeps the largest time it saw', () => {
  // Was a known defect (the profile flow's `now = Math.max(context.now, …)`
  // in seeNow, took, failedRead and the newDay guard): a wake while the clock is untrusted stamps
  // the flow with the jumped time, and the ratchet keeps it after the re-read re-taught the clock.
  // The flow's time is now its last trusted stamp (profile-rules.ts `stampOf`, `timeAfter`).
  it('a wake while the device clock is 2 h ahead (untrusted) does not free a pause with 1 h left', async () => {
    serverMs = T0 + 5 * DAY - H;
    device.wall = serverMs;
    const clock = createClock({ wall: () => device.wall, monotonic: () => device.mono });
    vi.spyOn(Date, 'now').mockImplementation(() => device.wall);
    const page = new FakePage();
    const client = createPamClient({
      baseURL: ctx.server.url,
      fetch: tracked.fetch,
      environment: { channel: null, clock, ...page.signals() },
    });
    clients.push(client);
    await logInPaused(client);
    device.wall += 2 * H; // stepped forward
    page.fireFocus(); // a wake: the flow looks at the (jumped) clock, and reads again
    await until(
      () => ctx.server.requests.filter((r) => r.path === '/auth/user-profile').length >= 2,
      're-read',
    );
    await tracked.idle();
    expect(Math.abs(clock.serverNow() - serverMs)).toBeLessThanOrEqual(clock.boundMs);
    expect(pauseInForce(client)).toBe(true);
    expect(client.view.restrictions?.canBet).toBe(false);
  });
});

describe('one far-future Date (symptom 4)', () => {
  it('does not move serverNow, nor evaluate the restrictions in 2100, nor stick', async () => {
    serverMs = T0 + H;
    device.wall = serverMs;
    const { client, page } = open(
      steadyClock(
        () => device.wall,
        () => device.mono,
      ),
    );
    lie = { path: /\/auth\/user-profile$/, date: Date.UTC(2100, 0, 1) }; // a proxy glitch
    await logInPaused(client);
    expect(lie).toBeNull(); // the lying answer was given
    expect(client.environment.serverNow()).toBeLessThan(Date.UTC(2031, 0, 1));
    expect(pauseInForce(client)).toBe(true);
    expect(client.view.restrictions?.canBet).toBe(false);
    pass(60_000);
    await answerAndWake(client, page);
    expect(Math.abs(client.environment.serverNow() - serverMs)).toBeLessThanOrEqual(BOUND);
    expect(client.view.restrictions?.status).toBe('current');
    expect(pauseInForce(client)).toBe(true);
  });
});
