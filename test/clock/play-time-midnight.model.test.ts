import fc from 'fast-check';
import type { LimitPeriodName } from 'pam-client';
import { playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { createClock, type PamClock } from '../../machines/clock';
import { type PlayClockStore, usedIn } from '../../machines/play-time/clock';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
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

// One tab: a page with its own clock (its own steady base and monotonic start) and machine, on the
// shared store; its copy of the steady base and the time it could not see (`hidden`).
class Tab {
  readonly clock: PamClock;
  readonly actor: Actor<typeof playTimeMachine>;
  trusted = true;
  // Whether the clock was trusted at this tab's last beat, and whether a beat ever was not.
  beatTrusted = true;
  lost = false;
  beats = 0;
  blind = false;
  // Taught by an answer while blind: no longer blind from its next beat.
  unblind = false;
  // The play and the steps and sleeps so far at this tab's last beat.
  at = { played: 0, jumps: 0 };
  fresh = true;
  // The copy of the steady base (machines/clock.ts, steadyClock) at the last reading of the wall.
  read: { base: number; mono: number; true: number };

  constructor(
    readonly w: World,
    public hidden: number,
    from: Tab | null,
  ) {
    this.read = from ? { ...from.read } : { base: Number.NaN, mono: 0, true: 0 };
    const mono0 = w.timers.now(); // a new page: performance.now() starts again
    this.clock = createClock({ wall: this.wall, monotonic: () => w.timers.now() - mono0 });
    // A page's first answer (a server with `Date`: the run had answers) comes at its start.
    if (w.answered) this.clock.learn(Math.floor(w.trueNow() / S) * S);
    this.trusted = this.clock.trusted();
    this.clock.subscribe((trusted) => {
      this.trusted = trusted;
    });
    this.actor = createActor(playTimeMachine, {
      clock: w.timers,
      input: {
        limit: { amount: 100_000, period: w.kind, active: true },
        store: w.store,
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
      this.beats++;
      if (this.unblind) this.blind = this.unblind = false;
      this.at = { played: w.total, jumps: w.jumps };
      this.beatTrusted = this.trusted;
      this.lost ||= !this.trusted;
    });
  }

  wall = () => {
    const { w, read } = this;
    const [wall, mono, t] = [w.trueNow() + w.shift, w.timers.now(), w.trueNow()];
    // A new page's base starts at the wall (behind the pages' before it after a step back: the
    // time between is hidden from it).
    const base =
      Number.isNaN(read.base) || this.fresh
        ? wall
        : Math.max(wall, read.base + Math.max(0, mono - read.mono));
    this.fresh = false;
    if (!Number.isNaN(read.base)) this.hidden += Math.max(0, t - read.true - (base - read.base));
    this.read = { base, mono, true: t };
    return wall;
  };
}

class World {
  readonly timers = new SimulatedClock();
  readonly store: PlayClockStore = createMemoryPlayClock();
  readonly played = new Map<string, number>();
  tabs: Tab[] = [];
  newest: Tab | null = null;
  slept = 0;
  shift = 0;
  answered = false;
  total = 0;
  jumps = 0;
  // Play a closed page had not counted yet, lost when a step or sleep since its last beat leaves the
  // next page unable to place the mark (it looks further back than a gap): at most one beat a close.
  dropped = 0;
  blind = false;
  // No step and no sleep so far: every clock trusted, no count may grow faster than play.
  steady = true;

  constructor(
    readonly start: number,
    readonly kind: LimitPeriodName,
  ) {
    this.open();
  }

  /** A new page on the store (its first reading continues the newest tab's copy of the base). */
  open() {
    const from = this.newest;
    // A page opened after a step or sleep no page has beaten since (nothing in the store tells it)
    // on a server without `Date` (no answer yet) trusts the device clock as is: what the device
    // cannot see (docs/time.md). Such pages are not checked, and the play from then on is not
    // counted on, until an answer.
    this.blind ||= from !== null && from.at.jumps < this.jumps && !this.answered;
    const tab = new Tab(this, from?.hidden ?? 0, from);
    tab.blind = this.blind;
    this.tabs.push(tab);
    this.newest = tab;
    tab.actor.start();
  }

  close(tab: Tab) {
    if (tab.at.jumps < this.jumps) this.dropped += this.total - tab.at.played;
    tab.actor.stop();
    this.tabs = this.tabs.filter((t) => t !== tab);
  }

  trueNow = () => this.start + this.timers.now() + this.slept;
  truePeriod = (at = this.trueNow()) => playPeriodOf(this.kind, at).key;

  /** Awake play, second by second (each second in the true period of its middle). */
  play(seconds: number) {
    for (let i = 0; i < seconds; i++) {
      const key = this.truePeriod(this.trueNow() + S / 2);
      this.timers.increment(S);
      this.played.set(key, (this.played.get(key) ?? 0) + S);
      this.total += S;
      if (this.blind) this.dropped += S;
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
    const record = this.store.read();
    for (const tab of this.tabs) {
      const shown = selectPlayTime(tab.actor.getSnapshot())?.usedMs ?? 0;
      // Until its second beat, a page may show a beat less: its first could not place the shared
      // mark (a step made it look further back than a gap), or knew nothing yet of a step the other
      // page saw at its next beat (the record tells it then: `behind`).
      const settled = tab.trusted && tab.beatTrusted;
      if (settled && tab.lost) seen.regained++;
      if (tab.blind) continue;
      const least = played - BEAT - tab.hidden - this.dropped - (tab.beats > 1 ? 0 : BEAT);
      expect(shown, `shown for ${key}`).toBeGreaterThanOrEqual(least);
      // Once trusted (and a beat since), the store's count of the true period.
      const stored = usedIn(record, key as string);
      expect(
        !settled || stored >= least,
        `stored for ${key}: ${stored}, played ${played}, least ${least}, hidden ${tab.hidden}`,
      ).toBe(true);
    }
    // No spurious doubling: with no step and no sleep, no period counts more than was played in it.
    for (const c of [record, record?.other]) {
      const over = this.steady && c ? c.usedMs - (this.played.get(c.periodKey) ?? 0) : 0;
      expect(over, `counted over play in ${c?.periodKey}`).toBeLessThanOrEqual(BEAT);
    }
  }
}

// How often the store's invariant was checked after a beat on an untrusted clock, and in how many
// runs (the generator must reach it).
const seen = { regained: 0, runs: 0 };

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

const answerCommand = command('answer', (w) => {
  w.answered = true;
  w.blind = false;
  for (const tab of w.tabs) {
    tab.clock.learn(Math.floor(w.trueNow() / S) * S);
    // A blind page sees what the answer taught at its next beat (play time reads the clock when it
    // beats): until then it may still show its count of the device's period.
    if (tab.blind) tab.unblind = true;
  }
});
const answer = fc.constant(answerCommand);
// Every run ends with the server heard twice and some play: a clock that lost its trust gets it
// back, and the store's count of the true period is checked then (invariant 2), in every run that
// lost it, not only where the generator happened to end that way.
const SETTLE = [answerCommand, answerCommand, command('play(31 s)', (w) => w.play(31))];

const playFor = (s: number) => command(`play(${s} s)`, (w) => w.play(s));
const sleepFor = (ms: number) =>
  command(`sleep(${ms} ms)`, (w) => {
    w.slept += ms;
    w.steady = false;
    w.jumps++;
  });
const stepBy = (ms: number) =>
  command(`step(${ms} ms)`, (w) => {
    w.shift += ms;
    w.steady = false;
    w.jumps++;
  });
const reload = command('reload', (w) => {
  w.close(w.tabs.at(-1) as Tab);
  w.open();
});
const secondTab = command('second tab', (w) => {
  if (w.tabs.length > 1) w.close(w.tabs[0] as Tab);
  w.open();
});
const play = fc.integer({ min: 1, max: 120 }).map(playFor);
// Play three times as often as each of the others, answers twice: most paths are played through,
// and the clock's trust comes back often after a step or a sleep.
const commands = [
  play,
  play,
  play,
  answer,
  answer,
  signed(stepSize).map(stepBy),
  fc.integer({ min: 31 * S, max: 6 * H }).map(sleepFor),
  fc.constant(
    command('wake (BEAT)', (w) => {
      for (const tab of w.tabs) tab.actor.send({ type: 'BEAT' });
    }),
  ),
  // A reload (the newest page closes and a fresh one, a new clock with no beat of its own, opens)
  // or a second tab (a third closes the oldest: at most two open); one slot for both.
  fc.constantFrom(reload, secondTab),
];

/** One generated run: the world from `end + offset`, the commands, then the settling ones. */
function runWorld(end: number, offset: number, kind: LimitPeriodName, cmds: Iterable<Command>) {
  const world = new World(end + offset, kind);
  const before = seen.regained;
  try {
    fc.modelRun(() => ({ model: {}, real: world }), cmds);
    for (const c of SETTLE) c.run({}, world);
  } finally {
    for (const tab of world.tabs) tab.actor.stop();
  }
  if (seen.regained > before) seen.runs++;
}

describe('play time near a period end, over the one clock (model)', () => {
  // A counterexample the model found (a page opened after a step no page had beaten since learns
  // of it from an answer; it shows so at its next beat, and counts the day before then).
  it('a reload after a step across midnight, then an answer', () => {
    const world = new World(ENDS[0]! - 47_001, 'daily');
    const steps: ((w: World) => void)[] = [
      (w) => w.play(45),
      (w) => {
        w.shift += 30_001;
        w.steady = false;
        w.jumps++;
      },
      (w) => {
        w.close(w.tabs.at(-1) as Tab);
        w.open();
      },
      ...SETTLE.map((c) => (w: World) => c.run({}, w)),
    ];
    try {
      for (const step of steps) {
        step(world);
        world.check();
      }
      expect(usedIn(world.store.read(), playPeriodOf('daily', ENDS[0]! - 1).key)).toBeGreaterThanOrEqual(
        44_000,
      );
    } finally {
      for (const tab of world.tabs) tab.actor.stop();
    }
  });

  // CI's seed 1866821398 of the property below, shrunk (thirty-ninth pass), and its edges. The page
  // opened on a device clock 1.5 s ahead after another page beat (its clock trusted at offset 0, the
  // record's `behind` 1.5 s), stepped a beat and 1 ms further: its next beat could not place the
  // mark on the device clock (30 001 ms back, a gap and 1 ms) and placed it by the server time it
  // was written with, 1.5 s ahead, late: 1 s of the beat's own interval went uncounted (28,999 shown
  // for 29,000, fail open). Marks are now written at the earliest server time (`est`). Seen failing
  // first: with a first step from 1 501 ms and a second over a beat, each page and each step below.
  it('CI seed 1866821398: a step of a beat and 1 ms after a reload at midnight, and its edges', () => {
    for (const first of [1499, 1500, 1501, 2 * S, 10 * S])
      for (const then of [BEAT - 1, BEAT, BEAT + 1, BEAT + 2, 2 * BEAT, 2 * BEAT + 1])
        for (const page of [reload, secondTab])
          runWorld(ENDS[0] as number, 0, 'daily', [stepBy(first), playFor(15), page, stepBy(then)]);
  });

  it('never shows less than the time truly played in the true period, less one beat', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ENDS),
        // Mostly within a few minutes of the period's end, sometimes hours before it.
        fc.oneof(fc.integer({ min: -3 * MIN, max: MIN }), fc.integer({ min: -2 * H, max: 10 * MIN })),
        fc.constantFrom<LimitPeriodName>('daily', 'weekly', 'monthly'),
        fc.commands(commands, { maxCommands: 40 }),
        runWorld,
      ),
      {
        numRuns: 400,
        examples: [
          // Found by a full-suite run (seed -242635660): after a sleep, a new page's first beat could
          // not place the shared mark (31 s back) and left it; the page played 2 s and was reloaded
          // before its second beat, and the next page could not place the mark either: those 2 s
          // were lost (15 s shown for 31 s played). The first beat now leaves its time (`since`).
          [
            ENDS[0] as number,
            0,
            'daily',
            [sleepFor(31 * S), reload, answerCommand, playFor(2), reload, playFor(1)],
          ],
          // Found by 8 000 runs of a first form of that fix (seed 839354685), where a new page that
          // counted from `since` moved the shared mark: the old tab's 2 s played before the sleep
          // (its own interval) were cut off (28 s shown for 44 s played).
          [ENDS[0] as number, 0, 'daily', [playFor(17), sleepFor(31 * S), secondTab, reload, stepBy(1)]],
          // Found by CI (seed 1191312753, thirty-seventh pass) on a first form of the play clock's
          // server marks (`PlayClockRecord.server`), written and read on an untrusted clock: the mark
          // written 2 s off (a step not yet corrected) was placed by it after the answers, late, and
          // 500 ms went uncounted (28.5 s shown for 29 s). Marks now carry, and are placed by, the
          // server's time on a trusted clock only.
          [ENDS[0] as number, 0, 'daily', [stepBy(2 * S), playFor(15), stepBy(10 * MIN)]],
          // CI's seed 1866821398 (above): a mark written on a page's server time 1.5 s ahead.
          [ENDS[0] as number, 0, 'daily', [stepBy(1501), playFor(15), reload, stepBy(15_001)]],
        ],
      },
    );
    // About 150 of the 400 runs lose the clock's trust and get it back (SETTLE): far above this.
    expect(seen.runs).toBeGreaterThan(60);
    // (400 runs: ~25 s quiet, 72 s seen at load 16; the bound is for a hung run, not a speed check.)
  }, 240_000);
});
