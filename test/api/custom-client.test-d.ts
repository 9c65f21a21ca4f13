// CustomPamClient promises `user` and registration's methods only for flows it can see. A list
// typed as the wide `ClientFlow[]` (built at run time) may hold them or not: both are optional then,
// so a call needs a check (a review probe found them typed as present, and `undefined` at run time).

import type { RegistrationModule, UserModule } from 'pam-client';
import type { ClientFlow, CustomPamClient } from 'pam-client/machines';
import { describe, expectTypeOf, it } from 'vitest';

type Flow<N extends string> = ClientFlow & { name: N };

describe('CustomPamClient', () => {
  it('a wide ClientFlow[]: user and registration are optional', () => {
    type C = CustomPamClient<ClientFlow[]>;
    expectTypeOf<C['user']>().toEqualTypeOf<UserModule | undefined>();
    expectTypeOf<C['auth']['registerSimplified']>().toEqualTypeOf<
      RegistrationModule['registerSimplified'] | undefined
    >();
  });

  it('a literal list: present with its flow, absent without it', () => {
    type With = CustomPamClient<[Flow<'user'>, Flow<'registration'>]>;
    expectTypeOf<With['user']>().toEqualTypeOf<UserModule>();
    expectTypeOf<With['auth']['registerSimplified']>().toEqualTypeOf<
      RegistrationModule['registerSimplified']
    >();
    type Without = CustomPamClient<[Flow<'tabs'>]>;
    expectTypeOf<Without['user']>().toEqualTypeOf<undefined>();
    expectTypeOf<Without['auth']>().not.toHaveProperty('registerSimplified');
  });
});
