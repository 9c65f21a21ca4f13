import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { missingMandatoryLimits } from '../../src/responsible-gaming/mandatory';
import { restrictionsOf } from '../../src/responsible-gaming/restrictions';
import { earliestTimeOf, latestTimeOf } from '../../src/responsible-gaming/time';
import { freeUserInfo } from '../support/free-user-info';

// REVIEW30 R30-1, R30-3: the service may write a time as a bare date (`YYYY-MM-DD`, a DATE
// column), naive (`YYYY-MM-DD HH:mm:ss`, no zone) or with a zone, in any zone from UTC−12:00 to
// UTC+14:00. A bare date says only "some time that day". The rule, failing closed:
// - what bars (a pause's or self-exclusion's end, the stricter limit a looser change replaces)
//   holds until the LATEST instant its stamp may mean: a bare date, its day over in UTC−12:00,
//   plus an hour for clock error; naive, its wall time in UTC−12:00 plus an hour; zoned, exactly;
// - what bars may start from the EARLIEST (a start; a stricter change; a switch-off of a mandatory
//   limit: whether the limit is still set): the day's start or wall time in UTC+14:00, less an hour.
// The oracles below are written from that rule (no code of src/), so each checks the other.

const H = 3_600_000;
const D = 86_400_000;
const BASE = Date.UTC(2026, 0, 1);

type Form = 'bare' | 'naive' | 'zoned';
/** `ms` as the wall clock `zone` minutes off UTC: `YYYY-MM-DDTHH:mm:ss`. */
const wall = (ms: number, zone: number) => new Date(ms + zone * 60_000).toISOString().slice(0, 19);
/** `ms` written in `zone` as `form`. */
const write = (ms: number, zone: number, form: Form) => {
  if (form === 'bare') return wall(ms, zone).slice(0, 10);
  if (form === 'naive') return wall(ms, zone).replace('T', ' ');
  const a = Math.abs(zone);
  const off = `${zone < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
  return `${wall(ms, zone)}${off}`;
};
/** The latest instant `text` may mean (the rule above). */
const latestOf = (text: string) =>
  text.length === 10
    ? Date.parse(`${text}T00:00:00-12:00`) + D + H
    : text.length === 19
      ? Date.parse(`${text.replace(' ', 'T')}-12:00`) + H
      : Date.parse(text);
/** The earliest instant `text` may mean (the rule above). */
const earliestOf = (text: string) =>
  text.length === 10
    ? Date.parse(`${text}T00:00:00+14:00`) - H
    : text.length === 19
      ? Date.parse(`${text.replace(' ', 'T')}+14:00`) - H
      : Date.parse(text);
/** How `text` reads in São Paulo (2026 on: UTC−03:00 all year), the day's start for a bare date. */
const readOf = (text: string) =>
  text.length === 10
    ? Date.parse(`${text}T00:00:00-03:00`)
    : text.length === 19
      ? Date.parse(`${text.replace(' ', 'T')}-03:00`)
      : Date.parse(text);

/** A true instant (whole seconds in 2026), written in a zone, as a bare date, naive or zoned. */
const stamp = fc
  .record({
    at: fc.integer({ min: 0, max: 365 * 86_400 }).map((s) => BASE + s * 1000),
    zone: fc.integer({ min: -720, max: 840 }),
    form: fc.constantFrom<Form>('bare', 'naive', 'zoned'),
  })
  .map((g) => ({ ...g, text: write(g.at, g.zone, g.form) }));
/** A stamp and a time near it: within 2 days, often within 40 hours. */
const near = fc
  .record({
    s: stamp,
    off: fc.oneof(
      fc.integer({ min: -40 * 3600, max: 40 * 3600 }),
      fc.integer({ min: -2 * 86_400, max: 2 * 86_400 }),
    ),
  })
  .map(({ s, off }) => ({ s, now: s.at + off * 1000 }));

/** A bare date and a time in the window main read as over: after its day's start + 10 h, before its latest. */
const bareInWindow = (at: number, zone: number) => {
  const s = { at, zone, form: 'bare' as Form, text: write(at, zone, 'bare') };
  return { s, now: readOf(s.text) + 10 * H + 1000 };
};
/** A time between the old reading of a bare date (its day's start) and its true instant. */
const bareEarly = (at: number, zone: number) => {
  const s = { at, zone, form: 'bare' as Form, text: write(at, zone, 'bare') };
  return { s, now: s.at - 1000 };
};

describe('a stamp is read from its earliest to its latest meaning (bare date, naive, zoned)', () => {
  it('property: latestTimeOf and earliestTimeOf are the rule, and bracket the true instant', () => {
    fc.assert(
      fc.property(stamp, (s) => {
        expect(latestTimeOf(s.text)).toBe(latestOf(s.text));
        expect(earliestTimeOf(s.text)).toBe(earliestOf(s.text));
        expect(latestOf(s.text)).toBeGreaterThanOrEqual(s.at);
        expect(earliestOf(s.text)).toBeLessThanOrEqual(s.at);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('a barring restriction is never shown over before the latest instant its stamp may mean', () => {
  it('property: a pause or self-exclusion with its end (`_in`) so written is in force exactly until then', () => {
    let window = 0;
    fc.assert(
      fc.property(near, fc.boolean(), fc.integer({ min: 1, max: 45 }), ({ s, now }, pause, days) => {
        const field = pause ? 'user_pause' : 'user_exclusion';
        const info = freeUserInfo({
          [field]: pause ? days : 3,
          // A start written exactly, well before (an end short of its length would be unreadable).
          [`${field}_at`]: new Date(s.at - (pause ? days + 2 : 95) * D).toISOString(),
          [`${field}_in`]: s.text,
        });
        const r = restrictionsOf(info, now);
        expect(r.known).toBe(true);
        const held = now < latestOf(s.text);
        expect(r.inForce.map((x) => x.kind)).toEqual(held ? [pause ? 'pause' : 'selfExclusion'] : []);
        expect(r.inForce[0]?.until ?? null).toBe(held ? latestOf(s.text) : null);
        // Before its true end the player never bets, nor is an exclusion's account open.
        if (now < s.at) expect([r.canBet, r.accountBlocked]).toEqual([false, !pause]);
        if (s.form === 'bare' && held && now >= readOf(s.text) + 10 * H) window++;
      }),
      {
        numRuns: 2000,
        examples: [
          [bareInWindow(Date.UTC(2026, 11, 10, 2), -180), true, 7],
          [bareInWindow(Date.UTC(2026, 11, 10, 2), -180), false, 7],
        ],
      },
    );
    expect(window).toBeGreaterThan(0);
  });

  it('property: a pause from its start (`_at`) so written holds N days past the latest its start may mean', () => {
    fc.assert(
      fc.property(near, fc.integer({ min: 1, max: 45 }), ({ s, now: n }, days) => {
        const info = freeUserInfo({ user_pause: days, user_pause_at: s.text });
        // A time near its true end, from its true start on.
        const now = Math.max(s.at, n + days * D);
        const r = restrictionsOf(info, now);
        const holds = latestOf(s.text) + days * D;
        expect(r.known).toBe(true);
        expect(r.inForce.map((x) => x.kind)).toEqual(now < holds ? ['pause'] : []);
        if (now < s.at + days * D) expect(r.canBet).toBe(false);
      }),
      { numRuns: 2000, examples: [[bareEarly(Date.UTC(2026, 11, 3, 2, 59), -180), 7]] },
    );
  });

  it('property: a self-exclusion of N months from its start so written holds N São Paulo months past its latest', () => {
    fc.assert(
      fc.property(
        near,
        fc.constantFrom(3, 6, 12),
        fc.integer({ min: -2 * 86_400, max: 2 * 86_400 }),
        ({ s }, months, off) => {
          fc.pre(s.form !== 'zoned'); // (its São Paulo calendar fields are the text's)
          const [y, mo, d, h = 0, mi = 0, sec = 0] = s.text.split(/[- :]/).map(Number) as number[];
          // (Counted in São Paulo's months on its fields, or in UTC's from the instant they mean
          // there, whichever ends later: a server may keep UTC and write São Paulo's wall time, review 127.)
          const utc = new Date(readOf(s.text));
          utc.setUTCMonth(utc.getUTCMonth() + months);
          const end =
            Math.max(Date.UTC(y!, mo! - 1 + months, d!, h, mi, sec) + 3 * H, utc.getTime()) +
            (latestOf(s.text) - readOf(s.text));
          const now = Math.max(s.at, end + off * 1000);
          const r = restrictionsOf(freeUserInfo({ user_exclusion: months, user_exclusion_at: s.text }), now);
          expect(r.inForce.map((x) => x.kind)).toEqual(now < end ? ['selfExclusion'] : []);
          expect(r.accountBlocked).toBe(now < end);
        },
      ),
      {
        numRuns: 1000,
        examples: [
          [
            {
              s: { at: 1772312400000, zone: 0, form: 'naive', text: '2026-02-28 21:00:00' },
              now: 1772312400000,
            },
            3,
            0,
          ],
        ],
      },
    );
  });

  it('property: a start so written bars from the earliest instant it may mean (never pending once begun)', () => {
    fc.assert(
      fc.property(near, ({ s, now }) => {
        const info = freeUserInfo({
          user_pause: 10,
          user_pause_at: s.text,
          user_pause_in: new Date(s.at + 10 * D).toISOString(),
        });
        const r = restrictionsOf(info, now);
        if (now >= earliestOf(s.text)) expect(r.inForce.map((x) => x.kind)).toEqual(['pause']);
        if (now >= s.at) expect(r.canBet).toBe(false);
      }),
      { numRuns: 1500 },
    );
  });
});

/** A profile with one daily limit of `amount`, active (or not), and a change to it at `text`. */
const limited = (kind: string, amount: number, active: number, change: Record<string, unknown>) =>
  freeUserInfo({
    [`user_limit_${kind}`]: amount,
    [`user_limit_${kind}_active`]: active,
    [`user_limit_${kind}_period`]: 'daily',
    [`user_limit_${kind}_change`]: JSON.stringify(change),
  });

describe('a limit change so written: a looser one never before its latest, a stricter one from its earliest', () => {
  it('property: looser (100 to 600 a day) applies exactly from the latest instant its stamp may mean', () => {
    let window = 0;
    fc.assert(
      fc.property(near, ({ s, now }) => {
        const r = restrictionsOf(limited('bet', 100, 1, { amount: 600, effective_at: s.text }), now);
        expect(r.limits.bet.amount).toBe(now < latestOf(s.text) ? 100 : 600);
        if (now < s.at) expect(r.limits.bet.amount).toBe(100);
        if (s.form === 'bare' && now < latestOf(s.text) && now >= readOf(s.text) + 10 * H) window++;
      }),
      { numRuns: 2000, examples: [[bareInWindow(Date.UTC(2026, 11, 10, 2), -180)]] },
    );
    expect(window).toBeGreaterThan(0);
  });

  it('property: stricter (600 to 100 a day) applies from the earliest instant its stamp may mean', () => {
    fc.assert(
      fc.property(near, ({ s, now }) => {
        const r = restrictionsOf(limited('bet', 600, 1, { amount: 100, effective_at: s.text }), now);
        expect(r.limits.bet.amount).toBe(now < earliestOf(s.text) ? 600 : 100);
        if (now >= s.at) expect(r.limits.bet.amount).toBe(100);
      }),
      { numRuns: 2000 },
    );
  });

  it('property (R30-3): a mandatory loss limit switched off is missing from the earliest instant; one switched on, until the latest', () => {
    let early = 0;
    fc.assert(
      fc.property(near, ({ s, now }) => {
        const off = missingMandatoryLimits(limited('loss', 500, 1, { active: 0, effective_at: s.text }), now);
        expect(off.includes('loss')).toBe(now >= earliestOf(s.text));
        if (now >= s.at) expect(off).toContain('loss');
        const on = missingMandatoryLimits(limited('loss', 500, 0, { active: 1, effective_at: s.text }), now);
        expect(on.includes('loss')).toBe(now < latestOf(s.text));
        if (s.form !== 'zoned' && now >= earliestOf(s.text) && now < latestOf(s.text)) early++;
      }),
      { numRuns: 1500, examples: [[bareEarly(Date.UTC(2026, 11, 3, 2, 59), -180)]] },
    );
    expect(early).toBeGreaterThan(0);
  });
});
