import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { ACCEPTED_MS } from '../../machines/session/profile-services';

// REVIEW-T T-7: a tab whose device clock is far behind and has not learned the server's time yet
// recalled the shared record `pam-client.restricted:<id>` as "dated ahead" and wrote it back at its
// own (untaught) time: the record then lapsed early for the tabs on a right clock (canBet: true on
// a lagging read). Rule: a record's time is never moved earlier by a clock that has not learned the
// server's time; one dated ahead is clamped by a learned clock only.

const DAY = 86_400_000;
const g = globalThis as { localStorage?: unknown };
afterEach(() => {
  delete g.localStorage;
});

function webStorage() {
  const items = new Map<string, string>();
  g.localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
  return items;
}
const untaught = { learned: () => false };
const taught = { learned: () => true };
const stored = (items: Map<string, string>, key = 'pam-client.restricted:1') =>
  JSON.parse(items.get(key) ?? 'null');

describe('a clock that has not learned the server time (T-7)', () => {
  it('a tab 48 h behind does not re-date the shared record; a right clock still bars', () => {
    const items = webStorage();
    const T = Date.parse('2030-01-01T12:00:00Z');
    acceptedStoreOf({}).remember(1, { kind: 'pause', at: T });
    // Tab D: its own token store object (another page), clock 48 h behind, untaught.
    expect(acceptedStoreOf({}, untaught).recall(1, T - 48 * 3_600_000)).toMatchObject({ kind: 'pause' });
    expect(stored(items)).toEqual({ kind: 'pause', at: T });
    // Tab E, right clock, an hour later: barred.
    expect(acceptedStoreOf({}, taught).recall(1, T + 3_600_000)).toMatchObject({ kind: 'pause' });
  });

  it('limits dated ahead are not re-dated by an untaught clock either', () => {
    const items = webStorage();
    const T = Date.parse('2030-01-01T12:00:00Z');
    const fields = { user_limit_deposit_active: 1, user_limit_deposit: 10 };
    acceptedStoreOf({}).rememberLimits!(1, { at: T, fields }, T);
    const d = acceptedStoreOf({}, untaught);
    d.rememberLimits!(
      1,
      { at: T - 48 * 3_600_000, fields: { user_limit_deposit_active: 1, user_limit_deposit: 5 } },
      T - 48 * 3_600_000,
    );
    expect(stored(items, 'pam-client.limits:1').at).toBe(T);
    expect(acceptedStoreOf({}, taught).recallLimits!(1, T + 3_600_000)?.fields).toMatchObject({
      user_limit_deposit: 5,
    });
  });

  it('property: over skews and orders, no untaught tab moves the record earlier; right clocks bar for its day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_900_000_000_000, max: 2_000_000_000_000 }),
        // Each step: a tab (its skew, whether its clock learned), recall or hear (remember, as tabs.ts
        // keeps what it hears: clamped to now only when learned), and the true time elapsed.
        fc.array(
          fc.record({
            skew: fc.integer({ min: -10 * DAY, max: 10 * DAY }),
            learned: fc.boolean(),
            hear: fc.boolean(),
            dt: fc.integer({ min: 0, max: DAY / 16 }),
          }),
          { maxLength: 12 },
        ),
        fc.integer({ min: 0, max: ACCEPTED_MS - 1 }),
        (T, steps, late) => {
          const items = webStorage();
          acceptedStoreOf({}).remember(1, { kind: 'pause', at: T });
          let t = T;
          for (const s of steps) {
            t += s.dt;
            // A learned clock reads the server's (true) time; an untaught one its device's.
            const now = s.learned ? t : t + s.skew;
            const store = acceptedStoreOf({}, s.learned ? taught : untaught);
            if (s.hear)
              store.remember(1, { kind: 'pause', at: s.learned ? Math.min(T, now) : T, heard: true });
            else store.recall(1, now);
            expect(stored(items).at).toBeGreaterThanOrEqual(T);
          }
          // A right (learned) clock, still within the record's day: barred.
          // (12 steps of a sixteenth of a day at most: t is within the day.)
          const check = t + (late % (ACCEPTED_MS - (t - T)));
          expect(acceptedStoreOf({}, taught).recall(1, check)).toMatchObject({ kind: 'pause' });
        },
      ),
    );
  });

  it('a learned clock still clamps a record dated ahead (review 8, item 4)', () => {
    const items = webStorage();
    const now = Date.parse('2030-01-01T12:00:00Z');
    items.set('pam-client.restricted:1', JSON.stringify({ kind: 'pause', at: now + 3650 * DAY }));
    expect(acceptedStoreOf({}, untaught).recall(1, now)).toMatchObject({ kind: 'pause' });
    expect(stored(items).at).toBe(now + 3650 * DAY);
    expect(acceptedStoreOf({}, taught).recall(1, now)).toMatchObject({ kind: 'pause' });
    expect(stored(items).at).toBe(now);
    expect(acceptedStoreOf({}, taught).recall(1, now + ACCEPTED_MS)).toBeNull();
  });
});
