import { describe, expect, expectTypeOf, it } from 'vitest';
import { AUTH_OPERATIONS } from '../../src/auth/operations';
import {
  createAuthModule,
  createOfetchAdapter,
  createRegistrationModule,
  HttpError,
  type LoginResponse,
  RequestValidationError,
  UnauthorizedError,
} from '../../src/index';
import { CANARY, everythingAbout, leakedCanaries } from '../support/canary';
import { NEW_PLAYER } from '../support/new-player';
import { clientsFor, signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

describe('createAuthModule', () => {
  it('logs in by e-mail with POST /auth/login and returns a typed session', async () => {
    const { auth } = clientsFor(ctx.server);
    const { email, password } = ctx.server.seed.plain;
    const result = await auth.login({ login: email, password, app_source: 'web' });

    expectTypeOf(result).toEqualTypeOf<LoginResponse>();
    expect(result.type).toBeUndefined();
    expect(result.access_token).toMatch(/\S{16,}/);
    expect(result.user?.email).toBe(email);
    expect(result.userInfo?.two_factor_enabled).toBe(false);
    const [req] = ctx.server.requests;
    expect(req).toMatchObject({
      method: 'POST',
      url: '/auth/login',
      body: { login: email, password, app_source: 'web' },
    });
    expect(req?.headers.authorization).toBeUndefined();
  });

  it('logs in by CPF', async () => {
    const { auth } = clientsFor(ctx.server);
    const { cpf, password, id } = ctx.server.seed.plain;
    const result = await auth.login({ login: cpf, password });
    expect(result.user?.id).toBe(id);
  });

  it('answers two_factor_code, then a session once the code is sent', async () => {
    const { auth } = clientsFor(ctx.server);
    const { email, password, twoFactorCode } = ctx.server.seed.twoFactor;
    const first = await auth.login({ login: email, password });
    expect(first.type).toBe('two_factor_code');
    expect(first.access_token).toBeUndefined();

    const second = await auth.login({ login: email, password, two_factor_code: twoFactorCode! });
    expect(second.type).toBeUndefined();
    expect(second.access_token).toMatch(/^[\w-]{43}$/); // a token as the reference server issues them
    expect(ctx.server.requests[1]?.body).toEqual({ login: email, password, two_factor_code: twoFactorCode });
  });

  it('answers cancelled_account for the cancelled seed user', async () => {
    const { auth } = clientsFor(ctx.server);
    const { email, password } = ctx.server.seed.cancelled;
    expect((await auth.login({ login: email, password })).type).toBe('cancelled_account');
  });

  it('throws UnauthorizedError on wrong credentials without calling onUnauthorized', async () => {
    let refreshes = 0;
    const http = createOfetchAdapter({
      baseURL: ctx.server.url,
      onUnauthorized: async () => {
        refreshes++;
        return true;
      },
    });
    const auth = createAuthModule(http);
    const error = await auth.login({ login: 'player@example.com', password: 'wrong' }).catch((e) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error.status).toBe(401);
    expect(refreshes).toBe(0);
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('fetches the profile with the bearer token and check_spa_again=1', async () => {
    const { auth, token } = signedIn(ctx.server);
    const profile = await auth.getUserProfile();
    expect(profile.user.email).toBe(ctx.server.seed.plain.email);
    expect(typeof profile.userInfo.user_limit_deposit).toBe('number');
    const [req] = ctx.server.requests;
    expect(req).toMatchObject({
      method: 'GET',
      path: '/auth/user-profile',
      url: '/auth/user-profile?check_spa_again=1',
    });
    expect(req?.query).toEqual({ check_spa_again: '1' });
    expect(req?.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('refreshes the token with POST /users/refresh-token and no body', async () => {
    const { auth, token } = signedIn(ctx.server);
    const { access_token } = await auth.refreshToken();
    expect(access_token).not.toBe(token);
    expect(ctx.server.requests[0]).toMatchObject({
      method: 'POST',
      url: '/users/refresh-token',
      body: undefined,
    });
    expect(ctx.server.requests[0]?.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('logs out with POST /auth/logout and resolves to undefined (no content)', async () => {
    const { auth, token } = signedIn(ctx.server);
    await expect(auth.logout()).resolves.toBeUndefined();
    expect(ctx.server.requests[0]).toMatchObject({ method: 'POST', url: '/auth/logout' });
    expect(ctx.server.requests[0]?.headers.authorization).toBe(`Bearer ${token}`);
    // The token is revoked: the next authenticated call is refused.
    await expect(auth.getUserProfile()).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('registers with POST /auth/register-simplified and returns a LoginResponse', async () => {
    const { auth } = clientsFor(ctx.server);
    const payload = { ...NEW_PLAYER, name: 'New Player' };
    const result = await auth.registerSimplified(payload);
    expect(result.access_token).toMatch(/^[\w-]{43}$/); // a token as the reference server issues them
    expect(result.user?.email).toBe(payload.email);
    expect(ctx.server.requests[0]).toMatchObject({
      method: 'POST',
      url: '/auth/register-simplified',
      body: payload,
    });
  });

  it('starts password recovery with POST /auth/forgot-password', async () => {
    const { auth } = clientsFor(ctx.server);
    const answer = await auth.forgotPassword({ login: 'player@example.com', captcha_token: 'cap' });
    expect(answer).toEqual(expect.objectContaining({ message: expect.any(String) }));
    expect(ctx.server.requests[0]).toMatchObject({
      method: 'POST',
      url: '/auth/forgot-password',
      body: { login: 'player@example.com', captcha_token: 'cap' },
    });
  });

  it('validates a document with POST /auth/validate-document', async () => {
    const { auth } = clientsFor(ctx.server);
    const valid = await auth.validateDocument({ number: ctx.server.seed.plain.cpf });
    expect(valid.docnumber_valid).toBe(true);
    const invalid = await auth.validateDocument({ number: '12345678900' });
    expect(invalid.docnumber_valid).toBe(false);
    expect(ctx.server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /auth/validate-document',
      'POST /auth/validate-document',
    ]);
  });

  it('sends every operation to an overridden endpoint when asked', async () => {
    ctx.server.faults.add({ path: '/v2/login', status: 200, body: { type: 'two_factor_code' } });
    const auth = createAuthModule(createOfetchAdapter({ baseURL: ctx.server.url }), {
      endpoints: { login: { method: 'POST', path: '/v2/login' } },
    });
    const result = await auth.login({ login: 'a@b.c', password: 'x' });
    expect(result.type).toBe('two_factor_code');
    expect(ctx.server.requests[0]?.url).toBe('/v2/login');
  });

  it('registration is also its own module: createRegistrationModule has only its two methods, one endpoints object serves both', async () => {
    const http = createOfetchAdapter({ baseURL: ctx.server.url });
    const endpoints = {
      login: { method: 'POST', path: '/v2/login' },
      validateDocument: { method: 'POST', path: '/v2/document' },
    } as const;
    const auth = createAuthModule(http, { endpoints });
    const registration = createRegistrationModule(http, { endpoints });
    // createAuthModule has them too (API.md; REVIEW-Y Y-1, test/auth/auth-module-registration.test.ts).
    expect(Object.keys(auth).sort()).toEqual([
      'forgotPassword',
      'getUserProfile',
      'login',
      'logout',
      'refreshToken',
      'registerSimplified',
      'validateDocument',
    ]);
    expect(Object.keys(registration).sort()).toEqual(['registerSimplified', 'validateDocument']);
    ctx.server.faults.add({ path: '/v2/document', status: 200, body: { docnumber_valid: false } });
    await expect(registration.validateDocument({ number: '52998224725' })).resolves.toMatchObject({
      docnumber_valid: false,
    });
    // The row is kept: the payload is still validated before anything is sent.
    await expect(registration.validateDocument({ number: '' })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(ctx.server.requests.map((r) => r.url)).toEqual(['/v2/document']);
  });

  it('keeps the documented default endpoints, read from the operation rows', () => {
    const endpoints = Object.fromEntries(
      Object.entries(AUTH_OPERATIONS).map(([name, { method, path }]) => [name, { method, path }]),
    );
    expect(endpoints).toEqual({
      login: { method: 'POST', path: '/auth/login' },
      logout: { method: 'POST', path: '/auth/logout' },
      getUserProfile: { method: 'GET', path: '/auth/user-profile?check_spa_again=1' },
      refreshToken: { method: 'POST', path: '/users/refresh-token' },
      registerSimplified: { method: 'POST', path: '/auth/register-simplified' },
      forgotPassword: { method: 'POST', path: '/auth/forgot-password' },
      validateDocument: { method: 'POST', path: '/auth/validate-document' },
    });
  });

  it('an overridden endpoint keeps its row: the payload is still validated, the answer still parsed', async () => {
    ctx.server.faults.add({
      path: '/v2/profile',
      status: 200,
      body: { user: {}, userInfo: { login_at: 1 } },
    });
    const auth = createAuthModule(createOfetchAdapter({ baseURL: ctx.server.url }), {
      endpoints: {
        getUserProfile: { method: 'GET', path: '/v2/profile' },
        login: { method: 'POST', path: '/v2/login' },
      },
    });
    await expect(auth.getUserProfile()).rejects.toMatchObject({ code: 'invalid_response' });
    await expect(auth.login({ login: '', password: 'x' })).rejects.toMatchObject({ code: 'invalid_request' });
    expect(ctx.server.requests.map((r) => r.url)).toEqual(['/v2/profile']);
  });

  it('rejects a blank login and unknown keys before sending anything', async () => {
    const { auth } = clientsFor(ctx.server);
    const blank = await auth.login({ login: '', password: 'x' }).catch((e) => e);
    expect(blank).toBeInstanceOf(RequestValidationError);
    expect(blank.issues.map((i: { path: string[] }) => i.path.join('.'))).toEqual(['login']);
    // biome-ignore lint/suspicious/noExplicitAny: deliberately untyped input
    const extra = await auth.login({ login: 'a', password: 'b', remember: true } as any).catch((e) => e);
    expect(extra.issues[0]).toMatchObject({ path: ['remember'], code: 'unrecognized_key' });
    const badJson = await auth
      .registerSimplified({
        email: 'a@b.co',
        password: 'p',
        country: 'BR',
        nationalities: '[BR',
        optIn: true,
      })
      .catch((e) => e);
    expect(badJson.issues[0].path).toEqual(['nationalities']);
    expect(ctx.server.requests).toHaveLength(0);
  });

  it('never lets a password, code or captcha surface in an error, even when the server echoes them', async () => {
    const { auth } = clientsFor(ctx.server);
    ctx.server.faults.add({
      path: '/auth/login',
      status: 500,
      body: { message: 'boom', echo: { password: CANARY.password, two_factor_code: CANARY.code } },
      times: 1,
    });
    const payload = {
      login: 'player@example.com',
      password: CANARY.password,
      two_factor_code: CANARY.code,
      captcha_token: CANARY.captcha,
    };
    const echoed = await auth.login(payload).catch((e) => e);
    const refused = await auth.login(payload).catch((e) => e);
    const invalid = await auth.login({ ...payload, login: '' }).catch((e) => e);
    expect(echoed).toBeInstanceOf(HttpError);
    expect(echoed.status).toBe(500);
    for (const error of [echoed, refused, invalid]) {
      expect(leakedCanaries(everythingAbout(error))).toEqual([]);
    }
  });
});
