import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AuthUser, LoginResponse, UserProfileResponse } from '../../src/schemas/auth';
import { parseResponse, toValidationIssues } from '../../src/schemas/common';
import { PLAIN_USER_INFO } from '../support/login-answer';

// Issue 33 (speed): a union's options that surely fail (an enum or literal key whose value is not
// one of its values) are not tried, so a login answer is validated once, not first as a challenge.
// The value and the issues stay zod's own.

const SUCCESS = {
  access_token: '1|abcDEF',
  expires_in: 3600,
  token_type: 'Bearer',
  user: { id: 7, email: 'ana@example.com', name: 'Ana', is_active: '1', ftd_value: null },
  userInfo: PLAIN_USER_INFO,
};

/** What parseResponse gives: the value, or the issues of the error it throws. */
function outcome(schema: typeof LoginResponse | typeof UserProfileResponse, value: unknown) {
  try {
    return { value: parseResponse('op', schema, value) };
  } catch (error) {
    return { issues: (error as { issues: unknown }).issues };
  }
}

/** zod's own answer for the whole union, in the same form. */
function zodOutcome(schema: typeof LoginResponse | typeof UserProfileResponse, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { issues: toValidationIssues(result.error.issues) };
}

describe('parseResponse of a union', () => {
  it('reads a login answer without a `type` once, not first as a challenge', () => {
    let reads = 0;
    const answer = { ...SUCCESS };
    Object.defineProperty(answer, 'user', {
      enumerable: true,
      get: () => {
        reads += 1;
        return SUCCESS.user;
      },
    });
    const out = parseResponse('login', LoginResponse, answer);
    expect(out.type).toBeUndefined();
    expect(reads).toBe(1);
  });

  it('gives the value and the issues zod gives for the whole union (property)', () => {
    const field = fc.constantFrom(
      'type',
      'access_token',
      'expires_in',
      'token_type',
      'user',
      'userInfo',
      'message',
      'extra',
    );
    const odd = fc.constantFrom(
      undefined,
      null,
      'two_factor_code',
      'cancelled_account',
      'other',
      '',
      0,
      '3600',
      'a b',
      {},
      [],
      { id: 'x' },
      PLAIN_USER_INFO,
    );
    const answer = fc.array(fc.tuple(field, odd), { maxLength: 4 }).map((edits) => {
      const out: Record<string, unknown> = { ...SUCCESS };
      for (const [key, value] of edits) {
        if (value === undefined) delete out[key];
        else out[key] = value;
      }
      return out;
    });
    fc.assert(
      fc.property(fc.oneof(answer, fc.constantFrom(null, 'text', [SUCCESS], 1)), (value) => {
        expect(outcome(LoginResponse, value)).toEqual(zodOutcome(LoginResponse, value));
      }),
      { numRuns: 600, seed: 33 },
    );
  });

  it('leaves a schema that is not a union to zod as it is', () => {
    for (const value of [{ user: SUCCESS.user, userInfo: {} }, { user: { id: 'x' } }, null])
      expect(outcome(UserProfileResponse, value)).toEqual(zodOutcome(UserProfileResponse, value));
  });
});

describe('optional tolerant fields', () => {
  it('an absent key stays absent, null reads as absent, a bad value is an issue', () => {
    const absent = AuthUser.parse({});
    expect(Object.keys(absent)).toEqual([]);
    const nulls = AuthUser.parse({ id: null, email: null, is_active: null });
    expect(nulls).toEqual({ id: undefined, email: undefined, is_active: undefined });
    expect(AuthUser.parse({ id: '7', is_active: '1.00', email: 52998224725 })).toEqual({
      id: 7,
      is_active: true,
      email: '52998224725',
    });
    const bad = AuthUser.safeParse({ id: 'x', is_active: 2 });
    expect(bad.success).toBe(false);
    expect(toValidationIssues(bad.error?.issues ?? [])).toEqual([
      { path: ['id'], code: 'custom', message: 'expected an integer' },
      { path: ['is_active'], code: 'custom', message: 'expected a boolean' },
    ]);
  });
});
