import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient, type PamClientOptions } from 'pam-client/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock, waitFor } from 'xstate';
import { sessionRestrictionsOf } from '../../machines/session/profile-rules';
import { playPeriodOf } from '../../src/internal';
import { until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { freeUserInfo } from '../support/free-user-info';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

// Issue 23, the session's side: the restrictions the view shows carry their status (current /
// stale / unknown), `canBet` is true only when current, never from the login answer, never after
// a failed profile read; the mandatory limits still to set are named. Over real sockets against the
// reference server; time on a SimulatedClock.

// The reference server's clock (and so its `Date` header) is the test's simulated clock: the one
// clock learns the server's time from the answers, so both sides must be on one time.
let serverClock: () => number = () => Date.now();
const ctx = useReferenceServer({ now: () => serverClock() });
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const MIN = 60_000;

function client(options: Partial<PamClientOptions> = {}, start = Date.now()) {
  const clock = new SimulatedClock();
  clock.set(start);
  serverClock = () => clock.now();
  const c = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    // The device's clock: the server's time is learned from the answers (on the same clock here).
    environment: { channel: null, timers: clock, now: () => clock.now() },
    ...options,
  });
  clients.push(c);
  return { c, clock };
}

type Seed = { email: string; password: string };
const signIn = async (c: PamClient, who: Seed = ctx.server.seed.plain) => {
  c.login({ login: who.email, password: who.password });
  await waitFor(sessionActorOf(c), (s) => s.matches('signedIn'), { timeout: 10_000 });
};
const profileReads = () => ctx.server.requests.filter((r) => r.path === '/auth/user-profile').length;
/** The view once it satisfies `ok` (the event loop spun while the real sockets answer). */
const viewWhere = async (c: PamClient, ok: (v: PamClient['view']) => boolean) => {
  await until(
    () => ok(c.view),
    () => `view not there yet: ${JSON.stringify(c.view.restrictions)}`,
  );
  return c.view;
};

describe('session restrictions: status and canBet (issue 23)', () => {
  it('canBet is never derived from the login answer: unknown until the profile is read', async () => {
    // The profile read is slow (held 300 ms on fake time, from before the login: no real-time
    // bound): the session is signed in with only the login answer.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      ctx.server.faults.add({ path: '/auth/user-profile', delayMs: 300, times: 1 });
      const { c } = client();
      await signIn(c);
      expect(c.view.userInfo).not.toBeNull();
      expect(c.view.restrictions).toMatchObject({ status: 'unknown', canBet: false });
      await until(() => profileReads() === 1, 'the profile read at the server');
      expect(c.view.restrictions).toMatchObject({ status: 'unknown', canBet: false });
      await vi.advanceTimersByTimeAsync(300);
      const read = await viewWhere(c, (v) => v.restrictions?.status === 'current');
      expect(read.restrictions).toMatchObject({ status: 'current', canBet: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a profile read that fails (503, then an invalid answer) never gives canBet true', async () => {
    ctx.server.faults.add({ path: '/auth/user-profile', status: 503 });
    const { c } = client();
    await signIn(c);
    await until(() => profileReads() > 0, 'a profile read');
    await new Promise((r) => setImmediate(r));
    expect(c.view.restrictions).toMatchObject({ status: 'unknown', canBet: false });
  });

  it('a failed SPA re-check after midnight shows the last restrictions as stale, and no betting', async () => {
    // Two minutes before the next midnight in São Paulo (the token lives on).
    const { c, clock } = client({}, playPeriodOf('daily', Date.now()).end - 2 * MIN);
    await signIn(c, ctx.server.seed.paused);
    await viewWhere(c, (v) => v.restrictions?.status === 'current');
    expect(c.view.restrictions?.inForce[0]?.kind).toBe('pause');
    ctx.server.faults.add({ path: '/auth/user-profile', status: 503 });
    const before = profileReads();
    clock.increment(3 * MIN);
    await until(() => profileReads() > before, 'the re-read');
    const stale = await viewWhere(c, (v) => v.restrictions?.status === 'stale');
    expect(stale.restrictions).toMatchObject({ canBet: false });
    expect(stale.restrictions?.inForce[0]?.kind).toBe('pause');
  });

  it('names the mandatory limits (loss, time) the player has not set', async () => {
    const { c } = client();
    await signIn(c);
    const v = await viewWhere(c, (x) => x.restrictions?.status === 'current');
    expect(v.restrictions?.missingMandatoryLimits).toEqual(['loss', 'time']);
  });

  it("a profile forged at the session's profile child (another door) is dropped: a barred player stays barred", async () => {
    const { c, clock } = client();
    await signIn(c, ctx.server.seed.spaBarred);
    await viewWhere(c, (v) => v.restrictions?.status === 'current');
    expect(c.view.restrictions?.canBet).toBe(false);
    const snapshot = sessionActorOf(c).getSnapshot();
    const { userId, sid } = snapshot.context;
    const child = (snapshot.children as Record<string, { send(e: unknown): void } | undefined>).profile;
    expect(child).toBeDefined();
    child?.send({
      type: 'PROFILE',
      owner: { userId, sid },
      user: null,
      userInfo: {},
      at: clock.now(),
      source: 'remote',
    });
    child?.send({
      type: 'PROFILE_SEEN',
      owner: { userId, sid },
      user: null,
      userInfo: {},
      at: clock.now(),
      seen: clock.now(),
      source: 'remote',
    });
    await new Promise((r) => setImmediate(r));
    expect(c.view.restrictions).toMatchObject({ status: 'current', canBet: false, accountBlocked: true });
  });
});

describe('a read that does not answer the exclusions (review of issue 23)', () => {
  const at = Date.parse('2026-11-25T15:00:00Z');
  const seen = { readAt: at, failed: false, now: at };
  it('is unknown, never "can bet", when an exclusion field is absent', () => {
    for (const userInfo of [{}, { user_pause: 0 }, { spa_exclusion: 0, operator_exclusion: 0 }]) {
      const r = sessionRestrictionsOf(userInfo, seen);
      expect(r.status).toBe('unknown');
      expect(r.canBet).toBe(false);
    }
  });
  it('is current when every exclusion is answered, not null, and the account open (review D4, D5)', () => {
    const open = { ...seen, user: { cancelled_account: false } };
    const r = sessionRestrictionsOf(freeUserInfo(), open);
    expect(r).toMatchObject({ status: 'current', canBet: true, accountBlocked: false });
    // A flag sent as null says nothing, as an absent one: unknown (restrictionsOf reads it "not set").
    const unanswered = { spa_exclusion: 0, operator_exclusion: null, user_exclusion: 0 };
    expect(sessionRestrictionsOf(unanswered, open)).toMatchObject({ status: 'unknown', canBet: false });
  });
});
