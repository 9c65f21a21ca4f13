// Review 149, holds: a server echoing the account flows' secrets (password, old password,
// confirmation, captcha token) in a 422's message, in `errors` KEYED by the secret's value, or in a
// 2xx body: no error (message, toJSON, String, body, fieldErrors), no describeError text and no
// resolved value holds them. Real sockets against the reference server.
import { createAuthModule, createOfetchAdapter, createUserModule, describeError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';

const ref = useReferenceServer();
const PW = 'Str0ng!Passw0rd';
const OLD = 'Secret123!';
const CAP = 'captcha-tok-ZZZZ9876543210';

const echo = (...values: string[]) => ({
  message: `bad ${values.join(' / ')}`,
  errors: Object.fromEntries(
    values.flatMap((v) => [
      [v, [`${v} is wrong`]],
      [`field_${v}`, ['x']],
    ]),
  ),
  input: values,
});

const seen = (e: unknown) => {
  const x = e as { body?: unknown; message?: unknown; fieldErrors?: unknown };
  return JSON.stringify([
    e,
    x.body,
    x.message,
    x.fieldErrors,
    String(e),
    describeError(e, { locale: 'en' }),
    describeError(e, { locale: 'pt-BR' }),
  ]);
};

const signedInUser = async () => {
  const auth = createAuthModule(createOfetchAdapter({ baseURL: ref.server.url, retry: 0 }));
  const login = (await auth.login({ login: 'player@example.com', password: OLD })) as {
    access_token: string;
    user: { id: number };
  };
  const http = createOfetchAdapter({
    baseURL: ref.server.url,
    retry: 0,
    getAccessToken: () => login.access_token,
  });
  return { user: createUserModule(http), id: login.user.id };
};

describe('422 echoes, keys included', () => {
  it('registerSimplified: password and captcha token', async () => {
    ref.server.faults.add({
      method: 'POST',
      path: '/auth/register-simplified',
      status: 422,
      body: echo(PW, CAP),
    });
    const e = await createAuthModule(createOfetchAdapter({ baseURL: ref.server.url, retry: 0 }))
      .registerSimplified({
        email: 'e@example.com',
        password: PW,
        country: 'BR',
        nationalities: '["BR"]',
        optIn: true,
        captcha_token: CAP,
      })
      .catch((x: unknown) => x);
    expect((e as { status?: number }).status).toBe(422);
    for (const s of [PW, CAP]) expect(seen(e)).not.toContain(s);
  });

  it('forgotPassword and validateDocument: the captcha token', async () => {
    const auth = createAuthModule(createOfetchAdapter({ baseURL: ref.server.url, retry: 0 }));
    ref.server.faults.add({ method: 'POST', path: '/auth/forgot-password', status: 422, body: echo(CAP) });
    ref.server.faults.add({ method: 'POST', path: '/auth/validate-document', status: 422, body: echo(CAP) });
    const a = await auth
      .forgotPassword({ login: 'player@example.com', captcha_token: CAP })
      .catch((x: unknown) => x);
    const b = await auth
      .validateDocument({ number: '52998224725', captcha_token: CAP })
      .catch((x: unknown) => x);
    expect([a, b].map((e) => (e as { status?: number }).status)).toEqual([422, 422]);
    expect(seen(a) + seen(b)).not.toContain(CAP);
  });

  it('changePassword: old password, new password, confirmation and captcha token', async () => {
    const { user, id } = await signedInUser();
    ref.server.faults.add({ method: 'POST', path: /change-password/, status: 422, body: echo(OLD, PW, CAP) });
    const e = await user
      .changePassword(id, { old_password: OLD, password: PW, password_confirmation: PW, captcha_token: CAP })
      .catch((x: unknown) => x);
    expect((e as { status?: number }).status).toBe(422);
    for (const s of [OLD, PW, CAP]) expect(seen(e)).not.toContain(s);
  });

  it('updateEmail: the password check', async () => {
    const { user } = await signedInUser();
    ref.server.faults.add({ method: 'PATCH', path: '/bff/users/self-email', status: 422, body: echo(OLD) });
    const e = await user
      .updateEmail({ email: 'n@example.com', password_check: OLD })
      .catch((x: unknown) => x);
    expect((e as { status?: number }).status).toBe(422);
    expect(seen(e)).not.toContain(OLD);
  });
});

describe('2xx echoes', () => {
  it('changePassword, forgotPassword and validateDocument resolve without the secrets', async () => {
    const { user, id } = await signedInUser();
    const auth = createAuthModule(createOfetchAdapter({ baseURL: ref.server.url, retry: 0 }));
    ref.server.faults.add({
      method: 'POST',
      path: /change-password/,
      status: 200,
      body: { message: `ok ${PW}`, old: OLD },
    });
    ref.server.faults.add({
      method: 'POST',
      path: '/auth/forgot-password',
      status: 200,
      body: { message: `sent ${CAP}` },
    });
    ref.server.faults.add({
      method: 'POST',
      path: '/auth/validate-document',
      status: 200,
      body: { docnumber: '52998224725', docnumber_valid: true, name: `Ana ${CAP}` },
    });
    const out = JSON.stringify([
      await user.changePassword(id, {
        old_password: OLD,
        password: PW,
        password_confirmation: PW,
        captcha_token: CAP,
      }),
      await auth.forgotPassword({ login: 'player@example.com', captcha_token: CAP }),
      await auth.validateDocument({ number: '529.982.247-25', captcha_token: CAP }),
    ]);
    expect(out).toContain('ok ');
    for (const s of [OLD, PW, CAP]) expect(out).not.toContain(s);
  });
});
