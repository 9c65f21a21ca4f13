import { describe, expect, it } from 'vitest';
import { MUTATIONS } from '../../machines/client/outcome';
import { AUTH_OPERATIONS } from '../../src/auth/operations';
import * as core from '../../src/index';
import { createOfetchAdapter, type HttpAdapter } from '../../src/index';
import { USER_MUTATIONS, USER_OPERATIONS } from '../../src/user/index';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer({ reportStepMs: 50 });

// biome-ignore lint/suspicious/noExplicitAny: each row calls a different signature
type Loose = any;

/** A signed-in adapter for the plain seed user (or none for the calls made without a session). */
function http(signedIn = true): HttpAdapter {
  const token = signedIn ? ctx.server.issueToken(ctx.server.seed.plain.id) : null;
  return createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: () => token,
    timeout: REAL_TIME_TIMEOUT_MS,
  });
}

/** The requests the server saw, as `METHOD url` with their bodies and whether a token was sent. */
const seen = (from = 0) =>
  ctx.server.requests.slice(from).map((r) => ({
    line: `${r.method} ${r.url}`,
    body: r.body,
    bearer: !!r.headers.authorization,
  }));

const password = () => ctx.server.seed.plain.password;

/** Arguments for every operation of both modules (after the adapter, before the options). */
const ARGS: Record<string, () => unknown[] | Promise<unknown[]>> = {
  updateProfile: () => [1, { first_name: 'Ana' }],
  getAddress: () => [],
  updateEmail: () => [{ email: 'ana.new@example.com', password_check: password() }],
  addPhone: () => [{ phone: '11999990000', ddi: '55', password_check: password() }],
  updateAddress: () => [
    { street: 'Rua A, 1', city: 'São Paulo', state: 'SP', zipcode: '01000-000', password_check: password() },
  ],
  updateContracts: () => ['lgpd'],
  updateMarketing: () => [{ mkt_accepted: false }],
  changePassword: () => [
    1,
    { old_password: password(), password: 'Newer456!', password_confirmation: 'Newer456!' },
  ],
  checkPassword: () => [{ password: password() }],
  toggleTwoFactor: () => [{ type: 'sms', enabled: true }],
  getSocialAccounts: () => [],
  connectSocial: () => ['google'],
  disconnectSocial: () => [1],
  getLoginHistory: () => [2],
  updateLimits: () => [{ user_limit_loss: 100, user_limit_loss_period: 'weekly' }],
  setTimeoutLimits: () => [{ user_pause: 3, reason: 1, password_check: password() }],
  setSelfExclusion: () => [{ user_exclusion: 6, reason: 1, password_check: password() }],
  generateIncomeReport: () => [{ reference_year: 2025, type: 'email' }],
  getIncomeReportStatus: async () => [
    (await core.generateIncomeReport(http(), { reference_year: 2025, type: 'email' })).id,
  ],
  getAvailableYears: () => [],
  login: () => [{ login: ctx.server.seed.plain.email, password: password() }],
  logout: () => [],
  getUserProfile: () => [],
  refreshToken: () => [],
  registerSimplified: () => [
    {
      email: 'new.one@example.com',
      password: 'Another123!',
      country: 'BR',
      nationalities: '["BR"]',
      optIn: true,
    },
  ],
  forgotPassword: () => [{ login: ctx.server.seed.plain.email }],
  validateDocument: () => [{ number: ctx.server.seed.plain.cpf }],
};

describe('standalone operations', () => {
  const modules = [
    ['user', USER_OPERATIONS, (h: HttpAdapter) => core.createUserModule(h)],
    // The auth rows name registration's operations too (one endpoints object for both modules).
    [
      'auth',
      AUTH_OPERATIONS,
      (h: HttpAdapter) => ({ ...core.createAuthModule(h), ...core.createRegistrationModule(h) }),
    ],
  ] as const;
  for (const [area, rows, create] of modules) {
    for (const name of Object.keys(rows)) {
      it(`${area}: ${name}(http, ...) sends what the module method sends and answers the same`, async () => {
        const standalone = (core as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name];
        expect(typeof standalone).toBe('function');

        let args = await ARGS[name]!();
        let from = ctx.server.requests.length;
        const viaModule = await (create(http()) as Loose)[name](...args);
        const moduleRequests = seen(from);
        ctx.server.reset();
        args = await ARGS[name]!();
        from = ctx.server.requests.length;
        const viaFunction = await standalone!(http(), ...args);

        expect(moduleRequests).toHaveLength(1);
        expect(seen(from)).toEqual(moduleRequests);
        // Tokens and report timestamps differ between the two runs; the shape does not.
        expect(typeof viaFunction).toBe(typeof viaModule);
        if (viaModule && typeof viaModule === 'object') {
          expect(Object.keys(viaFunction as object).sort()).toEqual(Object.keys(viaModule).sort());
        }
      });
    }
  }

  it('validate before sending, as the module does (nothing is sent)', async () => {
    const error: Loose = await core
      .setTimeoutLimits(http(), { user_pause: 46, reason: 1 })
      .catch((e): Loose => e);
    expect(error).toBeInstanceOf(core.RequestValidationError);
    expect(error.operation).toBe('setTimeoutLimits');
    expect(error.issues[0].path).toEqual(['user_pause']);
    const badId: Loose = await core.getIncomeReportStatus(http(), 0).catch((e): Loose => e);
    expect(badId.operation).toBe('getIncomeReportStatus');
    expect(ctx.server.requests).toEqual([]);
  });

  it('send the calls made without a session with skipAuthRefresh, the profile without', async () => {
    let refreshes = 0;
    const adapter = createOfetchAdapter({
      baseURL: ctx.server.url,
      getAccessToken: () => 'revoked-token',
      onUnauthorized: async () => {
        refreshes++;
        return false;
      },
    });
    await expect(core.refreshToken(adapter)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(refreshes).toBe(0);
    await expect(core.getUserProfile(adapter)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(refreshes).toBe(1);
  });
});

describe('mutations, read from the rows', () => {
  it('are the user calls that change the account, the list the outcome re-read uses', () => {
    expect([...USER_MUTATIONS]).toEqual([
      'updateProfile',
      'updateEmail',
      'addPhone',
      'updateAddress',
      'updateContracts',
      'updateMarketing',
      'changePassword',
      'toggleTwoFactor',
      'connectSocial',
      'disconnectSocial',
      'updateLimits',
      'setTimeoutLimits',
      'setSelfExclusion',
    ]);
    expect(MUTATIONS).toBe(USER_MUTATIONS); // (through pam-client/internal's USER_CALLS)
    // Every row says what it is; the reads are exactly the others.
    for (const [name, row] of Object.entries(USER_OPERATIONS)) {
      expect(typeof row.mutation, name).toBe('boolean');
      expect(USER_MUTATIONS.includes(name as never)).toBe(row.mutation);
    }
  });
});
