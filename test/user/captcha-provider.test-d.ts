import { describe, expectTypeOf, it } from 'vitest';
import type { Secret, UserModule } from '../../src/index';

// REVIEW-Y Y-12: the payload types say a `captcha_token` may be a provider (as the login's
// `CaptchaProvider`), a string or a `Secret`; no other field takes a function.

type Provider = () => string | Promise<string>;

describe('captcha_token in the user-module payload types', () => {
  it('updateProfile and changePassword take a provider', () => {
    type Profile = NonNullable<Parameters<UserModule['updateProfile']>[1]['captcha_token']>;
    type Password = NonNullable<Parameters<UserModule['changePassword']>[1]['captcha_token']>;
    expectTypeOf<Profile>().toEqualTypeOf<string | Secret | Provider>();
    expectTypeOf<Password>().toEqualTypeOf<string | Secret | Provider>();
    expectTypeOf<Parameters<UserModule['updateProfile']>[1]['first_name']>().toEqualTypeOf<
      string | undefined
    >();
  });
});
