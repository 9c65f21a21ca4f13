import { createLocalStoragePlayClock, playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';

// A tab that has counted the player past the limit takes whatever valid record the store holds
// as the truth, even one lower for the very period it counted in: a record written by another
// script, or by a fresh tab (empty own copy) after the key was removed (localStorage.clear() by
// app code, "clear site data"), lowers its count. Fail closed: a count this tab has seen for a
// period is never lowered by a store it cannot vouch for (as heard records already are: `merged`).

const MIN = 60_000;
const S = 1000;
const T0 = Date.parse('2026-11-23T15:00:00Z'); // Monday, 12:00 in São Paulo

function page() {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
  return { data, storage };
}

function tab(
  clock: SimulatedClock,
  storage: { getItem(k: string): string | null; setItem(k: string, v: string): void },
) {
  const actor = createActor(playTimeMachine, {
    clock,
    input: {
      limit: { amount: 10, period: 'daily', active: true },
      store: createLocalStoragePlayClock('pam-client.play-time:7', storage),
      now: () => clock.now(),
    },
  }).start();
  return actor;
}

describe('a tab past the limit and a store that holds less than it counted', () => {
  it('a fresh tab after the key was removed does not bring the counting tab back under the limit', () => {
    const clock = new SimulatedClock();
    clock.set(T0);
    const { data, storage } = page();
    const a = tab(clock, storage);
    for (let t = 0; t < 11 * 60; t++) clock.increment(S);
    expect(selectPlayTime(a.getSnapshot())).toMatchObject({ reached: true });
    // App code clears localStorage (or the user clears site data); a new tab opens.
    data.clear();
    const c = tab(clock, storage);
    for (let t = 0; t < 20; t++) clock.increment(S);
    const shown = selectPlayTime(a.getSnapshot());
    // The tab that counted 11 minutes still knows the player played at least 10.
    expect(shown?.usedMs).toBeGreaterThanOrEqual(10 * MIN);
    expect(shown?.reached).toBe(true);
    a.stop();
    c.stop();
  });

  it('a lower valid record written by another script does not lower the count', () => {
    const clock = new SimulatedClock();
    clock.set(T0);
    const { data, storage } = page();
    const a = tab(clock, storage);
    for (let t = 0; t < 11 * 60; t++) clock.increment(S);
    expect(selectPlayTime(a.getSnapshot())).toMatchObject({ reached: true });
    data.set(
      'pam-client.play-time:7',
      JSON.stringify({ periodKey: 'daily:2026-11-23', usedMs: 0, lastBeat: clock.now() }),
    );
    for (let t = 0; t < 20; t++) clock.increment(S);
    expect(selectPlayTime(a.getSnapshot())?.usedMs).toBeGreaterThanOrEqual(10 * MIN);
    expect(a.getSnapshot().status).toBe('active');
    a.stop();
  });
});
