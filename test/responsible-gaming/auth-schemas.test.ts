import { describe, expect, it } from 'vitest';
import { isPamError, type PamError, type RequestValidationError } from '../../src/index';
import { MAX_EXPIRES_IN_S } from '../../src/schemas/auth';
import { LoginPayload, RegisterSimplifiedPayload } from '../../src/schemas/index';
import { clientsFor, signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

const base = {
  email: 'new.adult@example.com',
  password: 'Str0ng!Passw0rd',
  country: 'BR',
  nationalities: '["BR"]',
  optIn: true,
};

/** `birth_date` exactly `years` years before today's Brazilian date, shifted by `days`. */
function birthDate(years: number, days = 0): string {
  const today = new Date(Date.now() - 3 * 3_600_000); // Brazil is UTC-3 today
  const d = new Date(
    Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days),
  );
  return d.toISOString().slice(0, 10);
}

async function refusal(p: Promise<unknown>): Promise<RequestValidationError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(isPamError(e) && e.code === 'invalid_request').toBe(true);
  return e as RequestValidationError;
}

describe('registration: validated before sending', () => {
  it('refuses a player under 18 (Brazilian date), naming the field, never the value', async () => {
    const { auth } = clientsFor(ctx.server);
    const e = await refusal(auth.registerSimplified({ ...base, birth_date: birthDate(18, 1) }));
    expect(e.issues.map((i) => i.path)).toEqual([['birth_date']]);
    expect(JSON.stringify(e)).not.toContain(birthDate(18, 1));
    expect(e.message).not.toContain(birthDate(18, 1));
    const garbage = await refusal(auth.registerSimplified({ ...base, birth_date: 'ontem' }));
    expect(garbage.issues[0]?.path).toEqual(['birth_date']);
    expect(ctx.server.requests).toHaveLength(0);
  });

  it('accepts a player who turns 18 today', async () => {
    const { auth } = clientsFor(ctx.server);
    await auth.registerSimplified({ ...base, birth_date: birthDate(18) });
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('refuses a malformed CPF in number and sends a valid one as digits only', async () => {
    const { auth } = clientsFor(ctx.server);
    for (const bad of ['529.982.247-24', '111.111.111-11', '1234']) {
      const e = await refusal(auth.registerSimplified({ ...base, number: bad }));
      expect(e.issues.map((i) => i.path)).toEqual([['number']]);
      expect(JSON.stringify(e)).not.toContain(bad);
    }
    expect(ctx.server.requests).toHaveLength(0);
    await auth.registerSimplified({ ...base, email: 'cpf.player@example.com', number: '935.411.347-80' });
    expect(ctx.server.requests[0]?.body).toMatchObject({ number: '93541134780' });
  });

  it('requires nationalities to be a JSON array of strings, e-mail format and a boolean optIn', async () => {
    const { auth } = clientsFor(ctx.server);
    for (const nationalities of ['{"BR":1}', '"BR"', '[1]', '[BR']) {
      const e = await refusal(auth.registerSimplified({ ...base, nationalities }));
      expect(e.issues.map((i) => i.path)).toEqual([['nationalities']]);
    }
    const email = await refusal(auth.registerSimplified({ ...base, email: 'not-an-email' }));
    expect(email.issues.map((i) => i.path)).toEqual([['email']]);
    // biome-ignore lint/suspicious/noExplicitAny: deliberately mistyped input
    const optIn = await refusal(auth.registerSimplified({ ...base, optIn: 'yes' as any }));
    expect(optIn.issues.map((i) => i.path)).toEqual([['optIn']]);
    expect(ctx.server.requests).toHaveLength(0);
  });
});

describe('login: one form for a CPF', () => {
  it('sends a CPF typed with punctuation or spaces as digits only, and signs in', async () => {
    const { auth } = clientsFor(ctx.server);
    const { cpf, password } = ctx.server.seed.plain;
    const typed = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const answer = await auth.login({ login: ` ${typed} `, password });
    expect(answer.type).toBeUndefined();
    expect(ctx.server.requests[0]?.body).toMatchObject({ login: cpf });
  });

  it('leaves e-mails and 11-digit strings without valid check digits untouched', async () => {
    const { auth } = clientsFor(ctx.server);
    await auth
      .login({ login: 'Player@Example.com', password: ctx.server.seed.plain.password })
      .catch(() => {});
    await auth.login({ login: '123.456.789-00', password: 'x' }).catch(() => {});
    expect(ctx.server.requests.map((r) => (r.body as { login: string }).login)).toEqual([
      'Player@Example.com',
      '123.456.789-00',
    ]);
  });
});

it("never changes the caller's payload while normalising it", () => {
  const login = { login: '529.982.247-25', password: 'x' };
  expect(LoginPayload.parse(login).login).toBe('52998224725');
  expect(login.login).toBe('529.982.247-25');
  const registration = { ...base, number: '529.982.247-25' };
  expect(RegisterSimplifiedPayload.parse(registration).number).toBe('52998224725');
  expect(registration.number).toBe('529.982.247-25');
});

describe('tokens in answers', () => {
  const success = (access_token: unknown, expires_in: unknown = 3600) => ({
    access_token,
    expires_in,
    token_type: 'Bearer',
    user: { id: 1 },
    userInfo: {
      validate_email_at: null,
      login_at: '2026-11-23 10:00:00',
      login_attempt_qty: 0,
      seven_days_since_last_login: false,
      strong_password: true,
      force_request_kyc: false,
      two_factor_enabled: false,
    },
  });

  it('refuses a login token that cannot be a header value (invalid_response)', async () => {
    const { auth } = clientsFor(ctx.server);
    for (const token of ['abc def', 'abc\r\nX-Evil: 1', 'tok\u0000en', 'tökén', 'x'.repeat(20_000)]) {
      ctx.server.faults.add({
        method: 'POST',
        path: '/auth/login',
        status: 200,
        body: success(token),
        times: 1,
      });
      const e = (await auth
        .login({ login: 'a@b.co', password: 'Pw-unique-1' })
        .catch((err: unknown) => err)) as PamError;
      expect(isPamError(e) && e.code).toBe('invalid_response');
    }
    // The same answer with a header-safe token is accepted (the refusals above are the token's).
    ctx.server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 200,
      body: success('1|abc.DEF'),
      times: 1,
    });
    await expect(auth.login({ login: 'a@b.co', password: 'Pw-unique-1' })).resolves.toMatchObject({
      access_token: '1|abc.DEF',
    });
  });

  it('refuses such a token from a refresh', async () => {
    const { auth } = signedIn(ctx.server);
    ctx.server.faults.add({
      path: '/users/refresh-token',
      status: 200,
      body: { access_token: 'a b' },
      times: 1,
    });
    const e = (await auth.refreshToken().catch((err: unknown) => err)) as PamError;
    expect(isPamError(e) && e.code).toBe('invalid_response');
  });

  it('reads an expires_in beyond one year or negative as an unknown expiry (null), never an invalid answer', async () => {
    const { auth } = clientsFor(ctx.server);
    ctx.server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 200,
      body: success('ok.token', 1e308),
      times: 1,
    });
    const r = await auth.login({ login: 'a@b.co', password: 'Pw-unique-1' });
    expect(r.expires_in).toBeNull();
    ctx.server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 200,
      body: success('ok.token', -5),
      times: 1,
    });
    const negative = await auth.login({ login: 'a@b.co', password: 'Pw-unique-1' });
    expect(negative.expires_in).toBeNull();
    ctx.server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 200,
      body: success('ok.token', MAX_EXPIRES_IN_S),
      times: 1,
    });
    expect((await auth.login({ login: 'a@b.co', password: 'Pw-unique-1' })).expires_in).toBe(
      MAX_EXPIRES_IN_S,
    );
  });
});
