import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseServerTime, restrictionsOf } from '../../src/responsible-gaming/index';
import { readBoolean, readNumber } from '../../src/schemas/common';

const NOW = Date.parse('2026-11-23T15:00:00Z');
/** How far ahead a start may read and still be in force (review MED-2): 18 h. */
const SLACK = 64_800_000;
/** How much later a naive date may mean than it reads (REVIEW-K 4): 10 h. */
const LATE = 36_000_000;
/** Written with a zone (`Z` or an offset after its time): exact. */
const zoned = (v: unknown) =>
  typeof v === 'string' && /\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d(:?\d\d)?)$/i.test(v.trim());

// Values the fields may hold: the right ones, and every wrong one a server could send.
const date = fc.oneof(
  fc.constant(null),
  fc.constantFrom(
    '2026-11-01 10:00:00',
    '2026-11-23 11:59:59',
    // Ahead of NOW but within 18 h (in force, review MED-2), and just past 18 h (pending); the rule
    // itself: naive-start-in-force.property.test.ts.
    '2026-11-23 18:00:00',
    '2026-11-24 06:00:01',
    '2026-11-30',
    '2027-06-01T00:00:00Z',
    '2020-01-01',
    '2026-02-30',
    'soon',
    '',
  ),
  fc
    .date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.string(),
  fc.integer(),
);
const anyValue = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.integer({ min: -2, max: 70 }),
  fc.double(),
  fc.string(),
  fc.boolean(),
  fc.constantFrom(-1, 0, 1, '1', 'yes'),
  fc.jsonValue(),
);
const userInfo = fc.record(
  {
    user_pause: anyValue,
    user_pause_at: date,
    user_pause_in: date,
    user_pause_min: date,
    user_exclusion: anyValue,
    user_exclusion_at: date,
    user_exclusion_in: date,
    user_exclusion_min: date,
    operator_exclusion: anyValue,
    operator_exclusion_at: date,
    operator_exclusion_note: anyValue,
    spa_exclusion: anyValue,
    spa_exclusion_at: date,
    spa_exclusion_note: anyValue,
    user_limit_time: anyValue,
    user_limit_time_active: anyValue,
    user_limit_time_period: fc.oneof(anyValue, fc.constantFrom('daily', 'weekly', 'monthly')),
    user_limit_time_change: fc.oneof(
      anyValue,
      date,
      fc.jsonValue().map((v) => JSON.stringify(v)),
    ),
  },
  { requiredKeys: [] },
);

describe('restrictionsOf over arbitrary input (property)', () => {
  it('never throws, on any JSON at all', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 4e12 }), (value, now) => {
        const r = restrictionsOf(value, now);
        expect(Array.isArray(r.inForce)).toBe(true);
      }),
    );
  });

  it('never reports a restriction the fields do not support', () => {
    // The checks below are per case: these count that every case happened, so none is vacuous.
    const seen = new Set<string>();
    fc.assert(
      fc.property(userInfo, (info) => {
        const r = restrictionsOf(info, NOW);
        const all = [...r.inForce, ...r.pending];
        for (const x of all) {
          seen.add(x.kind);
          if (x.until !== null) seen.add('until');
          // The one tolerant reader is the oracle: '1', ' 1 ', true and 1 are the same flag.
          if (x.kind === 'spaExclusion') expect(readBoolean(info.spa_exclusion)).toBe(true);
          if (x.kind === 'operatorExclusion') expect(readBoolean(info.operator_exclusion)).toBe(true);
          if (x.kind === 'selfExclusion') {
            const months = readNumber(info.user_exclusion);
            expect(months === -1 || (typeof months === 'number' && months > 0)).toBe(true);
            expect(x.permanent).toBe(months === -1);
          }
          if (x.kind === 'pause') {
            const days = readNumber(info.user_pause);
            expect(typeof days === 'number' && days > 0).toBe(true);
          }
          if (x.kind === 'timeLimitZero') expect(r.limits.time).toMatchObject({ active: true, amount: 0 });
          // Nothing that has ended is reported.
          if (x.until !== null) expect(x.until).toBeGreaterThan(NOW);
        }
        // In force from 18 h before its start (review MED-2: it may be now, written in another zone),
        // except an exclusion with no end: in force once read (fail closed).
        for (const x of r.inForce) {
          if (x.since !== null && !x.permanent && !x.indefinite)
            expect(x.since).toBeLessThanOrEqual(NOW + SLACK);
        }
        for (const x of r.pending) expect(x.permanent || x.indefinite).toBe(false);
        for (const x of r.pending) expect(x.since).toBeGreaterThan(NOW + SLACK);
        // A pause whose stated end is past is never reported (naive: by the latest it may mean,
        // 10 h after it reads, REVIEW-K 4; with a zone, exact).
        const pauseEnd = parseServerTime(info.user_pause_in);
        if (pauseEnd !== null && pauseEnd + (zoned(info.user_pause_in) ? 0 : LATE) <= NOW) {
          seen.add('pauseEnded');
          expect(all.some((x) => x.kind === 'pause')).toBe(false);
        }
        // Each kind at most once; strongest first.
        // (An active time limit of 0 last: review 116.)
        const order = ['spaExclusion', 'operatorExclusion', 'selfExclusion', 'pause', 'timeLimitZero'];
        const idx = r.inForce.map((x) => order.indexOf(x.kind));
        expect([...idx].sort((a, b) => a - b)).toEqual(idx);
        expect(new Set(all.map((x) => x.kind)).size).toBe(all.length);
        // Unknown restrictions never allow betting (fail closed).
        expect(r.known).toBe(r.unreadable.length === 0);
        expect(r.canBet).toBe(r.inForce.length === 0 && r.known);
        // Blocked by an exclusion in force, or by one that cannot be read (it may be in force; its
        // earliest lift too: REVIEW-J).
        const exclusionUnread = r.unreadable.some((f) => /(^|_)exclusion(_at|_in|_min)?$/.test(f));
        expect(r.accountBlocked).toBe(r.inForce.some((x) => x.kind !== 'pause') || exclusionUnread);
        const t = r.limits.time;
        if (t.amount !== null) expect(t.amount).toBe(readNumber(info.user_limit_time));
        if (t.active) expect(readBoolean(info.user_limit_time_active)).toBe(true);
        if (t.pendingChange?.effectiveAt != null) expect(t.pendingChange.effectiveAt).toBeGreaterThan(NOW);
        if (t.amount !== null) seen.add('timeAmount');
        if (t.active) seen.add('timeActive');
      }),
      // Every case is always met by these two (a generated run reaches an end ahead ("until") about 4
      // times in 500, a pause or a self-exclusion about 8): the coverage check is never left to luck.
      {
        numRuns: 500,
        examples: [
          [
            {
              user_pause: 30,
              user_pause_at: '2026-11-01 10:00:00',
              user_pause_in: '2027-06-01T00:00:00Z',
              user_exclusion: 6,
              user_exclusion_at: '2026-11-01 10:00:00',
              user_exclusion_in: '2027-06-01T00:00:00Z',
              spa_exclusion: 1,
              operator_exclusion: 1,
              user_limit_time: 60,
              user_limit_time_active: 1,
              user_limit_time_period: 'daily',
            },
          ],
          [{ user_pause: 1, user_pause_at: '2020-01-01', user_pause_in: '2020-01-01' }],
          // (An active time limit of 0, review 116: always tried, the coverage below never left to
          // luck; CI seed of aca0b80f generated none.)
          [{ user_limit_time: 0, user_limit_time_active: 1, user_limit_time_period: 'daily' }],
        ],
      },
    );
    expect([...seen].sort()).toEqual(
      [
        'operatorExclusion',
        'pause',
        'pauseEnded',
        'selfExclusion',
        'spaExclusion',
        'timeActive',
        'timeAmount',
        'timeLimitZero',
        'until',
      ].sort(),
    );
  });

  it('reports zeros as nothing', () => {
    fc.assert(
      fc.property(userInfo, (info) => {
        // (And no active time limit: one of 0 bars play, review 116.)
        const zeroed = {
          ...info,
          spa_exclusion: 0,
          operator_exclusion: 0,
          user_exclusion: 0,
          user_pause: 0,
          user_limit_time_active: 0,
        };
        const r = restrictionsOf(zeroed, NOW);
        expect(r.inForce).toEqual([]);
        expect(r.pending).toEqual([]);
      }),
    );
  });

  it('reads a hostile object as unknown instead of throwing', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
      },
    );
    const r = restrictionsOf(hostile, NOW);
    expect(r.inForce).toEqual([]);
    // Nothing could be read: unknown, never "free to bet".
    expect(r).toMatchObject({ known: false, canBet: false });
  });
});

describe('restrictionsOf: an exclusion is pending only with an end (property)', () => {
  // Why the session shows restrictionsOf's lists as they are: a restriction that closes the account
  // and has no end is in force once read (fail closed), so no such one is ever pending, for any
  // start a server date can name (years 1900-9999, any zone) and any clock.
  const year = fc.integer({ min: 1900, max: 9999 });
  const two = (max: number) => fc.integer({ min: 1, max }).map((n) => String(n).padStart(2, '0'));
  const farDate = fc.oneof(
    fc.constantFrom('9999-12-31 23:59:59', '9999-12-31T23:59:59-12:00', '9999-12-31T23:59:59+14:00'),
    fc
      .tuple(year, two(12), two(28), fc.constantFrom('', ' 00:00:00', 'T23:59:59Z', 'T12:00:00-03:00'))
      .map(([y, m, d, t]) => `${y}-${m}-${d}${t}`),
  );
  const exclusionInfo = fc.record(
    {
      user_exclusion: fc.constantFrom(-1, 3, 6, 12, 24, 36, 60, '60', '-1', 0),
      user_exclusion_at: fc.oneof(farDate, fc.constant(null)),
      user_exclusion_in: fc.oneof(fc.constant(null), fc.constant(''), farDate, fc.string()),
      user_exclusion_min: fc.oneof(fc.constant(null), farDate),
      spa_exclusion: fc.constantFrom(0, 1, '1', true),
      spa_exclusion_at: fc.oneof(farDate, fc.constant(null)),
      operator_exclusion: fc.constantFrom(0, 1, '1.00'),
      operator_exclusion_at: fc.oneof(farDate, fc.constant(null)),
      user_pause: fc.constantFrom(0, 1, 45),
      user_pause_at: fc.oneof(farDate, fc.constant(null)),
    },
    { requiredKeys: [] },
  );

  it('never lists as pending a restriction that closes the account without an end', () => {
    let pendingExclusions = 0;
    fc.assert(
      fc.property(exclusionInfo, fc.integer({ min: 0, max: 4e12 }), (info, now) => {
        const r = restrictionsOf(info, now);
        for (const x of r.pending) {
          if (x.blocksAccount) pendingExclusions++;
          expect(x.blocksAccount && x.until === null).toBe(false);
        }
        for (const x of r.inForce) if (x.permanent || x.indefinite) expect(x.blocksAccount).toBe(true);
      }),
      { numRuns: 2000 },
    );
    // Not vacuous: self-exclusions starting ahead of the clock were pending, each with its end.
    expect(pendingExclusions).toBeGreaterThan(50);
  });
});
