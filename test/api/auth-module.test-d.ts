// AuthModule is checked against the auth operation rows (src/auth/index.ts): its methods keep the
// signatures the contract documents (docs/contract.md, Modules).

import type {
  AuthEndpoints,
  AuthModule,
  CallOptions,
  Endpoint,
  ForgotPasswordPayload,
  LoginPayload,
  LoginResponse,
  LogoutOptions,
  RefreshTokenResponse,
  RegisterSimplifiedPayload,
  UserProfileResponse,
  ValidateDocumentPayload,
  ValidateDocumentResponse,
} from 'pam-client';
import { describe, expectTypeOf, it } from 'vitest';

describe('AuthModule, checked against the rows', () => {
  it('has the documented methods and signatures', () => {
    expectTypeOf<AuthModule['login']>().toEqualTypeOf<
      (payload: LoginPayload, options?: CallOptions) => Promise<LoginResponse>
    >();
    expectTypeOf<AuthModule['logout']>().toEqualTypeOf<(options?: LogoutOptions) => Promise<void>>();
    expectTypeOf<AuthModule['getUserProfile']>().toEqualTypeOf<
      (options?: CallOptions) => Promise<UserProfileResponse>
    >();
    expectTypeOf<AuthModule['refreshToken']>().toEqualTypeOf<
      (options?: CallOptions) => Promise<RefreshTokenResponse>
    >();
    expectTypeOf<AuthModule['registerSimplified']>().toEqualTypeOf<
      (payload: RegisterSimplifiedPayload, options?: CallOptions) => Promise<LoginResponse>
    >();
    expectTypeOf<AuthModule['forgotPassword']>().toEqualTypeOf<
      (payload: ForgotPasswordPayload, options?: CallOptions) => Promise<unknown>
    >();
    expectTypeOf<AuthModule['validateDocument']>().toEqualTypeOf<
      (payload: ValidateDocumentPayload, options?: CallOptions) => Promise<ValidateDocumentResponse>
    >();
    expectTypeOf<keyof AuthModule>().toEqualTypeOf<
      | 'login'
      | 'logout'
      | 'getUserProfile'
      | 'refreshToken'
      | 'registerSimplified'
      | 'forgotPassword'
      | 'validateDocument'
    >();
  });

  it('names one endpoint per method', () => {
    expectTypeOf<AuthEndpoints>().toEqualTypeOf<Record<keyof AuthModule, Endpoint>>();
  });
});
