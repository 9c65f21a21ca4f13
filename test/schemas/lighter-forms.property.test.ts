import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ForgotPasswordPayload,
  LoginChallenge,
  LoginChallengeType,
  LoginResponse,
  LoginSuccess,
} from '../../src/schemas/auth';
import {
  Amount,
  atLeast,
  atMost,
  email,
  HeaderSafeToken,
  int,
  integerField,
  isHeaderSafeToken,
  LimitPeriod,
  NonEmptyString,
  nonEmpty,
  readInteger,
  SocialType,
  toValidationIssues,
} from '../../src/schemas/common';
import {
  IncomeReportData,
  IncomeReportDeliveryType,
  IncomeReportStatus,
} from '../../src/schemas/income-report';
import { PauseDays, TimeoutLimitsPayload } from '../../src/schemas/limits';
import { list } from '../../src/schemas/list';
import { rule } from '../../src/schemas/rule';
import { ContractType, LoginHistoryItem, SocialAccount, TwoFactorType } from '../../src/schemas/user';
import { PLAIN_USER_INFO } from '../support/login-answer';

// Issue 33 (sizes): schemas written with fewer of zod's schema classes, each of which a bundle
// pays for once it holds one: HeaderSafeToken's refinement as a plain check (`rule`), LoginSuccess's
// `type: z.optional(z.undefined())` as a transform raising the same issue, every z.enum as the
// z.literal of the same values, z.minLength(1) as `nonEmpty`, LoginResponse's z.union as
// `either` (told apart by `type`), z.int() as `int()`, z.array as `list`, and the income report's
// z.pipe (its status) and z.nullable (its texts) as transforms, z.email() and z.regex as `matching`,
// and z.gte/z.lte as `atLeast`/`atMost`. The forms they
// replaced are the oracles: the same values pass, with the same output, and the same issues (path,
// code, message) come out for the others.

type Schema = z.ZodMiniType;

function outcome(schema: Schema, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { data: result.data } : { issues: toValidationIssues(result.error.issues) };
}

const OldToken = z
  .string()
  .check(z.refine(isHeaderSafeToken, { message: 'must be a token that can be sent in a header' }));
const shapeOf = (schema: Schema) => (schema._zod.def as unknown as { shape: Record<string, Schema> }).shape;
const OldSuccess = z.object({
  ...shapeOf(LoginSuccess),
  access_token: OldToken,
  type: z.optional(z.undefined()),
});
const OldChallenge = z.object({
  ...shapeOf(LoginChallenge),
  type: z.enum(['cancelled_account', 'two_factor_code']),
});
/**
 * LoginResponse's old form: the option the answer's `type` means (none: a session; set: a
 * challenge), read alone (REVIEW-N: z.union named the option with the fewest issues, so a session
 * answer without `access_token` was reported as a bad `type`).
 */
const oldResponse = (value: unknown) =>
  (value as { type?: unknown } | null)?.type === undefined ? OldSuccess : OldChallenge;

const SUCCESS = {
  access_token: '1|abcDEF',
  expires_in: 3600,
  token_type: 'Bearer',
  user: { id: 7, email: 'ana@example.com' },
  userInfo: PLAIN_USER_INFO,
};
const odd = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    'two_factor_code',
    'cancelled_account',
    'other',
    '',
    'a b',
    'tok\nen',
    'x'.repeat(16_385),
    0,
    5,
    '3600',
    true,
    {},
    [],
    { id: 'x' },
    PLAIN_USER_INFO,
  ),
  fc.string({ maxLength: 8 }),
  fc.anything(),
);

describe('lighter schema forms', () => {
  it('HeaderSafeToken as a check: what the refinement took and said, alone and as a field', () => {
    fc.assert(
      fc.property(odd, (value) => {
        expect(outcome(HeaderSafeToken, value)).toEqual(outcome(OldToken, value));
        const field = { a: value };
        expect(outcome(z.object({ a: HeaderSafeToken }), field)).toEqual(
          outcome(z.object({ a: OldToken }), field),
        );
      }),
      { numRuns: 500, seed: 33 },
    );
    expect(outcome(HeaderSafeToken, 'a b')).toEqual({
      issues: [{ path: [], code: 'custom', message: 'must be a token that can be sent in a header' }],
    });
  });

  it('LoginResponse: the same values, output and issues as the z.optional(z.undefined()) and z.enum forms, the one `type` picks', () => {
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
    const answer = fc.array(fc.tuple(field, fc.option(odd, { nil: undefined }), fc.boolean()), {
      maxLength: 4,
    });
    fc.assert(
      fc.property(answer, fc.boolean(), (edits, absent) => {
        const value: Record<string, unknown> = { ...SUCCESS };
        for (const [key, v, drop] of edits) {
          if (drop) delete value[key];
          else value[key] = v;
        }
        expect(outcome(LoginResponse, value)).toEqual(outcome(oldResponse(value), value));
        expect(outcome(LoginSuccess, value)).toEqual(outcome(OldSuccess, value));
        // As a field: the issues under its key, and an absent key refused as a session's object.
        const held = absent ? {} : { r: value };
        expect(outcome(z.object({ r: LoginResponse }), held)).toEqual(
          outcome(z.object({ r: absent ? OldSuccess : oldResponse(value) }), held),
        );
      }),
      { numRuns: 1500, seed: 33 },
    );
    // A `type` set: the challenge's issues (z.union named the session's, then the closer option).
    const typed = { ...SUCCESS, type: 5, message: 7 };
    expect(outcome(LoginResponse, typed)).toEqual({
      issues: [
        {
          path: ['type'],
          code: 'invalid_value',
          message: 'must be one of "cancelled_account", "two_factor_code"',
        },
        { path: ['message'], code: 'invalid_type', message: 'expected string' },
      ],
    });
    expect(outcome(OldChallenge, typed)).toEqual(outcome(LoginResponse, typed));
    expect(outcome(LoginSuccess, { ...SUCCESS, type: undefined })).toEqual(
      outcome(OldSuccess, { ...SUCCESS, type: undefined }),
    );
  });

  it('nonEmpty: what z.minLength(1) took and said, on any value (arrays, objects with a length)', () => {
    const OldNonEmpty = z.string().check(z.minLength(1));
    const trimmed = z.string().check(z.trim(), nonEmpty());
    const oldTrimmed = z.string().check(z.trim(), z.minLength(1));
    // A rule after the field, as a payload's own checks come after its fields' issues.
    const payload = (field: Schema) =>
      z.strictObject({ a: field, b: z.optional(field) }).check(rule(() => false, 'payload rule'));
    const lengthy = fc.oneof(
      odd,
      fc.constantFrom(
        '',
        ' ',
        '\ud800',
        '\ud83d\ude00',
        [],
        [1],
        { length: 0 },
        { length: '0' },
        { length: 'a' },
      ),
      fc.array(fc.anything(), { maxLength: 2 }),
      fc.record({ length: fc.anything() }),
    );
    fc.assert(
      fc.property(lengthy, lengthy, (a, b) => {
        expect(outcome(NonEmptyString, a)).toEqual(outcome(OldNonEmpty, a));
        expect(outcome(trimmed, a)).toEqual(outcome(oldTrimmed, a));
        expect(outcome(payload(NonEmptyString), { a, b })).toEqual(outcome(payload(OldNonEmpty), { a, b }));
        expect(outcome(payload(trimmed), { a, b })).toEqual(outcome(payload(oldTrimmed), { a, b }));
      }),
      { numRuns: 1500, seed: 33 },
    );
    expect(outcome(payload(trimmed), { a: '  ' })).toEqual({
      issues: [
        { path: ['a'], code: 'too_small', message: 'must not be shorter than 1 character' },
        { path: [], code: 'custom', message: 'payload rule' },
      ],
    });
    expect(outcome(payload(trimmed), { a: 'x', b: [] })).toEqual({
      issues: [
        { path: ['b'], code: 'invalid_type', message: 'expected string' },
        { path: ['b'], code: 'too_small', message: 'must have at least 1 item(s)' },
      ],
    });
  });

  it('int(): what z.int() took and said, with the checks after it, alone and in a payload', () => {
    const pairs: [Schema, Schema][] = [
      [int(), z.int()],
      [int(z.gte(1)), z.int().check(z.gte(1))],
      [int(z.gte(1), z.lte(45)), z.int().check(z.gte(1), z.lte(45))],
    ];
    const numbers = fc.oneof(
      fc.constantFrom(
        0,
        -0,
        1,
        45,
        46,
        1.5,
        -1,
        Number.MAX_SAFE_INTEGER,
        Number.MAX_SAFE_INTEGER + 2,
        Number.MIN_SAFE_INTEGER,
        -(2 ** 60),
        2 ** 60,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        '7',
      ),
      fc.integer(),
      fc.double(),
      odd,
    );
    // Raw issues too (what an app's own safeParse sees), but for zod's note on the safe range.
    const raw = (schema: Schema, value: unknown) =>
      schema.safeParse(value).error?.issues.map((issue) => ({ ...issue, note: undefined }));
    for (const [ours, old] of pairs) {
      const payload = (field: Schema) =>
        z.strictObject({ a: field }).check(rule(() => false, 'payload rule'));
      fc.assert(
        fc.property(numbers, (value) => {
          expect(outcome(ours, value)).toEqual(outcome(old, value));
          expect(raw(ours, value)).toEqual(raw(old, value));
          expect(outcome(payload(ours), { a: value })).toEqual(outcome(payload(old), { a: value }));
        }),
        { numRuns: 400, seed: 33 },
      );
    }
    expect(outcome(int(z.gte(1)), -(2 ** 60))).toEqual({
      issues: [
        { path: [], code: 'too_small', message: 'must be >= -9007199254740991' },
        { path: [], code: 'too_small', message: 'must be >= 1' },
      ],
    });
    expect(outcome(int(z.gte(1)), 0.5)).toEqual({
      issues: [{ path: [], code: 'invalid_type', message: 'expected int' }],
    });
  });

  it('list: what z.array read and said, of every element our answers list, required or optional', () => {
    const item = fc.oneof(
      odd,
      fc.constantFrom(
        { id: 1, user_id: 2, ip: '::1', user_agent: 'x', created_at: 'now' },
        { id: '3', extra: 1 },
      ),
      fc.record({ id: odd, provider: odd, user_id: odd, ip: odd }, { requiredKeys: [] }),
    );
    const lists = fc.oneof(
      fc.array(item, { maxLength: 4 }),
      fc.constantFrom(new Array(3).fill(1, 0, 1), Object.assign([1], { extra: 2 })),
      odd,
    );
    for (const element of [integerField(), SocialAccount, LoginHistoryItem] as Schema[]) {
      const pairs: [Schema, Schema][] = [
        [list(element), z.array(element)],
        [z.object({ data: list(element) }), z.object({ data: z.array(element) })],
        [z.object({ data: z.optional(list(element)) }), z.object({ data: z.optional(z.array(element)) })],
      ];
      fc.assert(
        fc.property(lists, fc.boolean(), (value, absent) => {
          const held = absent ? {} : { data: value };
          expect(outcome(pairs[0]![0], value)).toEqual(outcome(pairs[0]![1], value));
          for (const [ours, old] of pairs.slice(1)) expect(outcome(ours, held)).toEqual(outcome(old, held));
        }),
        { numRuns: 300, seed: 33 },
      );
    }
    expect(outcome(z.object({ years: list(integerField()) }), { years: [2024, 'x'] })).toEqual({
      issues: [{ path: ['years', 1], code: 'custom', message: 'expected an integer' }],
    });
  });

  it("the income report's status and texts: what z.pipe and z.nullable(z.string()) read and said", () => {
    const OldStatus = z.pipe(z.transform(readInteger), z.literal([1, 2, 3, 4]));
    const oldText = () => z.optional(z.nullable(z.string()));
    const OldReport = z.object({
      ...shapeOf(IncomeReportData),
      status: OldStatus,
      generated_at: oldText(),
      path: oldText(),
      download_url: oldText(),
    });
    const field = fc.constantFrom('id', 'status', 'generated_at', 'path', 'download_url', 'delivery_type');
    const report = fc
      .array(
        fc.tuple(
          field,
          fc.option(fc.oneof(odd, fc.constantFrom(1, 3, '4', ' 2 ', 5, 2.5)), { nil: undefined }),
          fc.boolean(),
        ),
        { maxLength: 4 },
      )
      .map((edits) => {
        const value: Record<string, unknown> = { id: 1, status: 1, generated_at: null, path: 'p' };
        for (const [key, v, drop] of edits) {
          if (drop) delete value[key];
          else value[key] = v;
        }
        return value;
      });
    fc.assert(
      fc.property(report, odd, (value, status) => {
        expect(outcome(IncomeReportData, value)).toEqual(outcome(OldReport, value));
        expect(outcome(IncomeReportStatus, status)).toEqual(outcome(OldStatus, status));
      }),
      { numRuns: 800, seed: 33 },
    );
    expect(outcome(IncomeReportStatus, '3')).toEqual({ data: 3 });
    expect(outcome(IncomeReportData, { id: 1, status: 7, path: 5 })).toEqual({
      issues: [
        { path: ['status'], code: 'invalid_value', message: 'must be one of 1, 2, 3, 4' },
        { path: ['path'], code: 'invalid_type', message: 'expected string' },
      ],
    });
  });

  it('the request schemas still describe themselves to z.toJSONSchema as with z.minLength(1) and z.int()', () => {
    const props = (schema: Schema) =>
      (z.toJSONSchema(schema) as { properties: Record<string, unknown> }).properties;
    const safe = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
    expect(props(TimeoutLimitsPayload)).toEqual({
      user_pause: { type: 'integer', minimum: 1, maximum: 45 },
      reason: { type: 'integer', ...safe },
      password_check: { type: 'string', minLength: 1 },
      kyc_id: { type: 'integer', ...safe },
    });
    expect(props(ForgotPasswordPayload)).toEqual({
      login: { type: 'string', minLength: 1 },
      captcha_token: { type: 'string', minLength: 1 },
    });
  });

  it('email() and SocialType: what z.email() and z.regex took and said', () => {
    const OldSocial = z.string().check(z.regex(/^[a-z0-9_-]{1,32}$/));
    const texts = fc.oneof(
      fc.emailAddress(),
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        'a@b.co',
        'a@b',
        '.a@b.co',
        'a..b@c.de',
        "o'neil+x@mail.example.org",
        'x_y-1',
        'X',
        'a'.repeat(33),
      ),
      odd,
    );
    fc.assert(
      fc.property(texts, (value) => {
        expect(outcome(email(), value)).toEqual(outcome(z.email(), value));
        expect(outcome(z.optional(email()), value)).toEqual(outcome(z.optional(z.email()), value));
        expect(outcome(SocialType, value)).toEqual(outcome(OldSocial, value));
        // Raw issues too: the format and the pattern an app's own safeParse sees.
        expect(email().safeParse(value).error?.issues).toEqual(z.email().safeParse(value).error?.issues);
        expect(SocialType.safeParse(value).error?.issues).toEqual(OldSocial.safeParse(value).error?.issues);
      }),
      { numRuns: 1000, seed: 33 },
    );
    expect(outcome(email(), 'nope')).toEqual({
      issues: [{ path: [], code: 'invalid_format', message: 'must be a valid email' }],
    });
    expect(z.toJSONSchema(email())).toEqual(z.toJSONSchema(z.email()));
    expect(z.toJSONSchema(SocialType)).toEqual(z.toJSONSchema(OldSocial));
  });

  it('atLeast/atMost: what z.gte/z.lte took and said, after int() or on a number', () => {
    const pairs: [Schema, Schema][] = [
      [PauseDays, z.int().check(z.gte(1), z.lte(45))],
      [int(atLeast(1900), atMost(9999)), z.int().check(z.gte(1900), z.lte(9999))],
      [Amount, z.number().check(z.gte(0))],
      [z.number().check(atMost(-1)), z.number().check(z.lte(-1))],
    ];
    const numbers = fc.oneof(
      fc.constantFrom(0, -0, 1, 45, 46, 1899, 1900, 9999, 10_000, -1, 0.5, -(2 ** 60), 2 ** 60, Number.NaN),
      fc.integer(),
      fc.double(),
      odd,
    );
    for (const [ours, old] of pairs) {
      fc.assert(
        fc.property(numbers, (value) => {
          expect(outcome(ours, value)).toEqual(outcome(old, value));
          // Raw issues too, but for zod's note on z.int()'s safe range (int() has none).
          const raw = (schema: Schema) =>
            schema.safeParse(value).error?.issues.map((issue) => ({ ...issue, note: undefined }));
          expect(raw(ours)).toEqual(raw(old));
        }),
        { numRuns: 400, seed: 33 },
      );
      expect(z.toJSONSchema(ours)).toEqual(z.toJSONSchema(old));
    }
    // Not aborting: a payload's own rule still runs after a bound's issue.
    const payload = (field: Schema) => z.strictObject({ a: field }).check(rule(() => false, 'payload rule'));
    expect(outcome(payload(Amount), { a: -1 })).toEqual(
      outcome(payload(z.number().check(z.gte(0))), { a: -1 }),
    );
    expect(outcome(payload(Amount), { a: -1 })).toEqual({
      issues: [
        { path: ['a'], code: 'too_small', message: 'must be >= 0' },
        { path: [], code: 'custom', message: 'payload rule' },
      ],
    });
  });

  it('every enum as a literal: the same values pass, the same issue for the others', () => {
    const pairs: [Schema, readonly string[]][] = [
      [LimitPeriod, ['daily', 'weekly', 'monthly']],
      [IncomeReportDeliveryType, ['email', 'download']],
      [ContractType, ['tc', 'privacy', 'lgpd', 'law', 'migrate', 'mkt']],
      [TwoFactorType, ['email', 'sms']],
      // A transform raising the literal's issue (an answer's field).
      [LoginChallengeType, ['cancelled_account', 'two_factor_code']],
    ];
    for (const [schema, values] of pairs) {
      const old = z.enum(values as [string, ...string[]]);
      fc.assert(
        fc.property(fc.oneof(fc.constantFrom(...values, 'Daily', ' sms', ''), odd), (value) => {
          expect(outcome(schema, value)).toEqual(outcome(old, value));
          expect(outcome(z.strictObject({ k: z.optional(schema) }), { k: value })).toEqual(
            outcome(z.strictObject({ k: z.optional(old) }), { k: value }),
          );
        }),
        { numRuns: 200, seed: 33 },
      );
    }
    expect(outcome(LimitPeriod, 'yearly')).toEqual({
      issues: [{ path: [], code: 'invalid_value', message: 'must be one of "daily", "weekly", "monthly"' }],
    });
  });
});
