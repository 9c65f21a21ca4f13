import { createAuthModule, createOfetchAdapter, REFRESH_INTERVAL_MS } from 'pam-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { tokenRefreshMachine } from '../../machines/tokenRefreshMachine';
import { until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const SIX_H = REFRESH_INTERVAL_MS;

// The server's clock follows the simulated clock of the test that runs, so tokens expire (8 h)
// on the same time line as the machine's timers.
let clock = new SimulatedClock();
const fixture = useReferenceServer({ now: () => clock.now() });

// Every test: the server's delays and the adapter's timeouts move only with the test (below).
beforeEach(() => fakeServerDelays());
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The reference server's `delayMs` and the adapter's timeout run on `setTimeout`: faked here, so a
 * delayed answer arrives when the test moves time, never on a loaded machine's schedule.
 */
const fakeServerDelays = () => installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

/** A machine wired to the reference server over real HTTP, with time on a SimulatedClock. */
function start(options: { now?: () => number; timeout?: number } = {}) {
  const { server } = fixture;
  clock = new SimulatedClock();
  const initialToken = server.issueToken(server.seed.plain.id);
  let token: string | null = initialToken;
  const tracked = trackedFetch();
  const http = createOfetchAdapter({
    baseURL: server.url,
    fetch: tracked.fetch,
    getAccessToken: () => token,
    timeout: options.timeout ?? 2000,
  });
  const auth = createAuthModule(http);
  const actor = createActor(tokenRefreshMachine, {
    input: { auth, now: options.now ?? (() => clock.now()) },
    clock,
  });
  const refreshed: string[] = [];
  const failed: string[] = [];
  let expired = 0;
  actor.on('refreshFailed', (e) => {
    failed.push(e.error.code);
  });
  actor.on('tokenRefreshed', (e) => {
    token = e.accessToken;
    refreshed.push(e.accessToken);
  });
  actor.on('sessionExpired', () => {
    expired += 1;
  });
  actor.start();
  actor.send({ type: 'TOKEN_SAVED', accessToken: initialToken });

  const refreshCalls = () =>
    server.requests.filter((r) => r.method === 'POST' && r.path === '/users/refresh-token').length;
  const settle = () => waitFor(actor, (s) => !s.matches({ active: 'refreshing' }), { timeout: 10_000 });
  /** Moves time forward in steps (as real timers would fire), awaiting each real request. */
  const advance = async (ms: number, step = MIN) => {
    for (let left = ms; left > 0; left -= step) {
      clock.increment(Math.min(step, left));
      if (actor.getSnapshot().matches({ active: 'refreshing' })) await settle();
    }
  };
  return {
    server,
    auth,
    actor,
    refreshed,
    failed,
    initialToken,
    expired: () => expired,
    token: () => token,
    setToken: (t: string) => {
      token = t;
    },
    refreshCalls,
    settle,
    advance,
    /** Requests the adapter started, and a wait until every one has settled. */
    tracked,
    /** Spins the event loop until the server has received `n` refresh requests. */
    received: (n: number) => until(() => refreshCalls() >= n, `${n} refresh request(s) received`),
  };
}

describe('tokenRefreshMachine (reference server, simulated clock)', () => {
  it('refreshes exactly once at 6 h, emits a token the server accepts, and again 6 h later', async () => {
    const t = start();
    expect(t.actor.getSnapshot().value).toEqual({ active: 'idle' });

    await t.advance(SIX_H - 1, MIN);
    expect(t.refreshCalls()).toBe(0);
    expect(t.refreshed).toEqual([]);

    clock.increment(1);
    expect(t.actor.getSnapshot().matches({ active: 'refreshing' })).toBe(true);
    await t.settle();
    expect(t.refreshCalls()).toBe(1);
    expect(t.refreshed).toHaveLength(1);
    const first = t.refreshed[0]!;
    expect(first).not.toBe(t.initialToken);
    expect(t.actor.getSnapshot().value).toEqual({ active: 'idle' });
    expect(t.actor.getSnapshot().context.refresh).toEqual({
      tokenSavedAt: SIX_H,
      inFlightSince: null,
      failures: 0,
      lastFailureAt: null,
    });
    // The emitted token works (and the rotated one no longer does).
    const profile = await t.auth.getUserProfile();
    expect(profile.user.id).toBe(t.server.seed.plain.id);
    t.setToken(t.initialToken);
    await expect(t.auth.getUserProfile()).rejects.toMatchObject({ code: 'unauthorized' });
    t.setToken(first);

    await t.advance(SIX_H - 1, MIN);
    expect(t.refreshCalls()).toBe(1);
    await t.advance(1);
    await t.settle();
    expect(t.refreshCalls()).toBe(2);
    expect(t.refreshed).toHaveLength(2);
    expect(t.refreshed[1]).not.toBe(first);
    expect(t.token()).toBe(t.refreshed[1]);
    expect(t.expired()).toBe(0);
    t.actor.stop();
  });

  it('backs off 30 s, 60 s, 120 s … capped at 15 min on 503, keeping the session', async () => {
    const t = start();
    const removeFault = t.server.faults.add({ method: 'POST', path: '/users/refresh-token', status: 503 });
    await t.advance(SIX_H, MIN);
    expect(t.refreshCalls()).toBe(1);
    expect(t.actor.getSnapshot().context.error).toMatchObject({ code: 'http', status: 503 });

    const waits = [30, 60, 120, 240, 480, 900, 900].map((s) => s * S);
    for (const [i, wait] of waits.entries()) {
      await t.advance(wait - 1);
      expect(t.refreshCalls()).toBe(i + 1);
      await t.advance(1);
      expect(t.refreshCalls()).toBe(i + 2);
      const snapshot = t.actor.getSnapshot();
      expect(snapshot.value).toEqual({ active: 'idle' });
      expect(snapshot.context.refresh.failures).toBe(i + 2);
    }
    expect(t.refreshed).toEqual([]);
    expect(t.failed).toEqual(Array(waits.length + 1).fill('http'));
    expect(t.expired()).toBe(0);

    removeFault();
    await t.advance(900 * S);
    expect(t.refreshCalls()).toBe(waits.length + 2);
    expect(t.refreshed).toHaveLength(1);
    expect(t.actor.getSnapshot().context.error).toBeNull();
    expect(t.actor.getSnapshot().context.refresh.failures).toBe(0);
    // Back on the 6 h interval.
    await t.advance(SIX_H - 1, MIN);
    expect(t.refreshCalls()).toBe(waits.length + 2);
    t.actor.stop();
  });

  // The adapter's 100 ms timeout on fake time: on a loaded machine a real one fired before the
  // request even reached the server (a timeout where a 429 was meant). It fires when moved to.
  it.each([
    ['429', { status: 429 }, 'http', 0],
    ['an invalid body', { status: 200, body: { token: 'nope' } }, 'invalid_response', 0],
    ['no answer (timeout)', { hang: true }, 'timeout', 100],
  ] as const)('keeps the session and backs off on %s', async (_label, fault, code, waitMs) => {
    const t = start({ timeout: 100 });
    t.server.faults.add({ method: 'POST', path: '/users/refresh-token', ...fault });
    await t.advance(SIX_H - 1, MIN);
    clock.increment(1); // the refresh starts
    await t.received(1);
    await vi.advanceTimersByTimeAsync(waitMs); // the adapter's timeout, for the request that hangs
    await t.settle();
    const snapshot = t.actor.getSnapshot();
    expect(t.refreshCalls()).toBe(1);
    expect(snapshot.value).toEqual({ active: 'idle' });
    expect(snapshot.context.error?.code).toBe(code);
    expect(snapshot.context.refresh.failures).toBe(1);
    await t.advance(30 * S - 1);
    expect(t.refreshCalls()).toBe(1);
    expect(t.expired()).toBe(0);
    t.actor.stop();
  });

  it('signs out once on 401 and makes no further calls', async () => {
    const t = start();
    await t.advance(3 * H, MIN);
    t.server.expireTokens();
    await t.advance(3 * H, MIN);
    expect(t.refreshCalls()).toBe(1);
    expect(t.expired()).toBe(1);
    expect(t.failed).toEqual([]);
    const snapshot = t.actor.getSnapshot();
    expect(snapshot.value).toBe('signedOut');
    expect(snapshot.context.error?.code).toBe('unauthorized');

    t.actor.send({ type: 'TICK' });
    t.actor.send({ type: 'REFRESH' });
    await t.advance(24 * H, H);
    expect(t.refreshCalls()).toBe(1);
    expect(t.expired()).toBe(1);
    expect(t.refreshed).toEqual([]);
    t.actor.stop();
  });

  it('REFRESH refreshes at once and restarts the interval', async () => {
    const t = start();
    await t.advance(H, MIN);
    t.actor.send({ type: 'REFRESH' });
    expect(t.actor.getSnapshot().value).toEqual({ active: 'refreshing' });
    await t.settle();
    expect(t.refreshCalls()).toBe(1);
    expect(t.refreshed).toHaveLength(1);
    await t.advance(SIX_H - 1, MIN);
    expect(t.refreshCalls()).toBe(1);
    await t.advance(1);
    expect(t.refreshCalls()).toBe(2);
    t.actor.stop();
  });

  it('REFRESH ignores interval and backoff, but not a refresh in flight', async () => {
    const t = start();
    const remove = t.server.faults.add({ method: 'POST', path: '/users/refresh-token', status: 503 });
    await t.advance(SIX_H, MIN);
    expect(t.actor.getSnapshot().context.refresh.failures).toBe(1);
    remove();
    // Inside the 30 s backoff: REFRESH still goes, and while it is slow, more are ignored.
    t.server.faults.add({ method: 'POST', path: '/users/refresh-token', delayMs: 80, times: 1 });
    t.actor.send({ type: 'REFRESH' });
    t.actor.send({ type: 'REFRESH' });
    t.actor.send({ type: 'TICK' });
    t.actor.send({ type: 'REFRESH' });
    await t.received(2);
    await vi.advanceTimersByTimeAsync(80); // the slow answer
    await t.settle();
    expect(t.refreshCalls()).toBe(2);
    expect(t.refreshed).toHaveLength(1);
    expect(t.actor.getSnapshot().context.error).toBeNull();
    t.actor.stop();
  });

  it('TOKEN_SAVED while refreshing aborts it, ignores its late answer and restarts the interval', async () => {
    const t = start();
    t.server.faults.add({ method: 'POST', path: '/users/refresh-token', delayMs: 100, times: 1 });
    await t.advance(SIX_H - 1, MIN);
    clock.increment(1); // the request starts; do not await it
    expect(t.actor.getSnapshot().value).toEqual({ active: 'refreshing' });
    await t.received(1); // the server holds it for 100 ms of fake time
    expect(t.refreshCalls()).toBe(1);

    const fresh = t.server.issueToken(t.server.seed.plain.id);
    t.setToken(fresh);
    t.actor.send({ type: 'TOKEN_SAVED', accessToken: fresh });
    expect(t.actor.getSnapshot().value).toEqual({ active: 'idle' });
    expect(t.actor.getSnapshot().context.refresh).toEqual({
      tokenSavedAt: SIX_H,
      inFlightSince: null,
      failures: 0,
      lastFailureAt: null,
    });
    await vi.advanceTimersByTimeAsync(150); // past the server's delayed answer
    await t.tracked.idle();
    expect(t.tracked.started).toBe(1);
    expect(t.refreshed).toEqual([]);
    expect(t.token()).toBe(fresh);

    await t.advance(SIX_H - 1, MIN);
    expect(t.refreshCalls()).toBe(1);
    await t.advance(1);
    expect(t.refreshCalls()).toBe(2);
    expect(t.refreshed).toHaveLength(1);
    t.actor.stop();
  });

  it('TOKEN_SAVED while idle restarts the interval', async () => {
    const t = start();
    await t.advance(5 * H, MIN);
    t.actor.send({ type: 'TOKEN_SAVED', accessToken: t.token()! });
    await t.advance(SIX_H - 1, MIN);
    expect(t.refreshCalls()).toBe(0);
    await t.advance(1);
    expect(t.refreshCalls()).toBe(1);
    expect(clock.now()).toBe(11 * H);
    t.actor.stop();
  });

  it('SIGN_OUT during a refresh signs out; nothing is emitted or sent afterwards', async () => {
    const t = start();
    t.server.faults.add({ method: 'POST', path: '/users/refresh-token', delayMs: 100, times: 1 });
    await t.advance(SIX_H - 1, MIN);
    clock.increment(1);
    expect(t.actor.getSnapshot().value).toEqual({ active: 'refreshing' });
    await t.received(1);
    t.actor.send({ type: 'SIGN_OUT' });
    expect(t.actor.getSnapshot().value).toBe('signedOut');
    expect(t.actor.getSnapshot().context).toMatchObject({ refresh: { tokenSavedAt: null }, error: null });
    await vi.advanceTimersByTimeAsync(150); // past the server's delayed answer
    await t.tracked.idle();
    await t.advance(24 * H, H);
    await t.tracked.idle();
    expect(t.tracked.started).toBe(1);
    expect(t.refreshCalls()).toBe(1);
    expect(t.refreshed).toEqual([]);
    expect(t.expired()).toBe(0);
    t.actor.stop();
  });

  it('a TICK after a 7 h jump of the wall clock (no timer fired) refreshes once, not a burst', async () => {
    let wall = 0;
    const t = start({ now: () => wall });
    wall += 7 * H; // the tab slept: the clock moved, no timer ran
    for (let i = 0; i < 5; i++) t.actor.send({ type: 'TICK' });
    await t.settle();
    for (let i = 0; i < 5; i++) t.actor.send({ type: 'TICK' });
    expect(t.actor.getSnapshot().value).toEqual({ active: 'idle' });
    await t.tracked.idle();
    expect(t.tracked.started).toBe(1);
    expect(t.refreshCalls()).toBe(1);
    expect(t.refreshed).toHaveLength(1);
    expect(t.actor.getSnapshot().context.refresh.tokenSavedAt).toBe(7 * H);
    t.actor.stop();
  });

  it('a timer that fires late after a 7 h jump refreshes once', async () => {
    const t = start();
    await t.advance(7 * H, 7 * H);
    await t.tracked.idle();
    expect(t.tracked.started).toBe(1);
    expect(t.refreshCalls()).toBe(1);
    expect(t.refreshed).toHaveLength(1);
    expect(t.actor.getSnapshot().value).toEqual({ active: 'idle' });
    t.actor.stop();
  });

  it('never keeps an access token in the snapshot or the persisted snapshot', async () => {
    const t = start();
    const leaks = (tokens: string[]) => {
      const text = JSON.stringify(t.actor.getSnapshot()) + JSON.stringify(t.actor.getPersistedSnapshot());
      return tokens.filter((token) => text.includes(token));
    };
    t.server.faults.add({ method: 'POST', path: '/users/refresh-token', delayMs: 50, times: 1 });
    expect(leaks([t.initialToken])).toEqual([]);
    await t.advance(SIX_H - 1, MIN);
    clock.increment(1);
    expect(t.actor.getSnapshot().matches({ active: 'refreshing' })).toBe(true);
    expect(leaks([t.initialToken])).toEqual([]);
    await t.received(1);
    await vi.advanceTimersByTimeAsync(50); // the slow answer
    await t.settle();
    expect(t.refreshed).toHaveLength(1);
    expect(leaks([t.initialToken, ...t.refreshed])).toEqual([]);
    t.actor.send({ type: 'SIGN_OUT' });
    expect(leaks([t.initialToken, ...t.refreshed])).toEqual([]);
    t.actor.stop();
  });
});
