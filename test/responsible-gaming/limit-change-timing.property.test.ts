// REVIEW29A-5, -6: a pending limit change is timed by one judgement (`compareLimit`, amount, period
// and flag together). One it proves looser holds until the latest instant its naive
// `effective_at` may mean (+10 h: test/responsible-gaming/naive-change-held.property.test.ts);
// any other (it may tighten) holds from the earliest (-18 h, as a restriction's start): never later
// than the instant the server meant, whatever zone wrote it (UTC-12:00 to UTC+14:00), and exactly
// with a zone. A bare timestamp (values unknown) is one that may tighten: unknown once due.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareLimit } from '../../src/responsible-gaming/limits';
import { type LimitKind, restrictionsOf } from '../../src/responsible-gaming/restrictions';
import { earliestTimeOf } from '../../src/responsible-gaming/time';
import { freeUserInfo } from '../support/free-user-info';

const H = 3_600_000;
const BASE = Date.UTC(2026, 0, 1);
const naiveIn = (ms: number, zone: number) =>
  new Date(ms + zone * 60_000).toISOString().slice(0, 19).replace('T', ' ');
const zonedIn = (ms: number, zone: number) => {
  const a = Math.abs(zone);
  const off = `${zone < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
  return `${naiveIn(ms, zone).replace(' ', 'T')}${off}`;
};
/** A true instant (whole seconds in 2026) written in a zone from UTC-12:00 to UTC+14:00, naive or not. */
const written = fc
  .record({
    at: fc.integer({ min: 0, max: 365 * 86_400 }).map((s) => BASE + s * 1000),
    zone: fc.integer({ min: -720, max: 840 }),
    naive: fc.boolean(),
  })
  .map((g) => ({ ...g, text: g.naive ? naiveIn(g.at, g.zone) : zonedIn(g.at, g.zone) }));

type Setting = { amount: number; period: 'daily' | 'weekly' | 'monthly'; active: boolean };
const setting: fc.Arbitrary<Setting> = fc.record({
  amount: fc.constantFrom(0, 10, 60, 70, 300, 310, 500, 600),
  period: fc.constantFrom('daily', 'weekly', 'monthly'),
  active: fc.boolean(),
});
/** A limit and a change of it that compareLimit does not prove looser. */
const tightening = fc
  .record({ kind: fc.constantFrom<LimitKind>('deposit', 'bet', 'loss', 'time'), from: setting, to: setting })
  .filter(({ from, to }) => compareLimit(to, from) !== 'stricter');

describe('a change that may tighten is never applied later than its earliest reading (property)', () => {
  it('due from earliestTimeOf (naive: 18 h before its São Paulo reading; zoned: exact), so never after the instant meant', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(tightening, written, fc.integer({ min: -30 * 3600, max: 30 * 3600 }), (g, w, s) => {
        const key = `user_limit_${g.kind}`;
        const info = freeUserInfo({
          [key]: g.from.amount,
          [`${key}_active`]: g.from.active ? 1 : 0,
          [`${key}_period`]: g.from.period,
          [`${key}_change`]: JSON.stringify({ ...g.to, active: g.to.active ? 1 : 0, effective_at: w.text }),
        });
        const now = w.at + s * 1000;
        const limit = restrictionsOf(info, now).limits[g.kind];
        const earliest = earliestTimeOf(w.text)!;
        expect(earliest).toBeLessThanOrEqual(w.at);
        expect(earliest).toBe(w.naive ? Date.parse(`${w.text.replace(' ', 'T')}-03:00`) - 18 * H : w.at);
        if (now >= earliest) {
          seen.add('applied');
          expect(limit).toMatchObject({ ...g.to, pendingChange: null, known: true });
        } else {
          seen.add('pending');
          expect(limit).toMatchObject({ ...g.from, known: true });
          expect(limit.pendingChange?.effectiveAt).toBe(earliest);
        }
      }),
      { numRuns: 5000 },
    );
    expect([...seen].sort()).toEqual(['applied', 'pending']);
  });

  it('a bare timestamp (values unknown) is due at its earliest reading, and the limit is then unknown', () => {
    fc.assert(
      fc.property(written, fc.integer({ min: -30 * 3600, max: 30 * 3600 }), (w, s) => {
        const now = w.at + s * 1000;
        const r = restrictionsOf(freeUserInfo({ user_limit_loss_change: w.text }), now);
        const due = now >= earliestTimeOf(w.text)!;
        expect(r.limits.loss.known).toBe(!due);
        expect(r.canBet).toBe(!due);
        expect(r.limits.loss.pendingChange?.effectiveAt ?? null).toBe(due ? null : earliestTimeOf(w.text));
      }),
      { numRuns: 3000 },
    );
  });
});
