import fc from 'fast-check';
import type { LimitPeriodName } from 'pam-client';
import { playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { createClock, type PamClock } from '../../machines/clock';
import { type PlayClockStore, usedIn } from '../../machines/play-time/clock';
import { createMemoryPlayClock } from '../../machines/playTimeMachine';
import { playPeriodOf } from '../../src/responsible-gaming/time';

// Play time over the one clock near the operator's period ends (São Paulo midnight, a week's end
// on Sunday night, a month's end), while the device clock is stepped forward and back, the device
// sleeps (the monotonic clock stands still, the wall clock goes on) and answers teach the clock
// the server's time (a `Date` header at the true time). The model is the truth: the true time, and
// the time truly played in each true period. Fail closed (docs/time.md, play time on an untrusted
// clock): at every point the machine shows at least the time truly played in the true period now,
// and once trusted again the store holds at least that for the true period; both less one beat
// (the time since the last beat is not counted yet).
// Less also the time the device could not see pass: a sleep while the device clock was behind the
// steady base (stepped back, the base going on at the monotonic pace), which neither clock shows,
// so nothing on the device tells that the true time is later (docs/time.md). The model keeps a
// copy of the steady base, read when the clock reads the wall, and adds up as `hidden` the true
// time that passed between two readings beyond what the base moved.
// Before the rule, the shrunk counterexample: 30 s before midnight, play 30 s, the device clock
// stepped forward 10 min, a wake-up's beat: shown 0 for the next day's period, 30 s truly played
// in today's.

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const BEAT = 15 * S;
const BOUND = 2 * S; // PamClock.boundMs

// São Paulo midnights (UTC-3): Sunday to Monday (a week's end), Monday to Tuesday and the end of
// November, the end of the year.
const ENDS = [
  Date.parse('2026-11-30T03:00:00Z'),
  Date.parse('2026-12-01T03:00:00Z'),
  Date.parse('2027-01-01T03:00:00Z'),
];

class World {
  readonly timers = new SimulatedClock();
  readonly clock: PamClock;
  readonly store: PlayClockStore = createMemoryPlayClock();
  readonly actor: Actor<typeof playTimeMachine>;
  readonly played = new Map<string, number>();
  slept = 0;
  shift = 0;
  hidden = 0;
  // The copy of the steady base (machines/clock.ts, steadyClock) at the last reading of the wall.
  read = { base: Number.NaN, mono: 0, true: 0 };
  trusted = true;
  // Whether the clock was trusted at this tab's last beat, and whether a beat ever was not.
  beatTrusted = true;
  lost = false;

  constructor(
    readonly start: number,
    readonly kind: LimitPeriodName,
  ) {
    this.clock = createClock({ wall: this.wall, monotonic: () => this.timers.now() });
    this.clock.subscribe((trusted) => {
      this.trusted = trusted;
    });
    this.actor = createActor(playTimeMachine, {
      clock: this.timers,
      input: {
        limit: { amount: 100_000, period: kind, active: true },
        store: this.store,
        now: this.clock.now,
        monotonic: this.clock.monotonic,
        serverNow: this.clock.serverNow,
        trusted: this.clock.trusted,
      },
    });
    let own: unknown = null;
    this.actor.subscribe((snapshot) => {
      if (snapshot.context.own === own) return;
      own = snapshot.context.own;
      this.beatTrusted = this.trusted;
      this.lost ||= !this.trusted;
    });
  }

  trueNow = () => this.start + this.timers.now() + this.slept;

  wall = () => {
    const [wall, mono, t] = [this.trueNow() + this.shift, this.timers.now(), this.trueNow()];
    const { read } = this;
    const base = Number.isNaN(read.base) ? wall : Math.max(wall, read.base + Math.max(0, mono - read.mono));
    if (!Number.isNaN(read.base)) this.hidden += Math.max(0, t - read.true - (base - read.base));
    this.read = { base, mono, true: t };
    return wall;
  };
  truePeriod = (at = this.trueNow()) => playPeriodOf(this.kind, at).key;

  /** Awake play, second by second (each second in the true period of its middle). */
  play(seconds: number) {
    for (let i = 0; i < seconds; i++) {
      const key = this.truePeriod(this.trueNow() + S / 2);
      this.timers.increment(S);
      this.played.set(key, (this.played.get(key) ?? 0) + S);
      this.check();
    }
  }

  check() {
    // Within the clock's bound of a period's end even a trusted `serverNow()` may be on its other
    // side: there the period checked is whichever of the two was played less.
    const t = this.trueNow();
    const [key] = [t - BOUND, t, t + BOUND]
      .map((at) => this.truePeriod(at))
      .sort((a, b) => (this.played.get(a) ?? 0) - (this.played.get(b) ?? 0));
    const played = this.played.get(key as string) ?? 0;
    const shown = selectPlayTime(this.actor.getSnapshot())?.usedMs ?? 0;
    const least = played - BEAT - this.hidden;
    expect(shown, `shown for ${key}`).toBeGreaterThanOrEqual(least);
    // Once trusted (and a beat since), the store's count of the true period.
    const settled = this.trusted && this.beatTrusted;
    const stored = usedIn(this.store.read(), key as string);
    expect(!settled || stored >= least, `stored for ${key}: ${stored}, played ${played}`).toBe(true);
    if (settled && this.lost) seen.regained++;
  }
}

// How often the store's invariant was checked after a beat on an untrusted clock (the generator
// must reach it).
const seen = { regained: 0 };

type Command = fc.Command<object, World>;
const command = (name: string, run: (w: World) => void): Command => ({
  check: () => true,
  run: (_, w) => {
    run(w);
    w.check();
  },
  toString: () => name,
});

const signed = (size: fc.Arbitrary<number>) =>
  fc.tuple(fc.boolean(), size).map(([back, ms]) => (back ? -ms : ms));
const stepSize = fc.oneof(
  fc.integer({ min: 1, max: 2 * S }),
  fc.integer({ min: 2 * S, max: 10 * MIN }),
  fc.integer({ min: 10 * MIN, max: 6 * H }),
);

const play = fc.integer({ min: 1, max: 120 }).map((s) => command(`play(${s} s)`, (w) => w.play(s)));
// Play three times as often as each of the others: most paths are played through.
const commands = [
  play,
  play,
  play,
  signed(stepSize).map((ms) =>
    command(`step(${ms} ms)`, (w) => {
      w.shift += ms;
    }),
  ),
  fc.integer({ min: 31 * S, max: 6 * H }).map((ms) =>
    command(`sleep(${ms} ms)`, (w) => {
      w.slept += ms;
    }),
  ),
  fc.constant(command('answer', (w) => w.clock.learn(Math.floor(w.trueNow() / S) * S))),
  fc.constant(command('wake (BEAT)', (w) => w.actor.send({ type: 'BEAT' }))),
];

describe('play time near a period end, over the one clock (model)', () => {
  it('never shows less than the time truly played in the true period, less one beat', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ENDS),
        // Mostly within a few minutes of the period's end, sometimes hours before it.
        fc.oneof(fc.integer({ min: -3 * MIN, max: MIN }), fc.integer({ min: -2 * H, max: 10 * MIN })),
        fc.constantFrom<LimitPeriodName>('daily', 'weekly', 'monthly'),
        fc.commands(commands, { maxCommands: 40 }),
        (end, offset, kind, cmds) => {
          const world = new World(end + offset, kind);
          world.actor.start();
          try {
            fc.modelRun(() => ({ model: {}, real: world }), cmds);
          } finally {
            world.actor.stop();
          }
        },
      ),
      { numRuns: 400 },
    );
    expect(seen.regained).toBeGreaterThan(100);
  }, 60_000);
});
