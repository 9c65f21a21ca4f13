// Review 149. Severity: LOW.
// What happens: `registerSimplified`'s `nationalities` is checked only as "a JSON array of strings
// of at most 1,024 characters" (src/schemas/readers/auth.ts `isJsonStringArray`, and the zod
// schema's `JsonString`): its items may be empty, hold a NUL, CR/LF or a bidi override, and are
// sent as typed. Every other free-text field of the same payload (`country`, `name`,
// `affiliation_code`) is contact text (review 124, 133: no control or format character, a letter
// or digit in it), so a nationality is the one field where that junk still reaches the back end.
// What should happen: each item is read as `country` is (`CONTACT_TEXT`), else `invalid_request`
// at `nationalities`, nothing sent.
import { createOfetchAdapter, createRegistrationModule } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';

const ref = useReferenceServer();
const REG = '/auth/register-simplified';

describe('registerSimplified: nationalities items are text', () => {
  for (const [name, items] of [
    ['a NUL', ['BR\u0000']],
    ['CR LF', ['BR\r\nX-Injected: 1']],
    ['a bidi override', ['\u202eRB']],
    ['an empty item', ['']],
  ] as const)
    it(`${name}: invalid_request at nationalities, nothing sent`, async () => {
      const module = createRegistrationModule(createOfetchAdapter({ baseURL: ref.server.url, retry: 0 }));
      const error = await module
        .registerSimplified({
          email: `nat${Math.random().toString(36).slice(2, 8)}@example.com`,
          password: 'Str0ng!Passw0rd',
          country: 'BR',
          nationalities: JSON.stringify(items),
          optIn: true,
        })
        .then(
          () => null,
          (e: unknown) => e as { code?: string; issues?: { path: unknown[] }[] },
        );
      expect(ref.server.requests.filter((r) => r.path === REG)).toHaveLength(0);
      expect(error?.code).toBe('invalid_request');
      expect(error?.issues?.[0]?.path).toEqual(['nationalities']);
    });
});
