import { type PlayClockStore, playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';

// `PlayTimeInput.store` and `createPamClient({ playClock })` are public: an app's own store
// (IndexedDB mirror, sessionStorage, its server) may hand back a record it did not check. The
// machine validates heard records (`playClockRecordOf`) but uses `store.read()` as is: a count of
// NaN is added to and shown as is, and the player reads as under the limit
// with `leftMs` NaN, forever (NaN is written back). Fail closed: a record that is not one is no
// record (or not known), never a count under the limit.

const T0 = Date.parse('2026-11-23T15:00:00Z'); // Monday, 12:00 in São Paulo

function run(stored: object) {
  const clock = new SimulatedClock();
  clock.set(T0);
  let record: unknown = stored;
  const store: PlayClockStore = {
    read: () => record as never,
    write: (r) => {
      record = r;
    },
  };
  const actor = createActor(playTimeMachine, {
    clock,
    input: { limit: { amount: 1, period: 'daily', active: true }, store, now: () => clock.now() },
  }).start();
  for (let t = 0; t < 5 * 60; t++) clock.increment(1000);
  const p = selectPlayTime(actor.getSnapshot());
  actor.stop();
  return p;
}

describe('a custom play clock store that hands back a record it did not check', () => {
  it('a NaN count does not show a player who played 5 minutes of a 1-minute limit as under it', () => {
    const p = run({ periodKey: 'daily:2026-11-23', usedMs: Number.NaN, lastBeat: null });
    expect(p?.reached).toBe(true);
    expect(Number.isNaN(p?.leftMs)).toBe(false);
  });
});
