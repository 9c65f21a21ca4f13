import { describe, expect, it } from 'vitest';
import {
  createAuthModule,
  createOfetchAdapter,
  createRegistrationModule,
  type HttpAdapter,
  RequestValidationError,
} from '../../src/index';
import { NEW_PLAYER } from '../support/new-player';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

// REVIEW-Y Y-1: API.md ("Modules") lists `registerSimplified` and `validateDocument` on
// `createAuthModule`; a suite written from it called them and got "not a function". They are the
// module's again (the same rows as `createRegistrationModule`'s, which stays).

const ctx = useReferenceServer();
const authOf = () =>
  createAuthModule(createOfetchAdapter({ baseURL: ctx.server.url, timeout: REAL_TIME_TIMEOUT_MS }));
const PAYLOAD = { ...NEW_PLAYER, name: 'New Player' };

describe('createAuthModule: registration, as API.md lists it', () => {
  it('has the seven methods of API.md', () => {
    expect(Object.keys(authOf()).sort()).toEqual([
      'forgotPassword',
      'getUserProfile',
      'login',
      'logout',
      'refreshToken',
      'registerSimplified',
      'validateDocument',
    ]);
  });

  it('registerSimplified answers like a login (POST /auth/register-simplified), the token usable', async () => {
    const auth = authOf();
    const result = await auth.registerSimplified(PAYLOAD);
    expect(result.access_token).toMatch(/^[\w-]{43}$/);
    expect(result.user?.email).toBe(PAYLOAD.email);
    expect(ctx.server.requests[0]).toMatchObject({
      method: 'POST',
      url: '/auth/register-simplified',
      body: PAYLOAD,
    });
    expect(ctx.server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('validateDocument reads the registry (POST /auth/validate-document); a bad payload sends nothing', async () => {
    const auth = authOf();
    await expect(auth.validateDocument({ number: ctx.server.seed.plain.cpf })).resolves.toMatchObject({
      docnumber_valid: true,
    });
    await expect(auth.validateDocument({ number: '12345678900' })).resolves.toMatchObject({
      docnumber_valid: false,
    });
    await expect(auth.validateDocument({ number: '' })).rejects.toBeInstanceOf(RequestValidationError);
    expect(ctx.server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /auth/validate-document',
      'POST /auth/validate-document',
    ]);
  });

  it('one endpoints object places its registration rows too', async () => {
    ctx.server.faults.add({ path: '/v2/document', status: 200, body: { docnumber_valid: false } });
    const auth = createAuthModule(createOfetchAdapter({ baseURL: ctx.server.url }), {
      endpoints: { validateDocument: { method: 'POST', path: '/v2/document' } },
    });
    await expect(auth.validateDocument({ number: '52998224725' })).resolves.toMatchObject({
      docnumber_valid: false,
    });
    expect(ctx.server.requests.map((r) => r.url)).toEqual(['/v2/document']);
  });

  it('a registration answer it refuses has its token revoked, at the module logout endpoint, as the registration module does', async () => {
    const token = 'refused-grant-0123456789abcdef';
    for (const create of [createAuthModule, createRegistrationModule]) {
      const calls: { path: string; accessToken?: string }[] = [];
      const http = {
        post: (path: string, _body: unknown, o?: { accessToken?: string }) => {
          calls.push({ path, accessToken: o?.accessToken });
          return Promise.resolve(path === '/out' ? undefined : { type: 'weird', access_token: token });
        },
      } as unknown as HttpAdapter;
      const module = create(http, { endpoints: { logout: { method: 'POST', path: '/out' } } });
      const error = await module.registerSimplified(PAYLOAD).catch((e: unknown) => e);
      expect((error as { code?: string }).code).toBe('invalid_response');
      expect(JSON.stringify(error)).not.toContain(token);
      for (let i = 0; i < 20; i++) await Promise.resolve();
      expect(calls).toEqual([
        { path: '/auth/register-simplified', accessToken: undefined },
        { path: '/out', accessToken: token },
      ]);
    }
  });
});
