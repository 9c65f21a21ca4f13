import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock, waitFor } from 'xstate';
import { internal } from '../../machines/session/events';
import {
  loginRestrictionsOf,
  namesPlayer,
  ownsDatum,
  profileFlow,
  profileOf,
  profileUpdateOf,
  sessionRestrictionsOf,
} from '../../machines/session/profile';
import { freeUserInfo } from '../support/free-user-info';
import { signedIn, useReferenceServer } from '../support/server';

/** A profile as the session sends it (marked: the flow takes no other). */
const marked = (e: object) => internal(e as never) as never;

// The profile flow (issue 18 "profile" child, issue 23 restriction status): reads over a real
// socket against the reference server; time is a SimulatedClock (server time = that clock).

const ctx = useReferenceServer();
const HOUR = 3_600_000;

type Flow = Actor<typeof profileFlow>;

function open(account: 'plain' | 'spaBarred' | 'paused' | 'pendingLimit' = 'plain', sid = 5) {
  const userId = ctx.server.seed[account].id;
  const { auth } = signedIn(ctx.server, userId);
  const clock = new SimulatedClock();
  clock.set(Date.now());
  const flow: Flow = createActor(profileFlow, {
    clock,
    input: { services: { auth, serverNow: () => clock.now(), random: () => 0.5 }, owner: { userId, sid } },
  });
  flow.start();
  const reads = () => ctx.server.requests.filter((r) => r.path === '/auth/user-profile').length;
  const datum = () => profileOf(flow.getSnapshot());
  const settled = () => waitFor(flow, (s) => !s.matches('reading'), { timeout: 10_000 });
  return { flow, clock, userId, reads, datum, settled };
}

describe('profile flow', () => {
  it('reads the profile with check_spa_again=1, stamped with the player and the login', async () => {
    const t = open();
    expect(t.datum().restrictions).toMatchObject({ status: 'unknown', canBet: false, checkedAt: null });
    await t.settled();
    const spa = ctx.server.requests.find((r) => r.path === '/auth/user-profile');
    expect(spa?.query.check_spa_again).toBe('1');
    const d = t.datum();
    expect(d.owner).toEqual({ userId: t.userId, sid: 5 });
    expect(d.user?.id).toBe(t.userId);
    expect(d.restrictions).toMatchObject({ status: 'current', canBet: true, checkedAt: d.at });
    expect(JSON.stringify(t.flow.getPersistedSnapshot())).not.toContain('token');
    t.flow.stop();
  });

  it('an SPA-barred player can never bet, even with a current read', async () => {
    const t = open('spaBarred');
    await t.settled();
    expect(t.datum().restrictions).toMatchObject({ status: 'current', canBet: false, accountBlocked: true });
    t.flow.stop();
  });

  it('a failed first read (503, invalid answer) is unknown and never allows betting; retried with backoff until it succeeds', async () => {
    // (The adapter itself retries a 503 GET: each flow read may cost more than one request.)
    const unavailable = ctx.server.faults.add({ path: '/auth/user-profile', status: 503 });
    const t = open();
    await t.settled();
    expect(t.flow.getSnapshot().value).toBe('retrying');
    expect(t.datum().restrictions).toMatchObject({ status: 'unknown', canBet: false });
    unavailable();
    const broken = ctx.server.faults.add({ path: '/auth/user-profile', status: 200, body: '<html>' });
    // Backoff: 1 s (±10 %), then 2 s (±10 %).
    t.clock.increment(900);
    expect(t.flow.getSnapshot().value).toBe('retrying');
    t.clock.increment(200);
    expect(t.flow.getSnapshot().value).toBe('reading');
    await t.settled();
    expect(t.flow.getSnapshot().value).toBe('retrying');
    expect(t.datum().restrictions).toMatchObject({ status: 'unknown', canBet: false });
    expect(t.datum().userInfo).toBeNull();
    broken();
    t.clock.increment(1_700);
    expect(t.flow.getSnapshot().value).toBe('retrying');
    t.clock.increment(500);
    await t.settled();
    expect(t.flow.getSnapshot().value).toBe('idle');
    expect(t.datum().restrictions).toMatchObject({ status: 'current', canBet: true });
    t.flow.stop();
  });

  it('checks the SPA register again after São Paulo midnight; a failed re-check is stale (value kept, no betting)', async () => {
    const t = open('paused');
    await t.settled();
    const before = t.datum().restrictions;
    expect(before).toMatchObject({ status: 'current', canBet: false });
    expect(before.inForce[0]?.kind).toBe('pause');
    ctx.server.faults.add({ path: '/auth/user-profile', status: 503 });
    t.clock.increment(25 * HOUR);
    await t.settled();
    expect(t.reads()).toBeGreaterThan(1);
    expect(t.flow.getSnapshot().value).toBe('retrying');
    const after = t.datum().restrictions;
    expect(after.status).toBe('stale');
    expect(after.inForce[0]?.kind).toBe('pause');
    expect(after.canBet).toBe(false);
    t.flow.stop();
  });

  it('a plain player read yesterday is stale today, not allowed to bet, until the re-check succeeds', async () => {
    const t = open();
    await t.settled();
    expect(t.datum().restrictions.canBet).toBe(true);
    const remove = ctx.server.faults.add({ path: '/auth/user-profile', status: 503 });
    t.clock.increment(25 * HOUR);
    await t.settled();
    expect(t.datum().restrictions).toMatchObject({ status: 'stale', canBet: false });
    remove();
    t.clock.increment(2_000);
    await t.settled();
    expect(t.datum().restrictions).toMatchObject({ status: 'current', canBet: true });
    t.flow.stop();
  });

  it('reads again on a wake-up in a new São Paulo day only', async () => {
    const t = open();
    await t.settled();
    t.flow.send({ type: 'WAKE' });
    await t.settled();
    expect(t.reads()).toBe(1);
    // The tab slept (no timer ran): the clock jumps a day without firing the midnight timer.
    t.clock.set(t.clock.now() + 24 * HOUR);
    t.flow.send({ type: 'WAKE' });
    await t.settled();
    expect(t.reads()).toBe(2);
    t.flow.stop();
  });

  it('takes a profile read elsewhere only for its own player (by any of their logins: it may only tighten)', async () => {
    const t = open('plain', 5);
    await t.settled();
    const at = t.clock.now();
    const barred = freeUserInfo({ spa_exclusion: 1 });
    // Another player's: dropped.
    t.flow.send(
      marked({
        type: 'PROFILE',
        owner: { userId: 999, sid: 5 },
        user: null,
        userInfo: barred,
        at,
        source: 'remote',
      }),
    );
    expect(t.datum().restrictions.canBet).toBe(true);
    // The player's, read by another login (a tab on a login this one never converged with): it
    // tightens, so it is taken (the model's seed 12; 37, test/model/regressions).
    t.flow.send(
      marked({
        type: 'PROFILE',
        owner: { userId: t.userId, sid: 4 },
        user: null,
        userInfo: barred,
        at,
        source: 'outcome',
      }),
    );
    expect(t.datum()).toMatchObject({
      source: 'outcome',
      restrictions: { canBet: false, status: 'current' },
    });
    // One of this login, later, that lifts nothing: taken too.
    t.flow.send(
      marked({
        type: 'PROFILE',
        owner: { userId: t.userId, sid: 5 },
        user: null,
        userInfo: barred,
        at: at + 1,
        source: 'remote',
      }),
    );
    expect(t.datum()).toMatchObject({ source: 'remote', restrictions: { canBet: false, status: 'current' } });
    t.flow.stop();
  });

  it('a profile answer without a readable userInfo (an array, none) is a failed read, never "no restriction"', async () => {
    const t = open();
    await t.settled();
    ctx.server.faults.add({
      path: '/auth/user-profile',
      status: 200,
      body: { user: { id: t.userId }, userInfo: [] },
    });
    t.clock.increment(25 * HOUR);
    await t.settled();
    expect(t.flow.getSnapshot().value).toBe('retrying');
    expect(t.datum().restrictions).toMatchObject({ status: 'stale', canBet: false });
    // Hostile events from elsewhere are dropped, the machine keeps running.
    const good = {
      type: 'PROFILE',
      owner: { userId: t.userId, sid: 5 },
      user: null,
      userInfo: { spa_exclusion: 0 },
      at: t.clock.now(),
      source: 'remote',
    };
    for (const bad of [{ owner: undefined }, { at: Number.NaN }, { userInfo: null }, { userInfo: [] }])
      t.flow.send(marked({ ...good, ...bad }));
    // A well-formed profile from any other door than its session (no mark) is dropped too.
    t.flow.send(good as never);
    expect(t.flow.getSnapshot().status).toBe('active');
    expect(t.datum().restrictions.canBet).toBe(false);
    t.flow.stop();
  });

  it('drops an answer for another player than its own', async () => {
    const t = open('plain');
    // The flow believes it reads for player 999: the server answers for the token's player.
    const other = createActor(profileFlow, {
      clock: t.clock,
      input: {
        services: {
          auth: signedIn(ctx.server, t.userId).auth,
          serverNow: () => t.clock.now(),
          random: () => 0,
        },
        owner: { userId: 999, sid: 5 },
      },
    }).start();
    await waitFor(other, (s) => s.matches('retrying'), { timeout: 10_000 });
    expect(profileOf(other.getSnapshot())).toMatchObject({
      userInfo: null,
      restrictions: { status: 'unknown' },
    });
    other.stop();
    t.flow.stop();
  });

  it('a new login (OWNER) forgets the old player at once and reads for the new one', async () => {
    const t = open('spaBarred', 5);
    await t.settled();
    t.flow.send({ type: 'OWNER', owner: { userId: t.userId, sid: 6 } });
    expect(t.datum()).toMatchObject({
      owner: { sid: 6 },
      userInfo: null,
      restrictions: { status: 'unknown', inForce: [] },
    });
    await t.settled();
    expect(t.reads()).toBe(2);
    expect(t.datum().restrictions.status).toBe('current');
    t.flow.stop();
  });

  it('a restriction field it cannot read makes the status unknown, not a failed profile', async () => {
    const t = open();
    await t.settled();
    const at = t.clock.now();
    t.flow.send(
      marked({
        type: 'PROFILE',
        owner: { userId: t.userId, sid: 5 },
        user: null,
        userInfo: { spa_exclusion: 'yes' },
        at,
        source: 'remote',
      }),
    );
    expect(t.datum().restrictions).toMatchObject({ status: 'unknown', canBet: false });
    expect(t.datum().userInfo).toEqual({ spa_exclusion: 'yes' });
    t.flow.stop();
  });

  it('shows a pending limit change as applied once its effective_at passes, without a new read', async () => {
    const t = open('pendingLimit');
    await t.settled();
    const deposit = () => t.datum().restrictions.limits.deposit;
    expect(deposit()).toMatchObject({ amount: 100 });
    const effectiveAt = deposit().pendingChange?.effectiveAt as number;
    expect(effectiveAt).toBeGreaterThan(t.clock.now());
    ctx.server.faults.add({ path: '/auth/user-profile', status: 503 });
    t.clock.increment(effectiveAt - t.clock.now() + 10);
    expect(deposit()).toMatchObject({ amount: 500, pendingChange: null });
    t.flow.stop();
  });

  it('names the mandatory limits (loss, time) the player has not set', async () => {
    const t = open();
    await t.settled();
    expect(t.datum().restrictions.missingMandatoryLimits).toEqual(['loss', 'time']);
    t.flow.send(
      marked({
        type: 'PROFILE',
        owner: { userId: t.userId, sid: 5 },
        user: null,
        userInfo: { user_limit_time: 60, user_limit_time_active: 1, user_limit_time_period: 'daily' },
        at: t.clock.now(),
        source: 'remote',
      }),
    );
    expect(t.datum().restrictions.missingMandatoryLimits).toEqual(['loss']);
    t.flow.stop();
  });
});

describe('profile rules', () => {
  it('an SPA exclusion dated ahead of the clock is in force from the moment it is read', () => {
    const now = Date.parse('2026-11-23T15:00:00Z');
    const r = sessionRestrictionsOf(
      freeUserInfo({
        spa_exclusion: 1,
        spa_exclusion_at: '2026-11-23 14:00:00',
        operator_exclusion: 0,
        user_exclusion: 0,
      }),
      { readAt: now, failed: false, now, user: { cancelled_account: false } },
    );
    expect(r.inForce.map((x) => x.kind)).toEqual(['spaExclusion']);
    expect(r.pending).toEqual([]);
    expect(r).toMatchObject({ canBet: false, accountBlocked: true, status: 'current' });
  });
});

describe('profile datum ownership (issue 18 defect 1)', () => {
  const at = Date.parse('2026-11-23T15:00:00Z');
  const barred = freeUserInfo({ spa_exclusion: 1 });
  const datum = (
    owner: { userId: number | null; sid: number | null },
    user: { id: number } | null = null,
  ) => ({
    owner,
    user,
    userInfo: barred,
    at,
    restrictions: sessionRestrictionsOf(barred, {
      readAt: at,
      failed: false,
      now: at,
      user: { cancelled_account: false },
    }),
  });
  const held = { userId: 2, sid: 8, userInfo: {}, userInfoAt: at - 1, restrictions: null };

  it("player 1's late read is dropped once player 2 holds the session; the holder's own is taken", () => {
    expect(profileUpdateOf(held, datum({ userId: 1, sid: 7 }))).toBeNull();
    expect(profileUpdateOf(held, datum({ userId: 1, sid: 8 }))).toBeNull();
    expect(profileUpdateOf(held, datum({ userId: 2, sid: 7 }))).toBeNull();
    expect(profileUpdateOf(held, datum({ userId: 2, sid: null }))).toBeNull();
    // Stamped right, but the answer names another player: not taken either.
    expect(profileUpdateOf(held, datum({ userId: 2, sid: 8 }, { id: 1 }))).toBeNull();
    const taken = profileUpdateOf(held, datum({ userId: 2, sid: 8 }, { id: 2 }));
    expect(taken).toMatchObject({ user: { id: 2 }, userInfo: barred, userInfoAt: at });
    expect(taken?.restrictions).toMatchObject({ status: 'current', canBet: false });
    // The same datum again brings nothing new.
    expect(
      profileUpdateOf({ ...held, ...taken } as never, datum({ userId: 2, sid: 8 }, { id: 2 })),
    ).toBeNull();
  });

  it('reads a player id sent as a numeric string, and nothing else, as that player', () => {
    expect(namesPlayer('2', 2)).toBe(true);
    expect(namesPlayer(' 2 ', 2)).toBe(true);
    expect(namesPlayer('2.0', 2)).toBe(false);
    expect(namesPlayer(1, 2)).toBe(false);
    expect(namesPlayer(true, 1)).toBe(false);
    // No id (absent, null) names no player: not this one's (review L1).
    expect(namesPlayer(undefined, 2)).toBe(false);
    expect(namesPlayer(null, 2)).toBe(false);
    expect(profileUpdateOf(held, datum({ userId: 2, sid: 8 }, {} as never))).toBeNull();
    expect(profileUpdateOf(held, datum({ userId: 2, sid: 8 }, { id: '2' } as never))).not.toBeNull();
  });

  it('a signed-out holder (no login) takes nothing', () => {
    expect(ownsDatum({ userId: null, sid: null }, { userId: null, sid: null })).toBe(false);
  });

  it("the login answer's restrictions are unknown: no betting before the first read", () => {
    const r = loginRestrictionsOf({ user_pause: 0 }, at);
    expect(r).toMatchObject({ status: 'unknown', canBet: false, checkedAt: null, inForce: [] });
  });
});

describe('profile flow: time from elsewhere', () => {
  it('a read dated ahead of the flow clock counts as read now: the SPA re-check still comes at midnight', async () => {
    const t = open('plain', 5);
    await t.settled();
    const before = t.reads();
    // Another tab (or a forged message) says it read a week ahead.
    t.flow.send(
      marked({
        type: 'PROFILE',
        owner: { userId: t.userId, sid: 5 },
        user: null,
        userInfo: {},
        at: t.clock.now() + 7 * 24 * HOUR,
        source: 'remote',
      }),
    );
    expect(t.datum().at).toBeLessThanOrEqual(t.clock.now());
    t.clock.increment(25 * HOUR);
    await t.settled();
    expect(t.reads()).toBeGreaterThan(before);
    // (A read on its way across those 25 h was sent the day before: of that day, stale, REVIEW34;
    // the flow reads again at once, its 0 ms timer run by the simulated clock.)
    t.clock.increment(0);
    await t.settled();
    // A NOW from outside (not the flow's own stamp) is never its time.
    t.flow.send({ type: 'NOW', at: 0 } as never);
    expect(t.datum().restrictions.status).toBe('current');
    t.flow.stop();
  });
});

describe('profile flow: its time is the last trusted stamp, never the largest', () => {
  /** A flow whose clock a test can jump (`skew`) and distrust, as `createClock` does on a device jump. */
  function jumpable(account: 'plain' | 'paused') {
    const userId = ctx.server.seed[account].id;
    const { auth } = signedIn(ctx.server, userId);
    const sim = new SimulatedClock();
    sim.set(Date.now());
    const listeners = new Set<(trusted: boolean) => void>();
    const clock = {
      skew: 0,
      ok: true,
      boundMs: 2_000,
      trusted: () => clock.ok,
      subscribe: (l: (trusted: boolean) => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      /** The clock's trust changes, and its listeners hear it. */
      tell(ok: boolean) {
        clock.ok = ok;
        for (const l of [...listeners]) l(ok);
      },
    };
    const flow: Flow = createActor(profileFlow, {
      clock: sim,
      input: {
        services: { auth, serverNow: () => sim.now() + clock.skew, random: () => 0.5, clock },
        owner: { userId, sid: 5 },
      },
    });
    flow.start();
    const reads = () => ctx.server.requests.filter((r) => r.path === '/auth/user-profile').length;
    const datum = () => profileOf(flow.getSnapshot());
    const settled = () => waitFor(flow, (s) => !s.matches('reading'), { timeout: 10_000 });
    return { flow, sim, clock, reads, datum, settled };
  }
  const pauseOf = (d: ReturnType<typeof profileOf>) => d.restrictions.inForce.find((r) => r.kind === 'pause');

  it('a wake stamped while the clock jumped 2 h ahead (untrusted) does not free a pause with 1 h left after the re-read', async () => {
    const t = jumpable('paused');
    await t.settled();
    const until = pauseOf(t.datum())?.until as number;
    expect(until).toBeGreaterThan(t.sim.now());
    t.sim.set(until - HOUR);
    t.flow.send({ type: 'CHECK' });
    await t.settled();
    expect(pauseOf(t.datum())).toBeDefined();
    // The device clock jumps 2 h ahead: the wake's stamp reads it, the clock is untrusted.
    t.clock.skew = 2 * HOUR;
    t.clock.ok = false;
    t.flow.send({ type: 'WAKE' });
    expect(t.flow.getSnapshot().context.now).toBeLessThanOrEqual(t.sim.now());
    expect(t.datum().restrictions).toMatchObject({ status: 'stale', canBet: false });
    t.clock.tell(false); // the clock's own event: the flow reads again
    // That answer re-teaches the clock before the read is stamped.
    t.clock.skew = 0;
    t.clock.ok = true;
    await t.settled();
    t.clock.tell(true);
    expect(t.flow.getSnapshot().context.now).toBe(t.sim.now());
    expect(pauseOf(t.datum())).toBeDefined();
    expect(t.datum().restrictions).toMatchObject({ status: 'current', canBet: false });
    t.flow.stop();
  });

  it('an untrusted stamp a day ahead neither decides a new São Paulo day nor becomes the time', async () => {
    const t = jumpable('plain');
    await t.settled();
    const before = t.flow.getSnapshot().context.now;
    t.clock.skew = 24 * HOUR;
    t.clock.ok = false;
    t.flow.send({ type: 'WAKE' });
    await t.settled();
    expect(t.reads()).toBe(1);
    expect(t.flow.getSnapshot().context.now).toBe(before);
    expect(t.datum().restrictions).toMatchObject({ status: 'stale', canBet: false });
    // The clock's own event: a read (not a new day's); its answer re-teaches the clock.
    t.clock.tell(false);
    t.clock.skew = 0;
    t.clock.ok = true;
    await t.settled();
    t.clock.tell(true);
    expect(t.reads()).toBe(2);
    expect(t.flow.getSnapshot().context.now).toBe(t.sim.now());
    expect(t.datum().restrictions).toMatchObject({ status: 'current', canBet: true });
    t.flow.stop();
  });

  it('a later trusted stamp earlier than the one before is the time (the offset was re-learned downwards)', async () => {
    const t = jumpable('plain');
    await t.settled();
    t.clock.skew = 30 * 60_000; // a trusted clock that later corrects itself by half an hour
    t.flow.send({ type: 'WAKE' });
    expect(t.flow.getSnapshot().context.now).toBe(t.sim.now() + 30 * 60_000);
    t.clock.skew = 0;
    t.flow.send({ type: 'WAKE' });
    expect(t.flow.getSnapshot().context.now).toBe(t.sim.now());
    t.flow.stop();
  });
});
