import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restrictionsOf } from '../../src/responsible-gaming/index';
import { freeUserInfo } from '../support/free-user-info';

// Review 7, H1: a restriction whose count or flag says "none" (`user_pause` null, absent or 0,
// `user_exclusion: 0`, an operator or SPA flag of 0) while one of its dates says it is in force or
// pending (a start, an end or an earliest lift ahead of now) contradicts itself. It was read as no
// restriction (`canBet: true`); it is now unknown and blocks betting (fail closed). A count of none
// whose dates are all past, null, '' or PHP's zero date is no restriction, as before.

const D = 86_400_000;
/** A naive timestamp in São Paulo (UTC-3), as a PHP back end writes it. */
const naive = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const iso = (ms: number) => new Date(ms).toISOString();
/**
 * How much later a naive date may mean than it reads (REVIEW-K 4, `lateBy`: written in UTC-12, 9
 * hours, and an hour for the clock): one read up to 10 hours past may still be ahead.
 */
const LATE = 36_000_000;

/** 2025 to 2035, on whole seconds (naive timestamps carry no fraction). */
const now = fc.integer({ min: 1_735_700_000, max: 2_051_000_000 }).map((s) => s * 1000);
/** "None", as a back end may write it. */
const sentNone = fc.constantFrom<unknown>(null, 0, '0', '0.00', ' 0 ');
/** "None", or `absent`: the field left out (unreadable in itself: the profile always carries it). */
const none = fc.oneof(sentNone, fc.constant<unknown>('absent'));
/** A date written either way, at `ms`. */
const written = (ms: number) => fc.constantFrom(naive(ms), iso(ms));
/** Seconds (whole, at least 1) to a year and a half. */
const offset = fc.integer({ min: 1, max: 540 * 86_400 }).map((s) => s * 1000);
/** A date that says nothing ahead: past (naive: by more than `LATE`), null, '' or a zero date. */
const behind = (t: number) =>
  fc.oneof(
    offset.chain((o) => fc.constantFrom(naive(t - o - LATE), iso(t - o))),
    fc.constantFrom<unknown>(null, '', '0000-00-00 00:00:00', '0000-00-00', 0, '1969-12-31 21:00:00'),
  );

/** `info` over a profile answering every other field with none, `field` set to `v` (or left out). */
const withNone = (over: Record<string, unknown>, field: string, v: unknown) => {
  const info = freeUserInfo(over);
  if (v === 'absent') delete info[field];
  else info[field] = v;
  return info;
};

/** A date of a restriction at `t`: ahead (a start, end or lift still to come) or saying nothing ahead. */
const dated = (t: number) =>
  fc.oneof(
    fc
      .oneof(
        offset.chain((o) => written(t + o)),
        // Naive and read in the past, but within `LATE`: it may mean a time ahead.
        fc.integer({ min: 0, max: LATE / 1000 - 1 }).map((s) => naive(t - s * 1000)),
      )
      .map((d) => ({ ahead: true, d })),
    behind(t).map((d) => ({ ahead: false, d })),
  );
/** A time, and the three dates (`_at`, `_in`, `_min`) of a restriction at it. */
const threeDates = now.chain((t) => fc.tuple(fc.constant(t), fc.tuple(dated(t), dated(t), dated(t))));

const infoOf = (field: string, v: unknown, dates: { d: unknown }[]) =>
  withNone(Object.fromEntries(['_at', '_in', '_min'].map((x, i) => [field + x, dates[i]!.d])), field, v);

describe.each(['user_pause', 'user_exclusion'] as const)(
  '%s saying none while a date says otherwise',
  (field) => {
    it('unknown, never "absent": canBet false, the field unreadable (an exclusion blocks the account)', () => {
      fc.assert(
        fc.property(
          threeDates.filter(([, ds]) => ds.some((x) => x.ahead)),
          none,
          ([t, dates], v) => {
            const r = restrictionsOf(infoOf(field, v, dates), t);
            expect(r).toMatchObject({
              canBet: false,
              known: false,
              accountBlocked: field === 'user_exclusion',
            });
            expect(r.unreadable).toEqual([field]);
          },
        ),
      );
    });

    it('every date past, null, empty or a zero date: no restriction (no false alarm)', () => {
      fc.assert(
        fc.property(
          threeDates.filter(([, ds]) => ds.every((x) => !x.ahead)),
          sentNone,
          ([t, dates], v) => {
            const r = restrictionsOf(infoOf(field, v, dates), t);
            expect(r).toMatchObject({ canBet: true, known: true, unreadable: [], inForce: [], pending: [] });
          },
        ),
      );
    });

    it('the review’s cases', () => {
      const t = Date.parse('2026-11-29T14:00:00Z');
      const cases: Record<string, unknown>[] = [
        { [field]: null, [`${field}_at`]: iso(t - D), [`${field}_in`]: iso(t + 5 * D) },
        { [field]: undefined, [`${field}_at`]: iso(t - D), [`${field}_in`]: iso(t + 5 * D) },
        { [field]: 0, [`${field}_at`]: iso(t - D), [`${field}_in`]: iso(t + 90 * D) },
        { [field]: 0, [`${field}_min`]: iso(t + 5 * D) },
        { [field]: 0, [`${field}_at`]: naive(t + D) },
      ];
      for (const info of cases) {
        expect(restrictionsOf(freeUserInfo(info), t), JSON.stringify(info)).toMatchObject({
          canBet: false,
          known: false,
          unreadable: [field],
        });
      }
    });
  },
);

describe.each(['spa', 'operator'] as const)('%s_exclusion not set while its start is ahead', (who) => {
  it('unknown and blocking; a start in the past (an exclusion lifted) is none', () => {
    fc.assert(
      fc.property(now, none, offset, fc.boolean(), fc.boolean(), (t, v, o, isAhead, asIso) => {
        // (Naive, past by more than `LATE`: a naive start read nearer may mean one ahead.)
        const at = isAhead ? t + o : t - o - (asIso ? 0 : LATE);
        const info = withNone(
          { [`${who}_exclusion_at`]: asIso ? iso(at) : naive(at) },
          `${who}_exclusion`,
          v,
        );
        const r = restrictionsOf(info, t);
        // Left out, it is unknown whatever its start says (the profile always carries it).
        const unknown = isAhead || v === 'absent';
        expect(r).toMatchObject({
          canBet: !unknown,
          known: !unknown,
          accountBlocked: unknown,
          unreadable: unknown ? [`${who}_exclusion`] : [],
        });
      }),
    );
  });
});

// Review 8, item 2: a date SENT but unreadable (garbage, an epoch number, a day-first date, an
// object, a blank) beside a count of none cannot say "none": it may hide a start or end ahead. Only
// null, absent, '' and the zero dates mean none; any other unreadable value is unknown (fail closed).
const unreadableDate = fc.oneof(
  fc.constantFrom<unknown>(
    'garbage',
    ' ',
    '30/12/2099',
    '2099-13-01',
    4_102_444_800_000,
    4_102_444_800,
    true,
    {},
  ),
  fc.string().filter((s) => s !== '' && s.trim() !== '0' && !/^\s*\d{4}-\d{2}-\d{2}/.test(s)),
  fc.integer().filter((n) => n !== 0),
  fc.double().filter((n) => n !== 0),
  fc.object(),
);

describe.each(['user_pause', 'user_exclusion'] as const)(
  '%s saying none beside a date sent but unreadable',
  (field) => {
    it('unknown: canBet false, the field unreadable', () => {
      fc.assert(
        fc.property(
          now,
          none,
          fc.constantFrom('_at', '_in', '_min'),
          unreadableDate,
          threeDates,
          (t, v, suffix, bad, [, dates]) => {
            const info = infoOf(field, v, dates);
            info[field + suffix] = bad;
            const r = restrictionsOf(info, t);
            expect(r).toMatchObject({ canBet: false, known: false });
            expect(r.unreadable).toEqual([field]);
          },
        ),
      );
    });
  },
);

describe.each(['spa', 'operator'] as const)(
  '%s_exclusion not set beside a start sent but unreadable',
  (who) => {
    it('unknown and blocking', () => {
      fc.assert(
        fc.property(now, none, unreadableDate, (t, v, bad) => {
          const r = restrictionsOf(withNone({ [`${who}_exclusion_at`]: bad }, `${who}_exclusion`, v), t);
          expect(r).toMatchObject({ canBet: false, known: false, unreadable: [`${who}_exclusion`] });
        }),
      );
    });
  },
);
