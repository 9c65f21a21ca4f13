import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restrictionsOf } from '../../src/responsible-gaming/index';
import { freeUserInfo, LIMIT_FIELDS, RESTRICTION_FLAGS } from '../support/free-user-info';

// The fail-closed rule (PREAMBLE, CONTRIBUTING): a field the client cannot read is never "no
// restriction". A profile always carries the four restriction flags and the limit fields (spec
// 2.12: `number`, `string`, never optional), so one that lacks a flag or a limit field (absent, or
// undefined) says nothing about it: unreadable, like a value that cannot be read. A flag or limit
// field sent as null still reads as "not set", as before (the session and the server render add
// `exclusionsAnswered`, which also reads a null exclusion flag as unanswered).

const NOW = Date.parse('2026-11-23T15:00:00Z');
const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString();

/** A profile as a server may send it: free, or with restrictions and limits set or unreadable. */
const userInfo = fc
  .record(
    {
      spa_exclusion: fc.constantFrom(0, 1, '1.00', 'yes', null),
      operator_exclusion: fc.constantFrom(0, 1, '0', [1], null),
      user_exclusion: fc.constantFrom(0, 3, -1, 'abc', null),
      user_exclusion_at: fc.constantFrom(null, iso(NOW - DAY), iso(NOW + 30 * DAY)),
      user_pause: fc.constantFrom(0, 7, 46, null),
      user_pause_at: fc.constantFrom(null, iso(NOW - DAY), 'soon'),
      user_limit_loss: fc.constantFrom(0, 100, 'abc', null),
      user_limit_loss_active: fc.constantFrom(0, 1, 2, null),
      user_limit_time_period: fc.constantFrom('daily', 'yearly', null),
    },
    { requiredKeys: [] },
  )
  .map((over) => freeUserInfo(over));

/** `info` without `field`: the key missing, or present as undefined. */
const without = (info: Record<string, unknown>, field: string, asUndefined: boolean) => {
  const out = { ...info };
  if (asUndefined) out[field] = undefined;
  else delete out[field];
  return out;
};

describe('an absent restriction flag is unreadable (fail closed)', () => {
  it('a full free profile is known, free to bet, nothing unreadable', () => {
    expect(restrictionsOf(freeUserInfo(), NOW)).toMatchObject({
      inForce: [],
      pending: [],
      accountBlocked: false,
      canBet: true,
      known: true,
      unreadable: [],
    });
  });

  it('property: any profile without one of the four flags is unknown, cannot bet, names the flag', () => {
    fc.assert(
      fc.property(
        userInfo,
        fc.constantFrom(...RESTRICTION_FLAGS),
        fc.boolean(),
        (info, flag, asUndefined) => {
          const r = restrictionsOf(without(info, flag, asUndefined), NOW);
          expect(r.unreadable).toContain(flag);
          expect(r.unreadable.filter((f) => f === flag)).toHaveLength(1);
          expect(r).toMatchObject({ known: false, canBet: false });
          // An exclusion that may be in force closes the account; a pause only stops betting.
          if (flag !== 'user_pause') expect(r.accountBlocked).toBe(true);
        },
      ),
    );
  });

  it.each(RESTRICTION_FLAGS)(
    '%s alone missing from a free profile: exactly that field unreadable',
    (flag) => {
      const r = restrictionsOf(without(freeUserInfo(), flag, false), NOW);
      expect(r).toMatchObject({
        inForce: [],
        canBet: false,
        known: false,
        unreadable: [flag],
        accountBlocked: flag !== 'user_pause',
      });
    },
  );

  it('no userInfo at all (null, {}, a string): every flag and limit field unreadable, nothing allowed', () => {
    for (const v of [null, undefined, {}, 'garbage', 42]) {
      const r = restrictionsOf(v, NOW);
      expect(r.unreadable).toEqual([...RESTRICTION_FLAGS, ...LIMIT_FIELDS]);
      expect(r).toMatchObject({ accountBlocked: true, canBet: false, known: false });
    }
  });

  it.each(RESTRICTION_FLAGS)('%s sent as null still reads as not set (as before)', (flag) => {
    expect(restrictionsOf(freeUserInfo({ [flag]: null }), NOW)).toMatchObject({
      inForce: [],
      canBet: true,
      known: true,
      unreadable: [],
    });
  });
});

describe('an absent limit field is unreadable (fail closed)', () => {
  it('property: any profile without one limit field lists it, that limit unknown, cannot bet', () => {
    fc.assert(
      fc.property(userInfo, fc.constantFrom(...LIMIT_FIELDS), fc.boolean(), (info, field, asUndefined) => {
        const r = restrictionsOf(without(info, field, asUndefined), NOW);
        const kind = field.split('_')[2] as 'deposit' | 'bet' | 'loss' | 'time';
        expect(r.unreadable.filter((f) => f === field)).toHaveLength(1);
        expect(r.limits[kind].known).toBe(false);
        expect(r).toMatchObject({ known: false, canBet: false });
      }),
    );
  });

  it.each(LIMIT_FIELDS)('%s sent as null still reads as not set (as before)', (field) => {
    const r = restrictionsOf(freeUserInfo({ [field]: null }), NOW);
    expect(r).toMatchObject({ canBet: true, known: true, unreadable: [] });
  });

  it('a missing `_change` is no pending change (spec: string or null; a looser change only waits)', () => {
    const info = without(freeUserInfo(), 'user_limit_loss_change', false);
    expect(restrictionsOf(info, NOW)).toMatchObject({ canBet: true, known: true, unreadable: [] });
  });
});
