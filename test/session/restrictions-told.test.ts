import { createMemoryTokenStore } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient, type PamClientOptions } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedClock, waitFor } from 'xstate';
import { playPeriodOf } from '../../src/internal';
import { until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

// Issue 26 symptom 8, "what the app is told": the restrictions are `unknown` while this login has
// no successful read, `stale` when the last re-check failed or the clock is untrusted; `canBet` is
// false in both; the read's error sits beside them (`view.restrictions.error`), never in
// `view.error`, and `client.on('restrictionsUnavailable')` hears it. On every path: login,
// restore, adoption, wake. Real sockets against the reference server; time on a SimulatedClock.

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});
const MIN = 60_000;

/** A clock (the shape of `PamEnvironment.clock`) on the test's simulated time, whose trust the test sets. */
function trustClock(sim: SimulatedClock) {
  let trusted = true;
  const listeners = new Set<(trusted: boolean) => void>();
  return {
    now: () => sim.now(),
    serverNow: () => sim.now(),
    learn: () => {},
    offsetMs: () => 0,
    trusted: () => trusted,
    subscribe(fn: (trusted: boolean) => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    boundMs: 2_000,
    set(value: boolean) {
      trusted = value;
      for (const fn of [...listeners]) fn(value);
    },
  };
}

function client(
  options: Partial<PamClientOptions> = {},
  start = Date.now(),
  extra: (clock: SimulatedClock) => object = () => ({}),
) {
  const clock = new SimulatedClock();
  clock.set(start);
  const c = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    environment: { channel: null, timers: clock, now: () => clock.now(), ...extra(clock) } as never,
    ...options,
  });
  clients.push(c);
  const unavailable: unknown[] = [];
  c.on('restrictionsUnavailable' as never, ((e: unknown) => unavailable.push(e)) as never);
  return { c, clock, unavailable };
}
/** The view once it satisfies `ok` (the event loop spun while the real sockets answer). */
const viewWhere = async (c: PamClient, ok: (v: PamClient['view']) => boolean) => {
  await until(
    () => ok(c.view),
    () => `view not there yet: ${JSON.stringify(c.view.restrictions)}`,
  );
  return c.view;
};
const errorOf = (v: PamClient['view']) =>
  (v.restrictions as { error?: { code?: string } | null } | null)?.error;

describe('what the app is told about the restrictions (issue 26 symptom 8)', () => {
  it('a session restored while the API is down is signedIn with unknown restrictions, the error beside them, and an event', async () => {
    ctx.server.faults.add({ path: '/auth/user-profile', status: 503 });
    const storage = createMemoryTokenStore();
    const player = ctx.server.seed.plain;
    storage.set({
      accessToken: ctx.server.issueToken(player.id),
      tokenType: 'Bearer',
      expiresAt: null,
      savedAt: Date.now(),
      userId: player.id,
      seq: 1,
      sid: 9,
    });
    const { c, unavailable } = client({ storage });
    await waitFor(sessionActorOf(c), (s) => s.matches('signedIn'), { timeout: 10_000 });
    const v = await viewWhere(c, (x) => errorOf(x) != null);
    expect(v.restrictions).toMatchObject({ status: 'unknown', canBet: false });
    expect(v.error).toBeNull();
    expect(unavailable).toEqual([
      expect.objectContaining({ type: 'restrictionsUnavailable', status: 'unknown' }),
    ]);
    expect((unavailable[0] as { error: { code: string } }).error.code).toBe(errorOf(v)?.code);
  });

  it('a login whose first read fails: unknown, the error beside the restrictions, never in view.error', async () => {
    ctx.server.faults.add({ path: '/auth/user-profile', status: 503 });
    const { c, unavailable } = client();
    c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    const v = await viewWhere(c, (x) => x.status === 'signedIn' && errorOf(x) != null);
    expect(v.restrictions).toMatchObject({ status: 'unknown', canBet: false });
    expect(v.error).toBeNull();
    expect(unavailable.length).toBeGreaterThan(0);
  });

  it("a tab that adopts another tab's login while the API is down is told the same way", async () => {
    const hub = new FakeChannelHub();
    const b = client({}, Date.now(), () => ({ channel: hub.channel(), tabId: 'b' }));
    await waitFor(sessionActorOf(b.c), (s) => s.matches('signedOut'));
    const a = client({}, Date.now(), () => ({ channel: hub.channel(), tabId: 'a' }));
    await waitFor(sessionActorOf(a.c), (s) => s.matches('signedOut'));
    ctx.server.faults.add({ path: '/auth/user-profile', status: 503 });
    a.c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    const v = await viewWhere(b.c, (x) => x.status === 'signedIn' && errorOf(x) != null);
    expect(v.restrictions).toMatchObject({ status: 'unknown', canBet: false });
    expect(v.error).toBeNull();
    expect(b.unavailable).toEqual([expect.objectContaining({ status: 'unknown' })]);
  });

  it('a failed re-check is stale with its error; a successful one clears it', async () => {
    // Server time on the simulated clock, trusted (the reference server's `Date` is the real one,
    // hours away from the simulated midnight: a learning clock would rightly distrust it).
    const { c, clock, unavailable } = client({}, playPeriodOf('daily', Date.now()).end - 2 * MIN, (sim) => ({
      clock: trustClock(sim),
      serverNow: () => sim.now(),
    }));
    c.login({ login: ctx.server.seed.paused.email, password: ctx.server.seed.paused.password });
    await viewWhere(c, (v) => v.restrictions?.status === 'current');
    expect(errorOf(c.view)).toBeNull();
    const down = ctx.server.faults.add({ path: '/auth/user-profile', status: 503 });
    clock.increment(3 * MIN);
    // The adapter's own retries of the 503 wait on the simulated clock: it moves while we wait.
    const stale = await viewWhere(c, (v) => {
      clock.increment(1_000);
      return v.restrictions?.status === 'stale' && errorOf(v) != null;
    });
    expect(stale.restrictions).toMatchObject({ canBet: false });
    expect(stale.error).toBeNull();
    expect(unavailable).toEqual([expect.objectContaining({ status: 'stale' })]);
    down();
    clock.increment(5 * MIN);
    const back = await viewWhere(c, (v) => v.restrictions?.status === 'current');
    expect(errorOf(back)).toBeNull();
  });

  it('a wake-up in a new São Paulo day while the API is down: stale, the error beside, an event', async () => {
    // The device slept over midnight: its clock moved, its timers did not fire.
    let slept = 0;
    const focus = new Set<() => void>();
    const { c, unavailable } = client({}, playPeriodOf('daily', Date.now()).end - 2 * MIN, (sim) => {
      const device = () => sim.now() + slept;
      return {
        now: device,
        serverNow: device,
        clock: { ...trustClock(sim), now: device, serverNow: device },
        focus: {
          onFocus: (fn: () => void) => {
            focus.add(fn);
            return () => focus.delete(fn);
          },
        },
      };
    });
    c.login({ login: ctx.server.seed.paused.email, password: ctx.server.seed.paused.password });
    await viewWhere(c, (v) => v.restrictions?.status === 'current');
    ctx.server.faults.add({ path: '/auth/user-profile', status: 503 });
    slept = 5 * MIN;
    for (const wake of [...focus]) wake();
    const stale = await viewWhere(c, (v) => v.restrictions?.status === 'stale' && errorOf(v) != null);
    expect(stale.restrictions).toMatchObject({ canBet: false });
    expect(stale.restrictions?.inForce[0]?.kind).toBe('pause');
    expect(stale.error).toBeNull();
    expect(unavailable).toEqual([expect.objectContaining({ status: 'stale' })]);
  });

  it('an untrusted clock makes current restrictions stale (no betting) until it is trusted again', async () => {
    let trust = {} as ReturnType<typeof trustClock>;
    const { c } = client({}, Date.now(), (sim) => {
      trust = trustClock(sim);
      return { clock: trust, serverNow: () => sim.now() };
    });
    c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await viewWhere(c, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
    trust.set(false);
    const stale = await viewWhere(c, (v) => v.restrictions?.status === 'stale');
    expect(stale.restrictions?.canBet).toBe(false);
    trust.set(true);
    await viewWhere(c, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
  });

  it('a session restored on an untrusted clock is never current', async () => {
    let trust = {} as ReturnType<typeof trustClock>;
    const storage = createMemoryTokenStore();
    const player = ctx.server.seed.plain;
    storage.set({
      accessToken: ctx.server.issueToken(player.id),
      tokenType: 'Bearer',
      expiresAt: null,
      savedAt: Date.now(),
      userId: player.id,
      seq: 1,
      sid: 9,
    });
    const { c } = client({ storage }, Date.now(), (sim) => {
      trust = trustClock(sim);
      trust.set(false);
      return { clock: trust, serverNow: () => sim.now() };
    });
    await waitFor(sessionActorOf(c), (s) => s.matches('signedIn'), { timeout: 10_000 });
    const read = await viewWhere(c, (v) => v.restrictions?.checkedAt != null);
    expect(read.restrictions).toMatchObject({ status: 'stale', canBet: false });
  });
});
