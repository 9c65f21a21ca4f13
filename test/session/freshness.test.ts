import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock, waitFor } from 'xstate';
import { createCrossTab } from '../../machines/cross-tab';
import { internal } from '../../machines/session/events';
import { profileFlow, profileOf } from '../../machines/session/profile';
import { liftsAny } from '../../machines/session/profile-rules';
import { restrictionsOf } from '../../src/responsible-gaming/index';
import { FakeChannelHub } from '../support/fake-channel';
import { freeUserInfo } from '../support/free-user-info';
import { signedIn, useReferenceServer } from '../support/server';

// Issue 26 symptom 1, "freshness by server time": everything a read produced carries the server
// time of that read; the flow compares by (login id, read time), never by arrival; another tab's
// data may only tighten what this tab shows; a stamp past serverNow + the clock's bound is refused.
// Reads over a real socket against the reference server; time is a SimulatedClock.

const ctx = useReferenceServer();
const marked = (e: object) => internal(e as never) as never;
const SEC = 1_000;
const BOUND_MS = 2_000;

type Flow = Actor<typeof profileFlow>;

function open(account: 'plain' | 'spaBarred' | 'paused' = 'plain', sid = 5) {
  const userId = ctx.server.seed[account].id;
  const { auth } = signedIn(ctx.server, userId);
  const clock = new SimulatedClock();
  clock.set(Date.now());
  const trust = { trusted: () => true, subscribe: () => () => {}, boundMs: BOUND_MS };
  const flow: Flow = createActor(profileFlow, {
    clock,
    input: {
      services: { auth, serverNow: () => clock.now(), random: () => 0.5, clock: trust } as never,
      owner: { userId, sid },
    },
  });
  flow.start();
  const reads = () => ctx.server.requests.filter((r) => r.path === '/auth/user-profile').length;
  const datum = () => profileOf(flow.getSnapshot());
  const settled = () => waitFor(flow, (s) => !s.matches('reading'), { timeout: 10_000 });
  const remote = (userInfo: Record<string, unknown>, at: number) =>
    flow.send(
      marked({ type: 'PROFILE', owner: { userId, sid }, user: null, userInfo, at, source: 'remote' }),
    );
  return { flow, clock, userId, reads, datum, settled, remote };
}

const NOTHING = freeUserInfo();
const BARRED = { ...NOTHING, spa_exclusion: 1 };

describe('freshness by server time (issue 26 symptom 1)', () => {
  it("an older read from another tab never replaces this tab's newer one", async () => {
    // This tab read the exclusion; the other tab's read (made before the SPA barred the player)
    // arrives late.
    const t = open('spaBarred');
    await t.settled();
    const readAt = t.datum().at as number;
    t.remote(NOTHING, readAt - 10 * SEC);
    expect(t.datum()).toMatchObject({ at: readAt, source: 'read' });
    expect(t.datum().restrictions).toMatchObject({ status: 'current', canBet: false, accountBlocked: true });
    t.flow.stop();
  });

  it("another tab's newer read may tighten, never lift: lifting waits for this tab's own read", async () => {
    const t = open('spaBarred');
    await t.settled();
    t.clock.increment(30 * SEC);
    const before = t.reads();
    t.remote(NOTHING, t.clock.now());
    expect(t.datum().restrictions).toMatchObject({ canBet: false, accountBlocked: true });
    expect(t.datum().source).toBe('read');
    // The lift is checked here: this tab reads the profile itself.
    await waitFor(t.flow, (s) => s.matches('reading'));
    await t.settled();
    expect(t.reads()).toBeGreaterThan(before);
    t.flow.stop();

    const p = open('plain', 6);
    await p.settled();
    expect(p.datum().restrictions.canBet).toBe(true);
    p.clock.increment(30 * SEC);
    p.remote(BARRED, p.clock.now());
    expect(p.datum()).toMatchObject({ source: 'remote', at: p.clock.now() });
    expect(p.datum().restrictions).toMatchObject({ status: 'current', canBet: false });
    p.flow.stop();
  });

  it("a stamp later than serverNow plus the clock's bound is refused, not read as now: the tab reads for itself, barred meanwhile (X-1)", async () => {
    const t = open('plain');
    await t.settled();
    const own = t.datum();
    t.remote(BARRED, t.clock.now() + BOUND_MS + 1);
    expect(t.datum()).toMatchObject({ at: own.at, source: 'read', restrictions: { canBet: false } });
    await t.settled(); // its own read: the server bars nothing
    expect(t.datum()).toMatchObject({ source: 'read', restrictions: { canBet: true } });
    // Within the bound it counts (a tab whose clock runs a little ahead).
    t.remote(BARRED, t.clock.now() + BOUND_MS);
    expect(t.datum()).toMatchObject({ source: 'remote', restrictions: { canBet: false } });
    t.flow.stop();
  });

  it("the channel carries the read's server time, not the sending tab's clock", () => {
    const hub = new FakeChannelHub();
    const sender = createCrossTab(hub.channel(), {
      tabId: 'a',
      random: () => 0,
      timers: { setTimeout, clearTimeout } as never,
      now: () => 9_000_000,
    });
    const readAt = 1_700_000_000_000;
    (sender.publishProfile as (...a: unknown[]) => void)(NOTHING, { userId: 1, sid: 5 }, readAt);
    expect(hub.sent).toEqual([expect.objectContaining({ type: 'profile', at: readAt })]);
    sender.close();
  });
});

// Review of issues 26/27, F: another tab's data that only moves an end earlier, drops `permanent`
// or brings the earliest lift forward was taken as "no lift", and the `change` timer then freed the
// player without this tab's own read. Each is a lift now.
describe('liftsAny: an earlier end is a lift', () => {
  const NOW = Date.parse('2026-11-28T12:00:00Z');
  const read = (info: Record<string, unknown>) => restrictionsOf(freeUserInfo(info), NOW);
  it.each([
    [
      'a pause ending earlier',
      { user_pause: 14, user_pause_at: '2026-11-20 09:30:00', user_pause_in: '2026-12-04 09:30:00' },
      { user_pause: 14, user_pause_at: '2026-11-20 09:30:00', user_pause_in: '2026-11-28 09:30:00' },
    ],
    [
      'a permanent self-exclusion against a 3-month one ending in 30 minutes',
      { user_exclusion: -1, user_exclusion_at: '2026-08-28 09:30:00' },
      {
        user_exclusion: 3,
        user_exclusion_at: '2026-08-28 09:30:00',
        user_exclusion_in: '2026-11-28 09:30:00',
      },
    ],
    [
      'an earlier earliestLiftAt',
      { user_pause: 7, user_pause_at: '2026-11-27 09:00:00', user_pause_min: '2026-12-01 09:00:00' },
      { user_pause: 7, user_pause_at: '2026-11-27 09:00:00', user_pause_min: '2026-11-29 09:00:00' },
    ],
  ])('%s', (_, ours, theirs) => {
    const [a, b] = [read(ours), read(theirs)];
    expect(b.canBet).toBe(false); // still restricted: only the end moved
    expect(liftsAny(a, b)).toBe(true);
    expect(liftsAny(b, a)).toBe(false); // the other way only tightens
  });
});
