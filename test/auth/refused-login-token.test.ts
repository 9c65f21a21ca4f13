import { describe, expect, it } from 'vitest';
import {
  createAuthModule,
  createRegistrationModule,
  type HttpAdapter,
  login,
  registerSimplified,
} from '../../src/index';
import { PLAIN_USER_INFO } from '../support/login-answer';
import { reachableStrings } from '../support/reachable';

// REVIEW-Q Q-3 / O-19 remainder, the auth module: a login (or registration) answer carrying an
// access token that the reader refuses throws `invalid_response` as before, and the token is
// revoked once, in the background (a logout naming it, at the module's logout endpoint), never
// put on the error. An answer the reader takes is the caller's: nothing revoked.

const TOKEN = 'refused-grant-0123456789abcdef';
const COMPLETE = {
  access_token: TOKEN,
  expires_in: 60,
  token_type: 'Bearer',
  user: { id: 1, email: 'p@example.com' },
  userInfo: PLAIN_USER_INFO,
};
const REFUSED = {
  unknownType: { type: 'weird_type', access_token: TOKEN },
  missingFields: { access_token: TOKEN, expires_in: 60 },
  userNull: { ...COMPLETE, user: null },
  unreadable: { ...COMPLETE, user: 'x', userInfo: [1] },
} as const;
const TAKEN = {
  completed: COMPLETE,
  challenge: { type: 'two_factor_code', access_token: TOKEN },
  cancelled: { type: 'cancelled_account', access_token: TOKEN },
} as const;

/** An adapter answering every login/registration with `answer`, recording every call. */
function adapterAnswering(answer: unknown, logout: () => Promise<unknown> = async () => undefined) {
  const calls: { path: string; accessToken?: string }[] = [];
  const http = {
    post: (path: string, _body: unknown, o?: { accessToken?: string }) => {
      calls.push({ path, accessToken: o?.accessToken });
      return path.includes('logout') ? logout() : Promise.resolve(structuredClone(answer));
    },
  } as unknown as HttpAdapter;
  return { http, calls };
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

const PAYLOAD = { login: 'p@example.com', password: 'pw' };
const REGISTRATION = {
  email: 'p@example.com',
  password: 'pw',
  country: 'BR',
  nationalities: '["BR"]',
  optIn: true,
};

/** Each way an app sends a login or registration through the auth layer. */
const CALLERS = {
  'createAuthModule().login': (http: HttpAdapter) => createAuthModule(http).login(PAYLOAD),
  'login()': (http: HttpAdapter) => login(http, PAYLOAD),
  'createRegistrationModule().registerSimplified': (http: HttpAdapter) =>
    createRegistrationModule(http).registerSimplified(REGISTRATION),
  'registerSimplified()': (http: HttpAdapter) => registerSimplified(http, REGISTRATION),
};

describe('an answer the login reader refuses: its token revoked, never on the error (Q-3)', () => {
  for (const [caller, call] of Object.entries(CALLERS))
    it.each(Object.keys(REFUSED) as (keyof typeof REFUSED)[])(`${caller}: %s`, async (kind) => {
      const { http, calls } = adapterAnswering(REFUSED[kind]);
      const error = await call(http).catch((e: unknown) => e);
      expect((error as { code?: unknown }).code).toBe('invalid_response');
      await flush();
      expect(calls.filter((c) => c.path === '/auth/logout')).toEqual([
        { path: '/auth/logout', accessToken: TOKEN },
      ]);
      expect(reachableStrings(error).filter((s) => s.includes(TOKEN))).toEqual([]);
    });

  it.each(Object.keys(TAKEN) as (keyof typeof TAKEN)[])(
    'an answer read (%s): nothing revoked',
    async (kind) => {
      const { http, calls } = adapterAnswering(TAKEN[kind]);
      expect((await createAuthModule(http).login(PAYLOAD)).access_token).toBe(TOKEN);
      await flush();
      expect(calls.map((c) => c.path)).toEqual(['/auth/login']);
    },
  );

  it("the revoke goes to the module's logout endpoint, and its failure is nobody's", async () => {
    const { http, calls } = adapterAnswering(REFUSED.unknownType, () => Promise.reject(new Error('down')));
    const auth = createAuthModule(http, { endpoints: { logout: { method: 'POST', path: '/v2/logout' } } });
    await expect(auth.login(PAYLOAD)).rejects.toMatchObject({ code: 'invalid_response' });
    await flush();
    expect(calls).toEqual([
      { path: '/auth/login', accessToken: undefined },
      { path: '/v2/logout', accessToken: TOKEN },
    ]);
  });

  it('an answer with no string token, or a failed request: no revoke', async () => {
    for (const answer of [{ type: 'weird_type' }, { type: 'weird_type', access_token: 7 }, null, 'x']) {
      const { http, calls } = adapterAnswering(answer);
      await expect(createAuthModule(http).login(PAYLOAD)).rejects.toMatchObject({ code: 'invalid_response' });
      await flush();
      expect(calls.map((c) => c.path)).toEqual(['/auth/login']);
    }
  });
});
