import fc from 'fast-check';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { type PlayClockRecord, type PlayClockStore, usedIn } from '../../machines/play-time/clock';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
import { playPeriodOf } from '../../src/responsible-gaming/time';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

// Review G, G3: an app's `playClock` factory that threw was replaced by a fresh memory clock (count
// 0) for the client's whole life, so a player the app's store records as over the daily time limit
// was shown `canBet: true` with the whole limit left. Now a factory that throws means the time
// played is not known (betting off, as a store whose read throws), and the factory is asked again
// at each beat (every second while not known) and at each login, until it gives a store, which is
// then kept for the client's life (asked once per player per client, as before).

const ctx = useReferenceServer();
const tracked = trackedFetch();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const HOUR = 3_600_000;

/** The app's record: two hours played today (and in the day that follows: no flake at midnight). */
function overTheLimit(): PlayClockRecord {
  const day = (at: number) => playPeriodOf('daily', at).key;
  const now = Date.now();
  return {
    periodKey: day(now + 10 * 60_000),
    usedMs: 2 * HOUR,
    other: { periodKey: day(now), usedMs: 2 * HOUR },
    lastBeat: null,
  };
}

/**
 * An app's factory that throws at the calls `throwsAt` says (by call number, from 0), and gives the
 * store otherwise; it counts its calls, and notes the time (`sim`) of the first that gave the store.
 */
function factory(store: PlayClockStore, throwsAt: (call: number) => boolean, sim: SimulatedClock) {
  const f = Object.assign(
    (_userId: number | null): PlayClockStore => {
      const call = f.calls++;
      if (throwsAt(call)) throw new Error('IndexedDB blocked');
      f.gave ??= { call, at: sim.now() };
      return store;
    },
    { calls: 0, gave: null as { call: number; at: number } | null },
  );
  return f;
}

/** A client on simulated timers with the app's play clock factory, signed in as the time-limited player. */
function client(playClock: (userId: number | null) => PlayClockStore, sim: SimulatedClock) {
  const wall = Date.now();
  const c = createPamClient({
    baseURL: ctx.server.url,
    fetch: tracked.fetch,
    environment: { channel: null, timers: sim, now: () => wall + sim.now() },
    playClock,
  });
  clients.push(c);
  const signIn = async () => {
    const { email, password } = ctx.server.seed.timeLimit;
    c.login({ login: email, password });
    // (Timers due now fire while it waits: the device clock ran ahead of the server's since the
    // last answer, so the read's send stamp is proven wrong by its answer and the flow reads once
    // more, at once, REVIEW35.)
    await until(() => (sim.increment(0), c.view.restrictions?.status === 'current'), 'the restrictions read');
    await until(() => c.view.playTime !== null, 'the play time in the view');
  };
  const seconds = async (n: number) => {
    for (let t = 0; t < n; t++) {
      sim.increment(1_000);
      await tracked.idle();
    }
  };
  return { c, signIn, seconds };
}

describe("an app's playClock factory that throws (review G, G3)", () => {
  it('shows the play time as not known, betting off, while it throws', async () => {
    const sim = new SimulatedClock();
    const f = factory(createMemoryPlayClock(overTheLimit()), () => true, sim);
    const { c, signIn, seconds } = client(f, sim);
    await signIn();
    await seconds(5);
    expect(c.view.playTime).toMatchObject({ known: false, leftMs: 0, reached: true });
    expect(c.view.restrictions?.canBet).toBe(false);
    // Asked again at the beats (every second while the time is not known), not only once.
    expect(f.calls).toBeGreaterThan(2);
  });

  it('a factory that gives no store (a JavaScript app returning nothing) is taken as one that throws', async () => {
    const sim = new SimulatedClock();
    const { c, signIn, seconds } = client(() => undefined as unknown as PlayClockStore, sim);
    await signIn();
    await seconds(20);
    expect(c.view.playTime).toMatchObject({ known: false, leftMs: 0, reached: true });
    expect(c.view.restrictions?.canBet).toBe(false);
  });

  it('asks again at the next beat: once it gives the store, the store count is shown, and it is asked no more', async () => {
    const sim = new SimulatedClock();
    const store = createMemoryPlayClock(overTheLimit());
    const f = factory(store, (call) => call === 0, sim);
    const { c, signIn, seconds } = client(f, sim);
    await signIn();
    await seconds(2);
    expect(c.view.playTime?.known).toBeUndefined();
    expect(c.view.playTime).toMatchObject({ leftMs: 0, reached: true });
    expect(c.view.playTime?.usedMs).toBeGreaterThanOrEqual(2 * HOUR);
    expect(c.view.restrictions?.canBet).toBe(false);
    const calls = f.calls;
    expect(calls).toBe(2);
    await seconds(20);
    expect(f.calls).toBe(calls);
    expect(usedIn(store.read(), playPeriodOf('daily', Date.now()).key)).toBeGreaterThanOrEqual(2 * HOUR);
  });

  it('asks again at the next login: a factory that threw during a whole login gives the store at the next', async () => {
    const sim = new SimulatedClock();
    let failing = true;
    const f = factory(createMemoryPlayClock(overTheLimit()), () => failing, sim);
    const { c, signIn, seconds } = client(f, sim);
    await signIn();
    await seconds(3);
    expect(c.view.playTime).toMatchObject({ known: false, reached: true });
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
    failing = false;
    await signIn();
    expect(c.view.playTime?.known).toBeUndefined();
    expect(c.view.playTime).toMatchObject({ leftMs: 0, reached: true });
    expect(c.view.restrictions?.canBet).toBe(false);
  });
});

describe("an app's playClock factory that throws and gives stores in any order (property)", () => {
  it('never shows time left to a player over the limit; shows the count within a beat of the first store given, kept from then on', async () => {
    await fc.assert(
      fc.asyncProperty(
        // The factory's answers, call by call (true: it gives the store), then `after` for every later call.
        fc.array(fc.boolean(), { maxLength: 6 }),
        fc.boolean(),
        fc.array(fc.constantFrom('second', 'seconds', 'relogin'), { minLength: 1, maxLength: 8 }),
        async (answers, after, steps) => {
          const sim = new SimulatedClock();
          const f = factory(createMemoryPlayClock(overTheLimit()), (call) => !(answers[call] ?? after), sim);
          const { c, signIn, seconds } = client(f, sim);
          const check = () => {
            // Fail closed: not known, or the store's count (over the limit); never time left.
            expect(c.view.playTime).toMatchObject({ leftMs: 0, reached: true });
            expect(c.view.restrictions?.canBet).toBe(false);
            // Not known until a store is given; known from the beat after it (at most one beat: the
            // beat's own read may throw while the next beat's delay is read from the store given).
            const shown = c.view.playTime;
            const counted = shown?.known === undefined && (shown?.usedMs ?? 0) >= 2 * HOUR;
            const due = f.gave !== null && sim.now() > f.gave.at + 15_000;
            expect(f.gave ? !due || counted : shown?.known === false, JSON.stringify(shown)).toBe(true);
            // The first store given is kept for the client's life: the factory is asked no more.
            expect(f.gave === null || f.calls === f.gave.call + 1, `${f.calls} calls`).toBe(true);
          };
          try {
            await signIn();
            await seconds(1);
            check();
            for (const step of steps) {
              if (step === 'relogin') {
                c.logout();
                await until(() => c.view.status === 'signedOut', 'signed out');
                await signIn();
              }
              await seconds(step === 'seconds' ? 8 : 1);
              check();
            }
            // The factory is asked while the time is not known: a store given is shown by then.
            await seconds(17);
            check();
            expect(c.view.playTime?.known).toBe(answers.includes(true) || after ? undefined : false);
          } finally {
            c.stop();
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000);
});
