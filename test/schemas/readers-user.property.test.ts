import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { REGISTER_SIMPLIFIED, VALIDATE_DOCUMENT } from '../../src/auth/operations';
import { RequestValidationError } from '../../src/errors/index';
import {
  RegisterSimplifiedPayload,
  ValidateDocumentPayload,
  ValidateDocumentResponse,
} from '../../src/schemas/auth';
import { PositiveInt, parseRequest, parseResponse, SocialType } from '../../src/schemas/common';
import {
  AvailableYearsResponse,
  IncomeReportData,
  IncomeReportGeneratePayload,
} from '../../src/schemas/income-report';
import { SelfExclusionPayload, TimeoutLimitsPayload, UpdateLimitsPayload } from '../../src/schemas/limits';
import {
  AddPhonePayload,
  ChangePasswordPayload,
  CheckPasswordPayload,
  CheckPasswordResult,
  LoginHistoryResponse,
  SocialAccounts,
  TwoFactorPayload,
  UpdateAddressPayload,
  UpdateContractsPayload,
  UpdateEmailPayload,
  UpdateMarketingPayload,
  UpdateUserPayload,
  UserAddress,
} from '../../src/schemas/user';
import { idSegment, pageParam, socialTypeSegment } from '../../src/user/call';
import {
  GENERATE_INCOME_REPORT,
  GET_AVAILABLE_YEARS,
  GET_INCOME_REPORT_STATUS,
} from '../../src/user/income-report';
import { SET_SELF_EXCLUSION, SET_TIMEOUT_LIMITS, UPDATE_LIMITS } from '../../src/user/limits';
import {
  ADD_PHONE,
  GET_ADDRESS,
  UPDATE_ADDRESS,
  UPDATE_CONTRACTS,
  UPDATE_EMAIL,
  UPDATE_MARKETING,
  UPDATE_PROFILE,
} from '../../src/user/profile';
import {
  CHANGE_PASSWORD,
  CHECK_PASSWORD,
  GET_LOGIN_HISTORY,
  GET_SOCIAL_ACCOUNTS,
  TOGGLE_TWO_FACTOR,
} from '../../src/user/security';
import { valuesLike } from './arbitraries';
import {
  EDGES,
  nearMiss,
  odd,
  outcome,
  REMOVE,
  type Schema,
  same,
  sameOutcome,
  setAt,
  withGetter,
} from './oracle';

// Issue 33 (sizes): the user module's rows, registration's and the income report's read with
// hand-written readers (src/schemas/readers), so no client row bundles zod. The zod schemas
// `pam-client/schemas` exports are the oracles: for every value, `parseRequest`/`parseResponse`
// give the same value (keys in the same order) or throw the same error with the row's reader as
// with the schema.

const CPF = '529.982.247-25';
const REPORT = {
  id: 7,
  status: '2',
  reference_year: 2025,
  delivery_type: 'download',
  requested_at: '2026-01-01',
  generated_at: null,
  path: 'r.pdf',
  download_url: null,
};

/** Each row: its zod schema, its reader, request or response, and valid values to miss near. */
const ROWS: [string, Schema, Schema, 'request' | 'response', object[]][] = [
  [
    'UpdateUserPayload',
    UpdateUserPayload,
    UPDATE_PROFILE.request,
    'request',
    [
      {
        captcha_token: 'c',
        password_check: 'p',
        kyc_id: 3,
        state: 'SP',
        email: 'ana@example.com',
        first_name: 'Ana',
        terms: true,
        gender: 1,
      },
      { city: 'X', mother_name: 'M', timezone: 'America/Sao_Paulo' },
    ],
  ],
  [
    'UpdateEmailPayload',
    UpdateEmailPayload,
    UPDATE_EMAIL.request,
    'request',
    [{ email: 'ana@example.com', password_check: 'p', kyc_id: 1 }],
  ],
  ['AddPhonePayload', AddPhonePayload, ADD_PHONE.request, 'request', [{ phone: '11999990000', ddi: '55' }]],
  [
    'UpdateAddressPayload',
    UpdateAddressPayload,
    UPDATE_ADDRESS.request,
    'request',
    [{ street: 'Rua A', city: 'SP', state: 'SP', zipcode: '01000-000', kyc_id: 2 }],
  ],
  ['UpdateContractsPayload', UpdateContractsPayload, UPDATE_CONTRACTS.request, 'request', [{ type: 'lgpd' }]],
  [
    'UpdateMarketingPayload',
    UpdateMarketingPayload,
    UPDATE_MARKETING.request,
    'request',
    [{ mkt_accepted: false }],
  ],
  [
    'ChangePasswordPayload',
    ChangePasswordPayload,
    CHANGE_PASSWORD.request,
    'request',
    [
      { old_password: 'o', password: 'n', password_confirmation: 'n', captcha_token: 'c', kyc_id: 1 },
      { old_password: 'o', password: '', password_confirmation: 'n', extra: 1 },
    ],
  ],
  [
    'TwoFactorPayload',
    TwoFactorPayload,
    TOGGLE_TWO_FACTOR.request,
    'request',
    [{ type: 'sms', enabled: true }],
  ],
  ['CheckPasswordPayload', CheckPasswordPayload, CHECK_PASSWORD.request, 'request', [{ password: 'p' }]],
  [
    'UpdateLimitsPayload',
    UpdateLimitsPayload,
    UPDATE_LIMITS.request,
    'request',
    [
      { user_limit_deposit: 500, user_limit_deposit_period: 'monthly', user_limit_time_active: 0 },
      { user_limit_bet: 0, user_limit_bet_active: 1, user_limit_loss: 10, password_check: 'p' },
      { kyc_id: 1, user_limit_time: 1, extra: 2 },
    ],
  ],
  [
    'TimeoutLimitsPayload',
    TimeoutLimitsPayload,
    SET_TIMEOUT_LIMITS.request,
    'request',
    [{ user_pause: 7, reason: 1, password_check: 'p' }],
  ],
  [
    'SelfExclusionPayload',
    SelfExclusionPayload,
    SET_SELF_EXCLUSION.request,
    'request',
    [{ user_exclusion: -1, reason: 2 }],
  ],
  [
    'IncomeReportGeneratePayload',
    IncomeReportGeneratePayload,
    GENERATE_INCOME_REPORT.request,
    'request',
    [{ reference_year: 2025, type: 'email' }],
  ],
  [
    'RegisterSimplifiedPayload',
    RegisterSimplifiedPayload,
    REGISTER_SIMPLIFIED.request,
    'request',
    [
      {
        email: 'ana@example.com',
        password: 'pw',
        country: 'BR',
        nationalities: '["BR"]',
        optIn: true,
        ddi: '55',
        phone: '1199',
        name: 'Ana',
        birth_date: '1990-01-01',
        number: CPF,
        captcha_token: 'c',
        app_source: 'web',
        affiliation_code: 'a',
      },
      {
        email: 'a@b.co',
        password: '',
        country: 'BR',
        nationalities: '[1]',
        optIn: 1,
        birth_date: '2020-01-01',
      },
      // Both rules broken, every field read: a field's issue decides whether they run (zod's runChecks).
      {
        email: 'ana@example.com',
        password: 'pw',
        country: 'BR',
        nationalities: '[]',
        optIn: false,
        birth_date: '2020-01-01',
        number: '111.111.111-11',
      },
    ],
  ],
  [
    'ValidateDocumentPayload',
    ValidateDocumentPayload,
    VALIDATE_DOCUMENT.request,
    'request',
    [{ number: CPF, captcha_token: 'c' }],
  ],
  [
    'UserAddress',
    UserAddress,
    GET_ADDRESS.response,
    'response',
    [{ street: 'Rua A', city: 1, state: null, zipcode: '0', other: { a: 1 } }],
  ],
  ['CheckPasswordResult', CheckPasswordResult, CHECK_PASSWORD.response, 'response', [{ success: '1' }]],
  [
    'SocialAccounts',
    SocialAccounts,
    GET_SOCIAL_ACCOUNTS.response,
    'response',
    [[{ id: '3', provider: 'google', email: 'a@b.co', connected_at: null, x: 1 }, {}]],
  ],
  [
    'LoginHistoryResponse',
    LoginHistoryResponse,
    GET_LOGIN_HISTORY.response,
    'response',
    [
      {
        data: [
          {
            id: 1,
            user_id: '2',
            ip: '::1',
            user_agent: 'UA',
            created_at: '2026-01-01',
            device: 'd',
            location: null,
          },
        ],
        current_page: 1,
        last_page: '3',
        per_page: 10,
        total: null,
      },
    ],
  ],
  ['IncomeReportData', IncomeReportData, GET_INCOME_REPORT_STATUS.response, 'response', [REPORT]],
  [
    'AvailableYearsResponse',
    AvailableYearsResponse,
    GET_AVAILABLE_YEARS.response,
    'response',
    [{ years: [2024, '2025'] }],
  ],
  [
    'ValidateDocumentResponse',
    ValidateDocumentResponse,
    VALIDATE_DOCUMENT.response,
    'response',
    [
      {
        docnumber: '52998224725',
        docnumber_valid: 'true',
        birth_date: '1990-01-01',
        gender: 'F',
        mother_name: 'M',
        name: 'Ana',
      },
    ],
  ],
];

describe('the user, registration and income report rows read by hand, as their zod schemas read', () => {
  for (const [name, oracle, row, kind, bases] of ROWS) {
    it(`${name}: generated values, near misses, odd values`, () => {
      fc.assert(
        fc.property(fc.oneof(valuesLike(oracle), ...bases.map(nearMiss), ...bases.map(twice), odd), (value) =>
          same(kind, oracle, row, value),
        ),
        { numRuns: 400 },
      );
    });

    it(`${name}: every field at each of its edges, one at a time`, () => {
      for (const base of bases) {
        // Every field of the schema (absent from the base too), and a first item's fields.
        const keys = new Set([...Object.keys(base), ...Object.keys(shapeOf(oracle)), 'extra']);
        for (const key of keys)
          for (const value of [...EDGES, REMOVE]) {
            same(kind, oracle, row, setAt(structuredClone(base) as Record<string, unknown>, [key], value));
            if (Array.isArray(base) || 'data' in base) {
              const path = Array.isArray(base) ? ['0', key] : ['data', '0', key];
              const cloned = structuredClone(base) as Record<string, unknown>;
              same(kind, oracle, row, setAt(cloned, path, value));
            }
          }
      }
    });

    const base = bases[0]!;
    // A list's answer: its items are objects read as the other rows' (the near misses above).
    if (Array.isArray(base)) continue;
    it(`${name}: reads a getter as often, and throws what it throws, as zod does`, () => {
      const parse = kind === 'request' ? parseRequest : parseResponse;
      for (const key of [...Object.keys(base), 'extra']) {
        const counts = [oracle, row].map((schema) => {
          let n = 0;
          outcome(() =>
            parse(
              'op',
              schema,
              withGetter(base, key, () => {
                n++;
                return (base as Record<string, unknown>)[key];
              }),
            ),
          );
          return n;
        });
        expect([key, counts[1]]).toEqual([key, counts[0]]);
        same(
          kind,
          oracle,
          row,
          withGetter(base, key, () => {
            throw new Error(`getter ${key}`);
          }),
        );
      }
      same(kind, oracle, row, Object.create(base));
      same(kind, oracle, row, new Proxy(base, { has: (t, k) => k === 'extra' || Reflect.has(t, k) }));
    });
  }

  it('the path parameters (`{id}`, `?page=`, `{type}`) as their zod objects read them', () => {
    const id = z.object({ id: PositiveInt });
    const page = z.object({ page: PositiveInt });
    const type = z.object({ type: SocialType });
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...EDGES), odd, fc.integer(), fc.string({ maxLength: 40 })),
        (v) => {
          sameOutcome(
            () => String(parseRequest('op', id, { id: v }).id),
            () => idSegment('op', v),
          );
          sameOutcome(
            () =>
              String(
                Number.isSafeInteger(v) && (v as number) > 0 ? v : parseRequest('op', page, { page: v }).page,
              ),
            () => pageParam('op', v),
          );
          sameOutcome(
            () => encodeURIComponent(parseRequest('op', type, { type: v }).type),
            () => socialTypeSegment('op', v),
          );
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('the income report answers checked against the question (`answers`) as the zod objects did', () => {
    const answered = fc.record({
      reference_year: fc.oneof(fc.constantFrom(undefined, 2024, 2025, '2025', null), fc.integer()),
      id: fc.oneof(fc.constantFrom(7, 8, '7', -0), fc.integer()),
    });
    fc.assert(
      fc.property(
        answered,
        fc.integer({ min: 1900, max: 9999 }),
        fc.integer({ min: 1, max: 9 }),
        (a, year, id) => {
          const answer = { ...REPORT, ...a } as never;
          sameOutcome(
            () =>
              parseResponse(
                'generateIncomeReport',
                z.object({ reference_year: z.optional(z.literal(year)) }),
                answer,
              ),
            () => GENERATE_INCOME_REPORT.answers(answer, { reference_year: year, type: 'email' }),
          );
          sameOutcome(
            () => parseResponse('getIncomeReportStatus', z.object({ id: z.literal(id) }), answer),
            () => GET_INCOME_REPORT_STATUS.answers(answer, id),
          );
        },
      ),
      { numRuns: 800 },
    );
  });

  it('the valid values read as the spec shows them (the examples above pass)', () => {
    expect(parseRequest('updateLimits', UPDATE_LIMITS.request, { user_limit_deposit: 500 })).toEqual({
      user_limit_deposit: 500,
      user_limit_deposit_active: 1,
    });
    expect(
      parseRequest(
        'registerSimplified',
        REGISTER_SIMPLIFIED.request,
        ROWS.find((r) => r[0] === 'RegisterSimplifiedPayload')![4][0],
      ),
    ).toMatchObject({
      number: '52998224725',
    });
    expect(parseResponse('getIncomeReportStatus', GET_INCOME_REPORT_STATUS.response, REPORT)).toMatchObject({
      status: 2,
    });
    expect(() =>
      parseRequest('changePassword', CHANGE_PASSWORD.request, {
        old_password: 'o',
        password: 'a',
        password_confirmation: 'b',
      }),
    ).toThrow(RequestValidationError);
  });
});

/** `base` missed near twice: two values changed (a field's issue and another's, a rule's). */
const twice = (base: object) => nearMiss(base, 2);

/** The fields of an object schema (or of a list's item). */
function shapeOf(schema: Schema): Record<string, unknown> {
  const def = schema._zod.def as { shape?: Record<string, unknown> };
  return def.shape ?? {};
}
