import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restrictionsOf } from '../../src/responsible-gaming/restrictions';
import { UserProfileResponse } from '../../src/schemas/auth';
import { readBoolean, readInteger, readNumber, UNREADABLE } from '../../src/schemas/common';

// Issue 23: one tolerant reader, and a profile that never fails over a restriction field.

const RESTRICTION_FIELDS = [
  'user_pause',
  'user_exclusion',
  'operator_exclusion',
  'spa_exclusion',
  'user_limit_deposit',
  'user_limit_deposit_active',
  'user_limit_loss',
  'user_limit_loss_active',
  'user_limit_time_period',
] as const;

const profile = (userInfo: Record<string, unknown>) => ({
  user: { id: 1, email: 'player@example.com' },
  userInfo: {
    validate_email_at: null,
    login_at: '2026-11-23T10:00:00Z',
    login_attempt_qty: 0,
    seven_days_since_last_login: false,
    strong_password: true,
    force_request_kyc: false,
    two_factor_enabled: false,
    ...userInfo,
  },
});

describe('the readers (property)', () => {
  it('read a finite number however it is written, and nothing else as a number', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom('', ' ', '\t'),
        (n, pad) => {
          const expected = n === 0 ? 0 : n;
          expect(readNumber(n)).toBe(expected);
          expect(readNumber(`${pad}${String(n)}${pad}`)).toBe(expected);
        },
      ),
      // (CI seed 637720299, fifty-eighth pass: a double whose exact value is a tie at 17 digits.)
      { examples: [[-1211062946293800.2, '']] },
    );
    for (const bad of [true, false, '', 'abc', '0x10', 'Infinity', '1e999', Number.NaN, {}, [], '1,5'])
      expect(readNumber(bad)).toBe(UNREADABLE);
    expect(readInteger('7.5')).toBe(UNREADABLE);
    expect(readInteger('100.00')).toBe(100);
  });

  it('read booleans from the forms back ends send, and nothing else', () => {
    for (const yes of [true, 1, '1', 'true', ' TRUE ']) expect(readBoolean(yes)).toBe(true);
    for (const no of [false, 0, '0', 'false', ' False']) expect(readBoolean(no)).toBe(false);
    for (const none of [null, undefined]) expect(readBoolean(none)).toBeNull();
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = readBoolean(v);
        // 1 or 0 however `readNumber` writes it ('1.00' from a DECIMAL column), or true/false.
        const n = readNumber(v);
        const known =
          [true, false, null].includes(v as never) ||
          n === 1 ||
          n === 0 ||
          (typeof v === 'string' && ['true', 'false'].includes(v.trim().toLowerCase()));
        expect(r === UNREADABLE).toBe(!known);
      }),
    );
  });
});

describe('the profile never fails over a restriction field (property)', () => {
  it('parses with any JSON in the restriction fields; restrictionsOf is unknown exactly when one is unreadable', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...RESTRICTION_FIELDS), fc.jsonValue(), { maxKeys: 4 }),
        (fields) => {
          // parse throws on failure: the property fails on any refused profile.
          const parsed = { data: UserProfileResponse.parse(profile(fields)) };
          const fromParsed = restrictionsOf(parsed.data.userInfo, Date.parse('2026-11-23T15:00:00Z'));
          const fromRaw = restrictionsOf(profile(fields).userInfo, Date.parse('2026-11-23T15:00:00Z'));
          // Reading before or after the schema gives the same answer: one reader.
          expect(fromParsed.unreadable).toEqual(fromRaw.unreadable);
          expect(fromParsed.canBet).toBe(fromRaw.canBet);
          expect(fromParsed.canBet && !fromParsed.known).toBe(false);
          // What survives a snapshot (JSON) reads the same.
          const restored = restrictionsOf(
            JSON.parse(JSON.stringify(parsed.data.userInfo)),
            Date.parse('2026-11-23T15:00:00Z'),
          );
          expect(restored.unreadable).toEqual(fromParsed.unreadable);
        },
      ),
      { numRuns: 500 },
    );
  });
});
