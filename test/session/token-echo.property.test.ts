import fc from 'fast-check';
import { createAuthModule, createOfetchAdapter, createRegistrationModule } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { ENCODERS } from '../errors/encoders';
import { useEchoServer } from '../http/echo-server';
import { PLAIN_USER_INFO } from '../support/login-answer';

// Review 7, H3, as a property: whatever token an answer gives (login, the two-factor step's
// answer, registration, refresh), wherever and in whatever form the answer echoes it in its other
// values, what the module answers holds it only in `access_token` (for the token store) and in
// `user.token`, the answer's own token fields.

const echo = useEchoServer();

/** A token: what bearer, refresh and JWT tokens are made of, with at least one letter. */
const token = fc
  .string({
    unit: fc.constantFrom(...'abcdefXYZ0123456789-_.~+/='),
    minLength: 8,
    maxLength: 160,
  })
  .filter((t) => /[a-z]/i.test(t));

/** How a back end writes the token inside another value. */
const form = fc.constantFrom<(t: string) => string>(
  (t) => t,
  (t) => `Bearer ${t}`,
  (t) => `session=${encodeURIComponent(t)}; path=/`,
  (t) => JSON.stringify({ jwt: t }),
  ...Object.values(ENCODERS).map((encode) => (t: string) => `x ${encode(t)} y`),
);

/** Where in a login answer the echo goes (a field the schema keeps, at any depth). */
const place = fc.constantFrom<(echo: string) => Record<string, unknown>>(
  (echo) => ({ user: { username: echo } }),
  (echo) => ({ user: { name: echo, first_name: echo } }),
  (echo) => ({ user: { document: { type: 'cpf', number: '52998224725', note: echo } } }),
  (echo) => ({ user: { country_data: { name: echo } } }),
  (echo) => ({ user: { wallet: { real: { withdrawNextDate: echo }, extra: [echo] } } }),
  (echo) => ({ userInfo: { two_factor_type: echo } }),
  // Token-named keys below the top, in objects the schema keeps whole: echoes too.
  (echo) => ({ user: { document: { type: 'cpf', access_token: echo, token: echo } } }),
  (echo) => ({ user: { wallet: { refresh_token: echo, real: { token: echo } } } }),
);

type Kind = 'login' | 'code' | 'register' | 'refresh' | 'challenge';
const kind = fc.constantFrom<Kind>('login', 'code', 'register', 'refresh', 'challenge');

const merge = (a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> => {
  const out = { ...a };
  for (const [k, v] of Object.entries(b))
    out[k] =
      typeof v === 'object' && v && !Array.isArray(v) && typeof a[k] === 'object'
        ? merge(a[k] as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  return out;
};

/** The strings of `value` (keys too) that hold `secret` in any form a back end writes it. */
const forms = (secret: string) => Object.values(ENCODERS).map((encode) => encode(secret).toLowerCase());
const holds = (value: unknown, secret: string) => {
  const text = JSON.stringify(value).toLowerCase();
  return forms(secret).filter((f) => text.includes(f));
};

describe('token echo (property): an answer that gives a token', () => {
  it('holds it only in access_token, however it echoes it', async () => {
    const http = createOfetchAdapter({ baseURL: echo.server.url, timeout: 5000, retry: 0 });
    const auth = createAuthModule(http);
    const registration = createRegistrationModule(http);
    await fc.assert(
      fc.asyncProperty(
        token,
        fc.option(token, { nil: undefined }),
        kind,
        place,
        form,
        async (t, r, k, at, f) => {
          const base: Record<string, unknown> =
            k === 'refresh'
              ? { access_token: t }
              : k === 'challenge'
                ? { type: 'two_factor_code', access_token: t, message: f(t), user: { id: 1 } }
                : {
                    access_token: t,
                    expires_in: 3600,
                    token_type: 'Bearer',
                    user: { id: 1, email: 'p@example.com', token: t },
                    userInfo: PLAIN_USER_INFO,
                  };
          const body = merge(base, { ...at(f(t)), ...(r && { refresh_token: r, previous: `Bearer ${r}` }) });
          if (r && body.user) (body.user as Record<string, unknown>).last_name = `refresh ${r}`;
          echo.answer = { status: 200, body };
          const creds = { login: 'p@example.com', password: 'Secret123!' };
          const got =
            k === 'refresh'
              ? await auth.refreshToken()
              : k === 'register'
                ? await registration.registerSimplified({
                    email: 'p@example.com',
                    password: 'Secret123!',
                    country: 'BR',
                    nationalities: '["BR"]',
                    optIn: false,
                  })
                : await auth.login(k === 'code' ? { ...creds, two_factor_code: '482913' } : creds);
          // The answer's own token fields, as they came: the grant (for the token store) and
          // `user.token` (spec 2.3; the session drops it).
          const { access_token, user, ...rest } = got as { access_token?: string; user?: { token?: string } };
          const { token: own, ...player } = user ?? {};
          expect(access_token).toBe(t);
          if (k !== 'refresh' && k !== 'challenge') expect(own).toBe(t);
          expect(holds({ rest, player }, t)).toEqual([]);
          if (r) expect(holds(got, r)).toEqual([]);
          // What holds no token is data, left as it is.
          if (k !== 'refresh' && k !== 'challenge')
            expect(player).toMatchObject({ id: 1, email: 'p@example.com' });
        },
      ),
      { numRuns: 120 },
    );
  }, 120_000);
});
