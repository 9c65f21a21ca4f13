// REVIEW36's harness: the profile flow alone on a simulated clock, its reads answered by the test
// (at once, or held until `deliver`), its clock's trust set by the test, and the userInfo shapes
// its tests read (a pause or a self-exclusion in force from a given server time).

import { expect } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import type { AcceptedStore, ProfileServices } from '../../machines/session/profile';
import { profileFlow, profileOf } from '../../machines/session/profile';
import { BOUND, flush, S, simTimers } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';

const DAY = 86_400_000;

/** São Paulo wall time as the API writes it (`YYYY-MM-DD hh:mm:ss`, UTC-3). */
export const sp = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** A pause of `days` in force from `from` (its whole second), as the server answers it. */
export const pausedFrom = (from: number, days = 7) =>
  freeUserInfo({
    user_pause: days,
    user_pause_at: sp(from - (from % 1000)),
    user_pause_in: sp(from + days * DAY),
  });

/** A self-exclusion of three months in force from `from` (its whole second). */
export const excludedFrom = (from: number) =>
  freeUserInfo({
    user_exclusion: 3,
    user_exclusion_at: sp(from - (from % 1000)),
    user_exclusion_in: sp(from + 90 * DAY),
  });

interface Options {
  /** The userInfo the server answers, read as each request comes. */
  info: () => Record<string, unknown>;
  /** Answers held until `deliver()` (else at once). */
  hold?: boolean;
  /** The flow's `serverNow()` (default: the simulated clock). */
  serverNow?: () => number;
  /** The clock's trust at first (default: trusted); `setTrusted` changes it and tells the flow. */
  trusted?: boolean;
  accepted?: AcceptedStore;
}

/** The profile flow of player 1, started on `clock`. */
export function profileOn(clock: SimulatedClock, o: Options) {
  let trusted = o.trusted ?? true;
  let reads = 0;
  const held: (() => void)[] = [];
  const listeners = new Set<(t: boolean) => void>();
  const services = {
    auth: {
      getUserProfile: () => {
        reads++;
        const answer = { user: { id: 1, cancelled_account: false }, userInfo: o.info() };
        return o.hold ? new Promise((resolve) => held.push(() => resolve(answer))) : Promise.resolve(answer);
      },
    },
    serverNow: o.serverNow ?? (() => clock.now()),
    random: () => 0.5,
    clock: {
      trusted: () => trusted,
      learned: () => true,
      subscribe: (l: (t: boolean) => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      boundMs: BOUND,
    },
    timers: simTimers(clock),
    ...(o.accepted && { accepted: o.accepted }),
  } as unknown as ProfileServices;
  const flow = createActor(profileFlow, { clock, input: { services, owner: { userId: 1, sid: 1 } } }).start();
  return {
    flow,
    reads: () => reads,
    held,
    restrictions: () => profileOf(flow.getSnapshot()).restrictions,
    setTrusted(t: boolean) {
      trusted = t;
      for (const l of [...listeners]) l(t);
    },
    /** Answers every read held, in the order sent. */
    async deliver() {
      while (held.length) {
        held.shift()!();
        await flush();
      }
    },
    /** `n` steps of `ms` of simulated time, each step's timers and answers run. */
    async run(n: number, ms: number) {
      for (let i = 0; i < n; i++) {
        clock.increment(ms);
        await flush();
      }
    },
  };
}

/**
 * The page opens 1 ms before midnight on a clock 1.5 bounds ahead, not trusted; its first read is
 * sent then (answers held); the midnight, the clock trusted again, and the answer 5 s later. The
 * register bars the player from `day` on (the server reads it as each request comes).
 */
export async function firstReadAcrossMidnight() {
  const clock = new SimulatedClock();
  const day = nextBrazilMidnight(Date.parse('2026-11-23T12:00:00Z'));
  clock.set(day - 1);
  let skew = 1.5 * BOUND;
  const tab = profileOn(clock, {
    info: () => freeUserInfo({ spa_exclusion: clock.now() >= day ? 1 : 0 }),
    hold: true,
    serverNow: () => clock.now() + skew,
    trusted: false,
  });
  await flush();
  expect(tab.reads()).toBe(1);
  clock.increment(1); // the midnight: the read was made the day before
  skew = 0;
  tab.setTrusted(true);
  await flush();
  clock.increment(5 * S);
  await flush();
  tab.held.shift()!();
  await flush();
  return { tab: { ...tab, now: () => clock.now() }, day };
}
