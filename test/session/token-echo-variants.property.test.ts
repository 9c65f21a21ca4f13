import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOGIN, REFRESH_TOKEN } from '../../src/auth/operations';
import { EMBEDDINGS, variantOf, variantToken } from '../errors/scrub-variants';
import { PLAIN_USER_INFO } from '../support/login-answer';

// The answer that gives a token (login, its two-factor step, registration, refresh) echoing that
// token elsewhere in a variant of its encoding: unpadded, base64url (or a JWT back in base64),
// form-decoded (`+` as a space). The walk of src/auth/operations.ts looked for the token as sent:
// the echo reached the first signedIn view, its events and the snapshot. What the schema hands on
// must hold the token only in its own fields.

/** Where in the answer the echo goes. */
const place = fc.constantFrom<(echo: string) => Record<string, unknown>>(
  (echo) => ({ username: echo }),
  (echo) => ({ name: echo, document: { type: 'cpf', number: '52998224725', note: echo } }),
  (echo) => ({ wallet: { real: { withdrawNextDate: echo }, extra: [echo] } }),
);

describe('a login answer echoing its token in a variant of its encoding', () => {
  it('keeps the token only in access_token and user.token', async () => {
    await fc.assert(
      fc.asyncProperty(
        variantToken,
        variantOf,
        fc.constantFrom(...Object.keys(EMBEDDINGS)),
        place,
        fc.boolean(),
        async (token, variant, where, at, refresh) => {
          const echo = variant.apply(token);
          const value = EMBEDDINGS[where]!(echo);
          const left = echo.replace(/=+$/, '').trim();
          const result = (refresh ? REFRESH_TOKEN : LOGIN).response.safeParse({
            access_token: token,
            expires_in: 3600,
            token_type: 'Bearer',
            user: { id: 1, email: 'p@example.com', token, ...at(value) },
            userInfo: { ...PLAIN_USER_INFO, two_factor_type: value },
            message: value,
          }) as { data?: { access_token: string; user?: { token?: string } } };
          const { access_token, user, ...rest } = result.data!;
          const { token: own, ...player } = user ?? {};
          expect(access_token).toBe(token);
          if (!refresh) expect(own).toBe(token);
          const seen = JSON.stringify({ rest, player });
          expect(seen, `${variant.names.join(' + ')}: ${value}`).not.toContain(left);
        },
      ),
      { numRuns: 200, seed: 3302 },
    );
  }, 120_000);
});
