import fc from 'fast-check';
import { restrictionsOf } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { D, form, freeInfo, H, nowArb, write } from './oracle';

// Review 127: a pause (1-45 days) or a self-exclusion (3..60 months, -1) with its start and end
// written in every form the docs read (naive São Paulo, `T`, fractions, `Z`, offsets, a bare date),
// judged at clocks placed on its edges (the latest end exactly, 1 ms before, 1 ms after; the start
// 18 h ahead exactly). Oracle (docs "Derived rules"): barred while now < the latest instant the end
// may mean and the start as read is at most 18 h ahead; a permanent one whatever its dates.

const MONTHS = [3, 6, 12, 24, 36, 60] as const;

const caseArb = fc.record({
  now: nowArb,
  pause: fc.boolean(),
  days: fc.integer({ min: 1, max: 45 }),
  months: fc.constantFrom(...MONTHS),
  atForm: form,
  inForm: form,
  withEnd: fc.boolean(),
  // Where the clock is: 0 = near the end, 1 = near the start's 18 h slack, 2 = anywhere.
  where: fc.constantFrom(0, 1, 2),
  delta: fc.constantFrom(-1, 0, 1, -H, H, 5 * H),
  spread: fc.integer({ min: -70 * D, max: 3 * D }),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function build(c: Case) {
  const len = c.pause ? c.days * D : c.months * 31 * D; // an exclusion's `_in` a little late: never short
  // A true start; then the clock placed relative to an edge.
  const start0 = c.now + c.spread;
  const at = write(start0, c.atForm);
  const end = write(start0 + len, c.inForm);
  const latestEnd = c.withEnd || !c.pause ? end.latest : at.latest + c.days * D;
  let now = c.now;
  if (c.where === 0) now = latestEnd + c.delta;
  if (c.where === 1) now = at.read - 18 * H + c.delta;
  const info = freeInfo();
  const f = c.pause ? 'user_pause' : 'user_exclusion';
  info[f] = c.pause ? c.days : c.months;
  info[`${f}_at`] = at.text;
  info[`${f}_in`] = c.withEnd || !c.pause ? end.text : null;
  const barred = now < latestEnd && at.read <= now + 18 * H;
  return { info, now, barred, kind: c.pause ? 'pause' : 'selfExclusion', latestEnd };
}

describe('pause and self-exclusion edges against the docs oracle (review 127)', () => {
  it('barred by the docs => the client bars (never free while the end may be ahead)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { info, now, barred, kind } = build(c);
        fc.pre(barred);
        const r = restrictionsOf(info, now);
        expect(r.canBet).toBe(false);
        expect(r.inForce.map((x) => x.kind)).toContain(kind);
      }),
      { numRuns: 3000 },
    );
  });

  it('free by the docs => the client shows the player free (ended, or scheduled > 18 h ahead)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { info, now, barred } = build(c);
        fc.pre(!barred && now >= 1e12);
        const r = restrictionsOf(info, now);
        expect({ canBet: r.canBet, unreadable: r.unreadable }).toEqual({ canBet: true, unreadable: [] });
      }),
      { numRuns: 3000 },
    );
  });

  it('a permanent self-exclusion (-1) bars at any clock, whatever its dates say', () => {
    fc.assert(
      fc.property(nowArb, form, fc.integer({ min: -3000 * D, max: 3000 * D }), (now, f, off) => {
        const info = freeInfo();
        info.user_exclusion = fc.sample(fc.constantFrom(-1, '-1', '-1.00', ' -1 '), 1)[0];
        info.user_exclusion_at = write(now + off, f).text;
        const r = restrictionsOf(info, now);
        expect(r).toMatchObject({ canBet: false, accountBlocked: true });
      }),
      { numRuns: 500 },
    );
  });
});
