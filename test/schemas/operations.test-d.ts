// The operation rows are checked against the module interfaces by the compiler: a row with the
// wrong schema, the wrong argument shape or no row at all fails `tsc`. Each `@ts-expect-error`
// below is itself checked: if the mechanism let the bad table through, the directive would be
// unused and this file would fail to compile.

import { describe, expectTypeOf, it } from 'vitest';
import type { AuthModule } from '../../src/auth/index';
import { AUTH_OPERATIONS } from '../../src/auth/operations';
import type {
  CallOptions,
  CheckPasswordResult,
  HttpAdapter,
  LoginHistoryResponse,
  LoginPayload,
  LoginResponse,
  Secret,
  SensitiveCallOptions,
  UpdateLimitsPayload,
  WithSecrets,
} from '../../src/index';
import {
  getLoginHistory,
  login,
  setTimeoutLimits,
  updateContracts,
  updateLimits,
  updateProfile,
} from '../../src/index';
import type { Check, Mismatches } from '../../src/operation/operation';
import { RefreshTokenResponse } from '../../src/schemas/auth';
import { UpdateLimitsPayload as UpdateLimitsSchema } from '../../src/schemas/limits';
import { SocialAccounts } from '../../src/schemas/user';
import {
  type UserModule as FullUserModule,
  USER_MUTATIONS,
  USER_OPERATIONS,
  type UserMutation,
} from '../../src/user/index';
import { withPasswordCheck } from '../../src/user/sensitive';

// The download is not a JSON operation: it has no row.
type UserModule = Omit<FullUserModule, 'downloadIncomeReport'>;

import type { Sensitive } from '../../src/user/sensitive';

// The real tables fit their interfaces.
type _UserFits = Check<Mismatches<UserModule, typeof USER_OPERATIONS, Sensitive>>;
type _AuthFits = Check<Mismatches<AuthModule, typeof AUTH_OPERATIONS>>;

// A row with another payload schema. UpdateLimitsPayload is all-optional and shares
// `password_check` with the pause payload, so plain assignability would let it through.
const wrongRequest = {
  ...USER_OPERATIONS,
  setTimeoutLimits: { ...USER_OPERATIONS.setTimeoutLimits, request: UpdateLimitsSchema },
};
// @ts-expect-error setTimeoutLimits's row validates the wrong payload
type _WrongRequest = Check<Mismatches<UserModule, typeof wrongRequest, Sensitive>>;

// A row with another response schema.
const wrongResponse = {
  ...USER_OPERATIONS,
  checkPassword: { ...USER_OPERATIONS.checkPassword, response: SocialAccounts },
};
// @ts-expect-error checkPassword's row parses the answer with the wrong schema
type _WrongResponse = Check<Mismatches<UserModule, typeof wrongResponse, Sensitive>>;

// A row that drops its response schema (the method would resolve to `unknown`).
const { response: _dropped, ...withoutResponse } = USER_OPERATIONS.getLoginHistory;
const noResponse = { ...USER_OPERATIONS, getLoginHistory: withoutResponse };
// @ts-expect-error getLoginHistory's row no longer validates its answer
type _NoResponse = Check<Mismatches<UserModule, typeof noResponse, Sensitive>>;

// A row with a fixed path where the method takes an id.
const wrongArgs = {
  ...USER_OPERATIONS,
  updateProfile: { ...USER_OPERATIONS.updateProfile, path: '/users/update/1' },
};
// @ts-expect-error updateProfile's row takes no id
type _WrongArgs = Check<Mismatches<UserModule, typeof wrongArgs, Sensitive>>;

// A missing row.
const { getAddress: _missing, ...missingUser } = USER_OPERATIONS;
// @ts-expect-error getAddress has no row
type _MissingUser = Check<Mismatches<UserModule, typeof missingUser, Sensitive>>;

// The same for the auth module.
const wrongAuth = { ...AUTH_OPERATIONS, login: { ...AUTH_OPERATIONS.login, response: RefreshTokenResponse } };
// @ts-expect-error login's row parses the answer as a refresh
type _WrongAuth = Check<Mismatches<AuthModule, typeof wrongAuth>>;
const { logout: _logout, ...missingAuth } = AUTH_OPERATIONS;
// @ts-expect-error logout has no row
type _MissingAuth = Check<Mismatches<AuthModule, typeof missingAuth>>;

describe('operation rows', () => {
  it('name exactly the operations that do not fit', () => {
    expectTypeOf<Mismatches<UserModule, typeof USER_OPERATIONS, Sensitive>>().toEqualTypeOf<never>();
    expectTypeOf<
      Mismatches<UserModule, typeof wrongRequest, Sensitive>
    >().toEqualTypeOf<'setTimeoutLimits'>();
    expectTypeOf<Mismatches<UserModule, typeof wrongResponse, Sensitive>>().toEqualTypeOf<'checkPassword'>();
    expectTypeOf<Mismatches<UserModule, typeof noResponse, Sensitive>>().toEqualTypeOf<'getLoginHistory'>();
    expectTypeOf<Mismatches<UserModule, typeof wrongArgs, Sensitive>>().toEqualTypeOf<'updateProfile'>();
    expectTypeOf<Mismatches<UserModule, typeof missingUser, Sensitive>>().toEqualTypeOf<'getAddress'>();
    expectTypeOf<Mismatches<AuthModule, typeof wrongAuth>>().toEqualTypeOf<'login'>();
    expectTypeOf<Mismatches<AuthModule, typeof missingAuth>>().toEqualTypeOf<'logout'>();
  });

  it('derive the mutations from the rows', () => {
    expectTypeOf<UserMutation>().toEqualTypeOf<
      | 'updateProfile'
      | 'updateEmail'
      | 'addPhone'
      | 'updateAddress'
      | 'updateContracts'
      | 'updateMarketing'
      | 'changePassword'
      | 'toggleTwoFactor'
      | 'connectSocial'
      | 'disconnectSocial'
      | 'updateLimits'
      | 'setTimeoutLimits'
      | 'setSelfExclusion'
    >();
    expectTypeOf(USER_MUTATIONS).toEqualTypeOf<readonly UserMutation[]>();
  });
});

describe('standalone operations', () => {
  it('take the adapter methods they use, then the module method’s arguments', () => {
    expectTypeOf(updateLimits).parameter(0).toEqualTypeOf<Pick<HttpAdapter, 'patch'>>();
    expectTypeOf(updateLimits).parameter(1).toEqualTypeOf<WithSecrets<UpdateLimitsPayload>>();
    expectTypeOf(updateLimits).parameter(2).toEqualTypeOf<SensitiveCallOptions | undefined>();
    expectTypeOf(setTimeoutLimits).returns.resolves.toBeUnknown();
    expectTypeOf(getLoginHistory).parameter(0).toEqualTypeOf<Pick<HttpAdapter, 'get'>>();
    expectTypeOf(getLoginHistory).returns.resolves.toEqualTypeOf<LoginHistoryResponse>();
    expectTypeOf(updateProfile).parameter(1).toEqualTypeOf<number>();
    expectTypeOf(updateContracts)
      .parameter(1)
      .toEqualTypeOf<'tc' | 'privacy' | 'lgpd' | 'law' | 'migrate' | 'mkt'>();
    expectTypeOf(login).parameters.toEqualTypeOf<
      [http: Pick<HttpAdapter, 'post'>, payload: LoginPayload, options?: CallOptions]
    >();
    expectTypeOf(login).returns.resolves.toEqualTypeOf<LoginResponse>();
    expectTypeOf<ReturnType<UserModule['checkPassword']>>().resolves.toEqualTypeOf<CheckPasswordResult>();
  });

  it('withPasswordCheck boxes the password as a Secret', () => {
    const payload = withPasswordCheck({ user_pause: 7, reason: 1 }, 'pw');
    expectTypeOf(payload.password_check).toEqualTypeOf<Secret>();
    expectTypeOf(payload).toExtend<Parameters<typeof setTimeoutLimits>[1]>();
  });
});
