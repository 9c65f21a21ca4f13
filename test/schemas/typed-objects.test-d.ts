import { describe, expectTypeOf, it } from 'vitest';
import type { AuthUser, SocialAccount, UserAddress, UserProfileInfo } from '../../src/index';

// Issue 20 item 3: every object whose fields the spec or the reference server shows is typed
// (other keys may be kept): `{user?.document?.number}` type-checks in a React/Vue/Svelte template.

describe('typed objects of the login and profile answers', () => {
  it('user.document, country_data and wallet have their fields', () => {
    expectTypeOf<NonNullable<AuthUser['document']>['number']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<AuthUser['document']>['type']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<AuthUser['country_data']>['name']>().toEqualTypeOf<string | undefined>();
    type Real = NonNullable<NonNullable<AuthUser['wallet']>['real']>;
    expectTypeOf<Real['credit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Real['withdrawEnabled']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<NonNullable<NonNullable<AuthUser['wallet']>['cashback']>['expiresAt']>().toEqualTypeOf<
      string | undefined
    >();
  });

  it('the address and social account records have the fields the reference server shows', () => {
    expectTypeOf<UserAddress['zipcode']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SocialAccount['id']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<SocialAccount['provider']>().toEqualTypeOf<string | undefined>();
  });

  it('numbers and booleans read tolerantly come out as numbers and booleans', () => {
    expectTypeOf<AuthUser['id']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<AuthUser['is_active']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<UserProfileInfo['login_attempt_qty']>().toEqualTypeOf<number>();
  });

  it('a restriction field says it may hold what could not be read', () => {
    // Kept as sent when unreadable: restrictionsOf reports it; never narrowed to a bare number.
    expectTypeOf<UserProfileInfo['user_pause']>().toExtend<
      number | null | undefined | string | boolean | object
    >();
    expectTypeOf<number>().toExtend<NonNullable<UserProfileInfo['user_pause']>>();
    expectTypeOf<string>().toExtend<NonNullable<UserProfileInfo['spa_exclusion']>>();
  });
});
