import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restrictionsOf } from '../../src/responsible-gaming/index';
import { readBoolean, UNREADABLE } from '../../src/schemas/common';
import { freeUserInfo } from '../support/free-user-info';

// Issue 23: "it never reports a restriction as absent because a read failed or a field was spelled
// differently". A flag sent as a PDO DECIMAL ('1.00') is a set flag; an exclusion field the client
// cannot read at all may be blocking: `accountBlocked` is true (fail closed) and `known` false.

const NOW = Date.parse('2026-11-23T15:00:00Z');
const FLAGS = ['spa_exclusion', 'operator_exclusion'] as const;
/** Every field that, when set, closes the account. */
const BLOCKING = [...FLAGS, 'user_exclusion'] as const;

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
/** Clearly "no exclusion": null, a zero however written, or (for a flag) false; absent is unknown. */
function clearlyOff(field: string, v: unknown): boolean {
  const flag = field !== 'user_exclusion';
  if (v === null || v === 0) return true;
  if (flag && v === false) return true;
  if (typeof v !== 'string' || v.length > 64) return false;
  const t = v.trim();
  if (flag && t.toLowerCase() === 'false') return true;
  return DECIMAL.test(t) && Number(t) === 0;
}

const zeroStrings = fc.constantFrom('0', '0.00', '0.0', ' 0 ', '-0', '+0', '00', '.0', '0e3', '\t0.000\n');

describe('exclusion flags written as decimals', () => {
  it.each(FLAGS)('%s: 1, "1", "1.00", "1.0", " 1 " are set: in force, account blocked, known', (field) => {
    for (const v of [1, 1.0, '1', '1.00', '1.0', ' 1 ', '+1', 'true', true]) {
      const r = restrictionsOf(freeUserInfo({ [field]: v }), NOW);
      expect(r.inForce.map((x) => x.kind)).toEqual([
        field === 'spa_exclusion' ? 'spaExclusion' : 'operatorExclusion',
      ]);
      expect(r).toMatchObject({ accountBlocked: true, canBet: false, known: true, unreadable: [] });
    }
  });

  it.each(FLAGS)('%s: 0, "0", "0.00", false, null are not set', (field) => {
    for (const v of [0, -0, '0', '0.00', ' 0.0 ', false, 'false', null]) {
      expect(restrictionsOf(freeUserInfo({ [field]: v }), NOW)).toMatchObject({
        inForce: [],
        accountBlocked: false,
        canBet: true,
        known: true,
      });
    }
  });

  it('the one reader reads a flag written as a decimal 1 or 0, and nothing else in that form', () => {
    expect(['1.00', '1.0', ' 1 ', '1.', '01'].map(readBoolean)).toEqual([true, true, true, true, true]);
    expect(['0.00', '0.0', ' 0 ', '-0', '.0'].map(readBoolean)).toEqual([false, false, false, false, false]);
    for (const v of [2, '2.00', '0.5', -1, '1e999', [1], 'yes', '']) expect(readBoolean(v)).toBe(UNREADABLE);
  });
});

describe('an exclusion field that cannot be read blocks the account (fail closed)', () => {
  it.each([
    ['spa_exclusion', [1]],
    ['operator_exclusion', [1]],
    ['operator_exclusion', '2.00'],
    ['spa_exclusion', 'yes'],
    ['user_exclusion', 'abc'],
    ['user_exclusion', -2],
    ['user_exclusion', { months: 3 }],
  ] as const)('%s = %j: accountBlocked, not known, named in unreadable', (field, v) => {
    const r = restrictionsOf(freeUserInfo({ [field]: v }), NOW);
    expect(r).toMatchObject({ accountBlocked: true, canBet: false, known: false, unreadable: [field] });
  });

  it('property: for every blocking field, any value that is not clearly "off" never yields accountBlocked false', () => {
    for (const field of BLOCKING) {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.anything(),
            fc.jsonValue(),
            fc.string(),
            fc.double(),
            fc.constantFrom('1.00', '1.0', ' 1 '),
          ),
          fc.constantFrom(...BLOCKING),
          fc.oneof(fc.constant(null), zeroStrings, fc.constant(0)),
          (value, other, otherOff) => {
            fc.pre(!clearlyOff(field, value));
            const info = other === field ? { [field]: value } : { [other]: otherOff, [field]: value };
            const r = restrictionsOf(freeUserInfo(info), NOW);
            expect(r.accountBlocked).toBe(true);
            expect(r.canBet).toBe(false);
          },
        ),
        { numRuns: 300 },
      );
    }
  });

  it('property: clearly "off" values of every blocking field block nothing and are known', () => {
    for (const field of BLOCKING) {
      fc.assert(
        fc.property(fc.oneof(fc.constant(null), fc.constant(0), zeroStrings), (value) => {
          const r = restrictionsOf(freeUserInfo({ [field]: value }), NOW);
          expect(r).toMatchObject({ accountBlocked: false, canBet: true, known: true, inForce: [] });
        }),
      );
    }
  });
});

describe('an exclusion flag the profile does not carry (absent) may hide an exclusion', () => {
  it.each(BLOCKING)('%s absent or undefined: account blocked, unknown, named in unreadable', (field) => {
    expect(restrictionsOf(freeUserInfo({ [field]: undefined }), NOW)).toMatchObject({
      accountBlocked: true,
      canBet: false,
      known: false,
      unreadable: [field],
    });
    const { [field]: _gone, ...without } = freeUserInfo();
    expect(restrictionsOf(without, NOW)).toMatchObject({ accountBlocked: true, unreadable: [field] });
  });
});

describe('a profile that cannot be read at all', () => {
  it('a hostile object (a throwing getter) may hide an exclusion: account blocked, unknown', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
      },
    );
    expect(restrictionsOf(hostile, NOW)).toMatchObject({
      accountBlocked: true,
      canBet: false,
      known: false,
      unreadable: ['userInfo'],
    });
  });
});
