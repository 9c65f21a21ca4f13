// REVIEW29A-5, -6, REVIEW29B: a pending limit change is timed by one judgement (`compareLimit`,
// amount, period and flag together). One it proves stricter or the same holds from the earliest
// instant its naive `effective_at` may mean (-18 h, as a restriction's start): never later than
// the instant the server meant, whatever zone wrote it (UTC-12:00 to UTC+14:00), and exactly with a
// zone. Any other (looser, neither looser nor stricter, values unknown: a bare timestamp) holds
// until the latest (+10 h: test/responsible-gaming/naive-change-held.property.test.ts), the old
// limit shown meanwhile; a bare timestamp is unknown once due.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareLimit } from '../../src/responsible-gaming/limits';
import { type LimitKind, restrictionsOf } from '../../src/responsible-gaming/restrictions';
import { earliestTimeOf, latestTimeOf } from '../../src/responsible-gaming/time';
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
const change = fc.record({
  kind: fc.constantFrom<LimitKind>('deposit', 'bet', 'loss', 'time'),
  from: setting,
  to: setting,
});
/** A limit and a change of it that compareLimit proves stricter or the same. */
const tightening = change.filter(({ from, to }) => compareLimit(from, to) !== 'looser');
/** One it does not: looser, or neither looser nor stricter (600 a month -> 30 a day). */
const notTightening = change.filter(({ from, to }) => compareLimit(from, to) === 'looser');
const infoOf = (g: { kind: LimitKind; from: Setting; to: Setting }, at: string) => {
  const key = `user_limit_${g.kind}`;
  return freeUserInfo({
    [key]: g.from.amount,
    [`${key}_active`]: g.from.active ? 1 : 0,
    [`${key}_period`]: g.from.period,
    [`${key}_change`]: JSON.stringify({ ...g.to, active: g.to.active ? 1 : 0, effective_at: at }),
  });
};

describe('a change proven to tighten is never applied later than its earliest reading (property)', () => {
  it('due from earliestTimeOf (naive: 18 h before its São Paulo reading; zoned: exact), so never after the instant meant', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(tightening, written, fc.integer({ min: -30 * 3600, max: 30 * 3600 }), (g, w, s) => {
        const info = infoOf(g, w.text);
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

  it('a bare timestamp (values unknown) is due at its latest reading (old limit shown till then), and the limit is then unknown', () => {
    fc.assert(
      fc.property(written, fc.integer({ min: -30 * 3600, max: 30 * 3600 }), (w, s) => {
        const now = w.at + s * 1000;
        const r = restrictionsOf(freeUserInfo({ user_limit_loss_change: w.text }), now);
        const latest = latestTimeOf(w.text)!;
        expect(latest).toBeGreaterThanOrEqual(w.at);
        const due = now >= latest;
        expect(r.limits.loss.known).toBe(!due);
        expect(r.canBet).toBe(!due);
        expect(r.limits.loss.pendingChange?.effectiveAt ?? null).toBe(due ? null : latest);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('a change not proven to tighten is never applied before its latest reading (property, REVIEW29B)', () => {
  it('looser or incomparable: the old limit, known, with the change pending, until latestTimeOf; then the new', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(notTightening, written, fc.integer({ min: -30 * 3600, max: 30 * 3600 }), (g, w, s) => {
        const now = w.at + s * 1000;
        const limit = restrictionsOf(infoOf(g, w.text), now).limits[g.kind];
        const latest = latestTimeOf(w.text)!;
        expect(latest).toBeGreaterThanOrEqual(w.at);
        // Incomparable ones too: neither proves the other stricter.
        seen.add(compareLimit(g.to, g.from) === 'stricter' ? 'looser' : 'incomparable');
        if (now >= latest) {
          seen.add('applied');
          expect(limit).toMatchObject({ ...g.to, pendingChange: null, known: true });
        } else {
          seen.add('pending');
          expect(limit).toMatchObject({ ...g.from, known: true });
          expect(limit.pendingChange?.effectiveAt).toBe(latest);
        }
      }),
      { numRuns: 5000 },
    );
    expect([...seen].sort()).toEqual(['applied', 'incomparable', 'looser', 'pending']);
  });

  it('canBet is never true while the old limit still applies and its used amount reaches it', () => {
    // An active bet or loss limit of 0 closes betting (REVIEW29A-1): the old limit at 0 (all used),
    // any change of it: while the server may still hold the old one (before the change's latest
    // reading unless it is proven stricter or the same, which is 0 too), no bet.
    const zeroed = change.map((g) => ({ ...g, kind: g.kind === 'bet' ? 'bet' : ('loss' as LimitKind) }));
    const seen = new Set<boolean>();
    fc.assert(
      fc.property(zeroed, written, fc.integer({ min: -30 * 3600, max: 30 * 3600 }), (g0, w, s) => {
        const g = { ...g0, from: { ...g0.from, amount: 0, active: true } };
        const now = w.at + s * 1000;
        const r = restrictionsOf(infoOf(g, w.text), now);
        const oldMayHold = now < latestTimeOf(w.text)!;
        seen.add(oldMayHold);
        expect(r.canBet).toBe(!oldMayHold && !(g.to.active && g.to.amount === 0));
      }),
      { numRuns: 3000 },
    );
    expect([...seen].sort()).toEqual([false, true]);
  });
});
