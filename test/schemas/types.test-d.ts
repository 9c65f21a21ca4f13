import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type {
  AuthModule,
  IncomeReportData,
  LoginPayload,
  LoginResponse,
  Secret,
  SelfExclusionPayload,
  TimeoutLimitsPayload,
  UpdateLimitsPayload,
  UserModule,
  WithSecrets,
} from '../../src/index';
// The schemas (values) live in `pam-client/schemas`; their types of the same names in the core.
import type {
  IncomeReportData as IncomeReportDataSchema,
  LoginPayload as LoginPayloadSchema,
  UpdateLimitsPayload as UpdateLimitsPayloadSchema,
} from '../../src/schemas/index';

describe('types inferred from the schemas', () => {
  it('payload types are the schemas’ inferred input', () => {
    expectTypeOf<LoginPayload>().toEqualTypeOf<z.infer<typeof LoginPayloadSchema>>();
    expectTypeOf<UpdateLimitsPayload>().toEqualTypeOf<z.infer<typeof UpdateLimitsPayloadSchema>>();
    expectTypeOf<LoginPayload['two_factor_code']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<UpdateLimitsPayload['user_limit_deposit_period']>().toEqualTypeOf<
      'daily' | 'weekly' | 'monthly' | undefined
    >();
    expectTypeOf<UpdateLimitsPayload['user_limit_bet_active']>().toEqualTypeOf<0 | 1 | undefined>();
    expectTypeOf<SelfExclusionPayload['user_exclusion']>().toEqualTypeOf<3 | 6 | 12 | 24 | 36 | 60 | -1>();
    expectTypeOf<TimeoutLimitsPayload['user_pause']>().toEqualTypeOf<number>();
  });

  it('response types are the schemas’ inferred output', () => {
    expectTypeOf<IncomeReportData>().toEqualTypeOf<z.infer<typeof IncomeReportDataSchema>>();
    expectTypeOf<IncomeReportData['status']>().toEqualTypeOf<1 | 2 | 3 | 4>();
    expectTypeOf<LoginResponse['type']>().toEqualTypeOf<
      'cancelled_account' | 'two_factor_code' | undefined
    >();
  });

  it('module methods take and return the schema types', () => {
    expectTypeOf<AuthModule['login']>().parameter(0).toEqualTypeOf<LoginPayload>();
    expectTypeOf<ReturnType<AuthModule['login']>>().resolves.toEqualTypeOf<LoginResponse>();
    expectTypeOf<UserModule['updateLimits']>().parameter(0).toEqualTypeOf<WithSecrets<UpdateLimitsPayload>>();
    expectTypeOf<WithSecrets<UpdateLimitsPayload>['password_check']>().toEqualTypeOf<
      string | Secret | undefined
    >();
    expectTypeOf<
      ReturnType<UserModule['getIncomeReportStatus']>
    >().resolves.toEqualTypeOf<IncomeReportData>();
    expectTypeOf<UserModule['updateContracts']>()
      .parameter(0)
      .toEqualTypeOf<'tc' | 'privacy' | 'lgpd' | 'law' | 'migrate' | 'mkt'>();
  });

  it('narrowing a LoginResponse on type gives a session', () => {
    const r = {} as LoginResponse;
    if (r.type === undefined) expectTypeOf(r.access_token).toEqualTypeOf<string>();
  });
});
