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
  RegistrationModule,
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
      (options?: LogoutOptions) => Promise<RefreshTokenResponse>
    >();
    expectTypeOf<RegistrationModule['registerSimplified']>().toEqualTypeOf<
      (payload: RegisterSimplifiedPayload, options?: CallOptions) => Promise<LoginResponse>
    >();
    expectTypeOf<AuthModule['forgotPassword']>().toEqualTypeOf<
      (payload: ForgotPasswordPayload, options?: CallOptions) => Promise<unknown>
    >();
    expectTypeOf<RegistrationModule['validateDocument']>().toEqualTypeOf<
      (payload: ValidateDocumentPayload, options?: CallOptions) => Promise<ValidateDocumentResponse>
    >();
    expectTypeOf<keyof AuthModule>().toEqualTypeOf<
      'login' | 'logout' | 'getUserProfile' | 'refreshToken' | 'forgotPassword'
    >();
    // Registration is its own module (0.2.0): an app that never registers bundles none of it.
    expectTypeOf<keyof RegistrationModule>().toEqualTypeOf<'registerSimplified' | 'validateDocument'>();
  });

  it('names one endpoint per method', () => {
    expectTypeOf<AuthEndpoints>().toEqualTypeOf<
      Record<keyof AuthModule | keyof RegistrationModule, Endpoint>
    >();
  });
});
