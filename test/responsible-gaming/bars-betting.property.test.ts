// REVIEW29A-1, -7, -9: what bars betting, over generated profiles, changes and clocks. `canBet` is
// never true while an active bet or loss limit is 0 (a bet risks a loss; a deposit limit of 0 bars
// deposits only), while the player is under 18 at `now` by `user.birth_date` (Lei 14.790/2023
// art. 26, São Paulo days, as registration judges: `isAtLeastYearsOld`), or while a field of a
// limit's `_change` cannot be read; in `restrictionsOf`, the session's derivation
// (`sessionRestrictionsOf`: the view, getSession's browser side) and the server's (`serverRestrictions`).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionRestrictionsOf } from '../../machines/session/profile-rules';
import { type LimitKind, restrictionsOf } from '../../src/responsible-gaming/restrictions';
import { isAtLeastYearsOld } from '../../src/responsible-gaming/time';
import { serverRestrictions } from '../../src/server/seed';
import { freeUserInfo } from '../support/free-user-info';

const USER = { id: 1, cancelled_account: false };
/** 2001-09-09 to 2100: any plausible time. */
const now = fc.integer({ min: 1e12, max: 4.1e12 });
/** The three readings: the public function, the session's, the server's. */
const readings = (info: Record<string, unknown>, at: number, user: Record<string, unknown> = USER) => [
  restrictionsOf(info, at, user),
  sessionRestrictionsOf(info, { readAt: at, failed: false, now: at, user }),
  serverRestrictions(user, info, at),
];

const amount = fc.constantFrom<unknown>(0, '0', '0.00', 0.0, 1, 50, '100.00', null);
const flag = fc.constantFrom<unknown>(0, 1, '1', '0', true, false, null);
const period = fc.constantFrom<unknown>('daily', 'weekly', 'monthly');
const limit = (kind: LimitKind) =>
  fc.record({
    [`user_limit_${kind}`]: amount,
    [`user_limit_${kind}_active`]: flag,
    [`user_limit_${kind}_period`]: period,
  });
const limits = fc
  .tuple(limit('deposit'), limit('bet'), limit('loss'), limit('time'))
  .map((parts) => freeUserInfo(Object.assign({}, ...parts)));

describe('REVIEW29A-1: an active bet or loss limit of 0 bars betting (property)', () => {
  it('canBet is never true with one, in each reading; it is named in inForce; a deposit limit of 0 bars nothing', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(limits, now, (info, at) => {
        const r = restrictionsOf(info, at);
        // (A time limit of 0 too, review 116: 0 played reaches it.)
        const zero = (['bet', 'loss', 'time'] as const).filter(
          (k) => r.limits[k].active && r.limits[k].amount === 0,
        );
        expect(r.inForce.map((x) => x.kind)).toEqual(zero.map((k) => `${k}LimitZero`));
        for (const x of readings(info, at)) {
          if (zero.length) expect(x.canBet).toBe(false);
          // Nothing else here bars betting (an active time limit aside: the server bars one of 0, or
          // one naming no amount: play time it cannot count).
          else if (!r.limits.time.active) expect(x.canBet).toBe(true);
          expect(x.accountBlocked).toBe(false);
        }
        seen.add(
          zero.join('+') || (r.limits.deposit.active && r.limits.deposit.amount === 0 ? 'deposit' : 'none'),
        );
      }),
      // One profile of each case is always tried: the coverage check below is never left to luck.
      {
        numRuns: 3000,
        examples: [{}, { deposit: 0 }, { bet: 0 }, { loss: 0 }, { bet: 0, loss: 0 }, { time: 0 }].map(
          (zeros) => [
            freeUserInfo(
              Object.fromEntries(
                Object.entries(zeros).flatMap(([kind, a]) => [
                  [`user_limit_${kind}`, a],
                  [`user_limit_${kind}_active`, 1],
                  [`user_limit_${kind}_period`, 'daily'],
                ]),
              ),
            ),
            1.8e12,
          ],
        ) as [Record<string, unknown>, number][],
      },
    );
    expect([...seen]).toEqual(expect.arrayContaining(['bet', 'bet+loss', 'deposit', 'loss', 'none', 'time']));
  });
});

const pad = (n: number) => String(n).padStart(2, '0');
/** A birth date in São Paulo's calendar, written as a date, a date and time, or ISO with Z. */
const birth = fc
  .record({
    y: fc.integer({ min: 1990, max: 2030 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 31 }),
    form: fc.constantFrom('', ' 00:00:00', 'T00:00:00.000000Z'),
  })
  .filter(({ y, m, d }) => new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d)
  .map(({ y, m, d, form }) => ({
    date: `${y}-${pad(m)}-${pad(d)}`,
    text: `${y}-${pad(m)}-${pad(d)}${form}`,
  }));
/** Times near 18th birthdays (2008-2048). */
const near = fc.integer({ min: Date.UTC(2008, 0, 1), max: Date.UTC(2048, 11, 31) });

describe('REVIEW29A-9: under 18 by user.birth_date bars betting and closes the account (property)', () => {
  it('canBet false and accountBlocked exactly while registration would refuse the date, in each reading', () => {
    const seen = new Set<boolean>();
    fc.assert(
      fc.property(birth, near, (b, at) => {
        const minor = !isAtLeastYearsOld(b.date, 18, at);
        seen.add(minor);
        for (const r of readings(freeUserInfo(), at, { ...USER, birth_date: b.text })) {
          expect(r.canBet).toBe(!minor);
          expect(r.accountBlocked).toBe(minor);
          expect(r.inForce.map((x) => x.kind)).toEqual(minor ? ['underAge'] : []);
        }
      }),
      // A minor and an adult are always tried: the coverage check below is never left to luck.
      {
        numRuns: 3000,
        examples: [
          [{ date: '2000-01-01', text: '2000-01-01' }, Date.UTC(2030, 0, 1)],
          [{ date: '2020-01-01', text: '2020-01-01 00:00:00' }, Date.UTC(2030, 0, 1)],
        ],
      },
    );
    expect([...seen].sort()).toEqual([false, true]);
  });

  it('of age from the São Paulo midnight of the 18th birthday (29 February: 1 March), its until', () => {
    const at = (iso: string) => Date.parse(iso);
    const r = (date: string, t: number) => restrictionsOf(freeUserInfo(), t, { birth_date: date });
    expect(r('2008-12-02', at('2026-12-02T02:59:59Z')).inForce[0]).toMatchObject({
      kind: 'underAge',
      imposedBy: 'law',
      until: at('2026-12-02T03:00:00Z'),
      blocksAccount: true,
    });
    expect(r('2008-12-02', at('2026-12-02T03:00:00Z')).canBet).toBe(true);
    expect(r('2008-02-29', at('2026-03-01T02:59:59Z')).canBet).toBe(false);
    expect(r('2008-02-29', at('2026-03-01T03:00:00Z')).canBet).toBe(true);
  });

  it('absent, null or empty is not judged; sent but unreadable is unknown (canBet false, account blocked)', () => {
    const NOW = Date.parse('2026-12-02T15:00:00Z');
    for (const birth_date of [undefined, null, ''])
      expect(restrictionsOf(freeUserInfo(), NOW, { birth_date }).canBet).toBe(true);
    for (const birth_date of ['0000-00-00', '14/05/1990', '1990-02-30', 19900514, 'soon', true]) {
      const r = restrictionsOf(freeUserInfo(), NOW, { birth_date });
      expect([r.canBet, r.known, r.accountBlocked, r.unreadable]).toEqual([
        false,
        false,
        true,
        ['birth_date'],
      ]);
    }
  });
});

/** A value a change's field cannot be read as. */
const garbage = fc.constantFrom<unknown>('abc', -5, '', 'hourly', [1], { a: 1 }, 'yes', 'x1');
describe('REVIEW29A-7: a change with a field that cannot be read makes its limit unknown (property)', () => {
  it('known false, `_change` named, canBet false, whatever the time, in each reading', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<LimitKind>('deposit', 'bet', 'loss', 'time'),
        fc.constantFrom('amount', 'period', 'active', 'effective_at'),
        garbage,
        fc.boolean(),
        now,
        (kind, field, bad, text, at) => {
          const change: Record<string, unknown> = {
            amount: 100,
            period: 'daily',
            active: 1,
            effective_at: '2026-12-01 00:00:00',
            [field]: bad,
          };
          const key = `user_limit_${kind}`;
          const info = freeUserInfo({
            [key]: 100,
            [`${key}_active`]: 1,
            [`${key}_period`]: 'daily',
            [`${key}_change`]: text ? JSON.stringify(change) : change,
          });
          const r = restrictionsOf(info, at);
          expect(r.limits[kind]).toMatchObject({ known: false, pendingChange: null });
          expect(r.unreadable).toEqual([`${key}_change`]);
          for (const x of readings(info, at)) expect(x.canBet).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
