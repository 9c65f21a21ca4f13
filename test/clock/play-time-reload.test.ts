import { type PlayTimeInput, playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createClock } from '../../machines/clock';
import { type PlayClockStore, usedIn } from '../../machines/play-time/clock';
import { createMemoryPlayClock } from '../../machines/play-time/stores';

// Review finding (73d651b): the fail-closed rule for an untrusted clock lived in one tab's memory.
// A server with no `Date` header (the clock never learns); the device clock steps forward 1 h at
// 23:40 in São Paulo. The old page counts in both days; a page reloaded after the step (a fresh
// clock: trusted, offset 0, no beat of its own) or a second tab opened after it counted in the
// device's day only, so today's count missed their play (10 min shown for 50 truly played).
// The disagreement now lives in the shared record (`split`): every beat counts in both periods.

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const TODAY = 'daily:2026-11-28';
// 23:00 in São Paulo on the 28th.
const start = Date.UTC(2026, 10, 29, 2, 0);

function world() {
  const timers = new SimulatedClock();
  const store: PlayClockStore = createMemoryPlayClock();
  const at = { shift: 0, monoBase: 0 };
  const trueNow = () => start + timers.now();
  const page = () => {
    const base = timers.now(); // a new page: performance.now() starts again
    const clock = createClock({ wall: () => trueNow() + at.shift, monotonic: () => timers.now() - base });
    const input: PlayTimeInput = {
      limit: { amount: 60, period: 'daily', active: true },
      store,
      now: clock.now,
      monotonic: clock.monotonic,
      serverNow: clock.serverNow,
      trusted: clock.trusted,
    };
    return { clock, actor: createActor(playTimeMachine, { clock: timers, input }).start() };
  };
  const play = (ms: number) => {
    for (let t = 0; t < ms; t += S) timers.increment(S);
  };
  const shown = (p: ReturnType<typeof page>) => selectPlayTime(p.actor.getSnapshot())?.usedMs ?? 0;
  return { store, at, page, play, shown };
}

describe('play time after an untrusted forward step across midnight (no-Date server)', () => {
  it('a reloaded page keeps counting in today (the shown count and the store)', () => {
    const w = world();
    const old = w.page();
    w.play(40 * M); // true 23:40
    w.at.shift += H; // the device says 00:40 on the 29th
    w.play(5 * M);
    expect(old.clock.trusted()).toBe(false);
    expect(w.shown(old)).toBeGreaterThanOrEqual(44 * M);
    old.actor.stop();
    const fresh = w.page();
    expect(fresh.clock.trusted()).toBe(true);
    w.play(5 * M); // true 23:50: 50 min played today
    expect(usedIn(w.store.read(), TODAY)).toBeGreaterThanOrEqual(49 * M);
    expect(w.shown(fresh)).toBeGreaterThanOrEqual(49 * M);
    fresh.actor.stop();
  });

  it('a second tab opened after the step counts in today too', () => {
    const w = world();
    const first = w.page();
    w.play(40 * M);
    w.at.shift += H;
    w.play(5 * M);
    const second = w.page();
    w.play(5 * M); // both tabs open: 50 min played today, each minute once
    expect(usedIn(w.store.read(), TODAY)).toBeGreaterThanOrEqual(49 * M);
    expect(usedIn(w.store.read(), TODAY)).toBeLessThanOrEqual(51 * M);
    expect(w.shown(second)).toBeGreaterThanOrEqual(49 * M);
    expect(w.shown(first)).toBeGreaterThanOrEqual(49 * M);
    first.actor.stop();
    second.actor.stop();
  });

  it('a normal midnight on trusted clocks: yesterday stops growing, today starts at 0', () => {
    const w = world();
    const tab = w.page();
    w.play(59 * M + 50 * S); // true 23:59:50
    w.play(3 * M);
    expect(usedIn(w.store.read(), TODAY)).toBeLessThanOrEqual(60 * M + 15 * S);
    expect(usedIn(w.store.read(), 'daily:2026-11-29')).toBeLessThanOrEqual(3 * M);
    expect(w.shown(tab)).toBeLessThanOrEqual(3 * M);
    tab.actor.stop();
  });
});
