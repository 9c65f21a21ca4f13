import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changePassword,
  createAuthModule,
  createRegistrationModule,
  createUserModule,
  getLoginHistory,
  getUserProfile,
  isPamError,
  login,
  logout,
  registerSimplified,
  updateEmail,
} from '../../src/index';

// REVIEW-U U-8: a module took any `http` (undefined, null, {}, a string) and every call then
// rejected a raw TypeError; a custom adapter (the public HttpAdapter contract) whose method threw
// synchronously, rejected an Error (its message holding the request body) or a bare string passed
// that through as is. Now: a ConfigurationError at creation for what is no adapter, and whatever a
// call's adapter throws is a PamError (a PamError as it is, anything else an UnexpectedError
// without the foreign message).

const SECRET = 'Secret123!hunter2';
const trap = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error(`trap ${SECRET}`);
      },
    },
  );
const NOT_ADAPTERS: unknown[] = [undefined, null, {}, 'http', 5, { get: 1, post: 'x' }];

describe('an http that is no adapter', () => {
  it('is refused at creation by each module with a ConfigurationError', () => {
    for (const http of [...NOT_ADAPTERS, trap()])
      for (const make of [createUserModule, createAuthModule, createRegistrationModule]) {
        let thrown: unknown;
        try {
          make(http as never);
        } catch (e) {
          thrown = e;
        }
        expect(thrown, `${make.name}(${String(typeof http)})`).toMatchObject({ code: 'configuration' });
        expect(String((thrown as Error).message)).not.toContain(SECRET);
      }
  });

  it('makes a standalone call reject with a ConfigurationError', async () => {
    for (const http of [...NOT_ADAPTERS, trap()]) {
      const e = await login(http as never, { login: 'a@b.co', password: SECRET }).catch((x) => x);
      expect(e).toMatchObject({ code: 'configuration' });
      expect(JSON.stringify({ m: e.message, c: String(e.cause) })).not.toContain(SECRET);
    }
  });
});

type Failure = (body: unknown) => unknown;
const FAILURES: Record<string, Failure> = {
  throwsSync: (body) => {
    throw new Error(`sync ${JSON.stringify(body)}`);
  },
  rejectsError: async (body) => {
    throw new Error(`async ${JSON.stringify(body)}`);
  },
  rejectsString: async (body) => {
    throw `string ${JSON.stringify(body)}`;
  },
  rejectsTypeError: async () => {
    throw new TypeError(`type ${SECRET}`);
  },
  rejectsProxy: async () => {
    throw trap();
  },
  rejectsUndefined: async () => {
    throw undefined;
  },
  throwsGetter: () => {
    throw Object.defineProperty(new Error('x'), 'message', {
      get() {
        throw new Error(SECRET);
      },
    });
  },
};

const adapter = (fail: Failure) => {
  const sent: unknown[] = [];
  const method = (_path: string, body: unknown) => {
    sent.push(body);
    return fail(body);
  };
  return { sent, http: { get: method, post: method, patch: method, delete: method } };
};

const CALLS: Record<string, (http: never) => Promise<unknown>> = {
  login: (http) => login(http, { login: 'a@b.co', password: SECRET }),
  'auth.login': (http) => createAuthModule(http).login({ login: 'a@b.co', password: SECRET }),
  logout: (http) => logout(http),
  getUserProfile: (http) => getUserProfile(http),
  registerSimplified: (http) =>
    registerSimplified(http, {
      email: 'a@b.co',
      password: SECRET,
      country: 'BR',
      nationalities: '["BR"]',
      optIn: true,
    } as never),
  'registration.registerSimplified': (http) =>
    createRegistrationModule(http).registerSimplified({
      email: 'a@b.co',
      password: SECRET,
      country: 'BR',
      nationalities: '["BR"]',
      optIn: true,
    } as never),
  updateEmail: (http) => updateEmail(http, { email: 'b@c.co', password_check: SECRET } as never),
  'user.changePassword': (http) =>
    createUserModule(http).changePassword(7, {
      password_check: SECRET,
      password: `${SECRET}x`,
      password_confirmation: `${SECRET}x`,
    } as never),
  changePassword: (http) =>
    changePassword(http, 7, {
      password_check: SECRET,
      password: `${SECRET}x`,
      password_confirmation: `${SECRET}x`,
    } as never),
  getLoginHistory: (http) => getLoginHistory(http, 1),
  'user.getLoginHistory': (http) => createUserModule(http).getLoginHistory(1),
};

describe('an adapter that throws or rejects with something not pam-client’s', () => {
  it('every call rejects a PamError, the foreign message never kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(FAILURES)),
        fc.constantFrom(...Object.keys(CALLS)),
        async (failure, call) => {
          const { http } = adapter(FAILURES[failure]!);
          let thrown: unknown = 'resolved';
          try {
            await CALLS[call]!(http as never);
          } catch (e) {
            thrown = e;
          }
          expect(isPamError(thrown), `${call} / ${failure}: ${String(thrown)}`).toBe(true);
          const e = thrown as Error;
          expect(e.message).not.toContain(SECRET);
          expect(e.message).not.toContain('sync');
          expect(String(e.cause ?? '')).not.toContain(SECRET);
          expect(JSON.stringify(e)).not.toContain(SECRET);
        },
      ),
      { numRuns: 150, seed: 8 },
    );
  });

  it('a PamError the adapter throws passes as it is (not wrapped)', async () => {
    const { http: bad } = adapter(() => {
      throw 0;
    });
    const own = await login(bad as never, { login: 'a@b.co', password: SECRET }).catch((x) => x);
    const { http } = adapter(() => Promise.reject(own));
    expect(await login(http as never, { login: 'a@b.co', password: SECRET }).catch((x) => x)).toBe(own);
  });
});

describe('downloadIncomeReport over a throwing adapter', () => {
  it('rejects a PamError, the foreign message dropped', async () => {
    const { downloadIncomeReport } = await import('../../src/index');
    const report = { download_url: '/files/r.pdf', reference_year: 2024 };
    for (const fail of Object.values(FAILURES)) {
      const { http } = adapter(fail);
      const e = await downloadIncomeReport(http as never, report).catch((x) => x);
      expect(isPamError(e)).toBe(true);
      expect(JSON.stringify({ m: e.message })).not.toContain(SECRET);
    }
    const e = await downloadIncomeReport({} as never, report).catch((x) => x);
    expect(e).toMatchObject({ code: 'configuration' });
  });
});

// FIXUSER23's leftover: an adapter that RESOLVES a value whose reading throws (a Proxy trap, a
// revoked Proxy, a throwing getter) made the call reject that raw error: the answer's parse and
// `answers` check ran outside the call's `try`. Now the same rule as a throw: a PamError.
const hostileAnswer = (kind: string): unknown => {
  const boom = () => {
    throw new Error(`answer ${SECRET}`);
  };
  if (kind === 'getter') return Object.defineProperty({ ok: true }, 'user', { get: boom, enumerable: true });
  if (kind === 'revoked') {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  }
  return new Proxy({ access_token: 'x', user: {}, userInfo: {} }, { [kind]: boom });
};
const ANSWERED = ['login', 'auth.login', 'getUserProfile', 'getLoginHistory', 'user.getLoginHistory'];

describe('an adapter that answers a value whose reading throws', () => {
  it('every call that reads an answer rejects a PamError, the foreign message never kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'get',
          'ownKeys',
          'has',
          'getOwnPropertyDescriptor',
          'getPrototypeOf',
          'getter',
          'revoked',
        ),
        fc.constantFrom(...ANSWERED),
        async (kind, call) => {
          const answered = hostileAnswer(kind);
          const { http } = adapter(async () => answered);
          let thrown: unknown = 'resolved';
          try {
            // A call whose schema reads no field that throws answers its own copy (a login history
            // read of its optional fields): never the hostile value itself, and readable.
            const value = await CALLS[call]!(http as never);
            expect(value === answered).toBe(false);
            expect(() => JSON.stringify(value)).not.toThrow();
          } catch (e) {
            thrown = e;
          }
          expect(thrown === 'resolved' || isPamError(thrown), `${call} / ${kind}: ${String(thrown)}`).toBe(
            true,
          );
          // The logins and the profile read fields every hostile answer throws on: always refused.
          expect(thrown !== 'resolved' || /getLoginHistory$/.test(call), `${call} / ${kind}`).toBe(true);
          expect(
            JSON.stringify({ m: (thrown as Error).message, c: String((thrown as Error).cause) }),
          ).not.toContain(SECRET);
        },
      ),
      { numRuns: 100, seed: 3 },
    );
  });
});
