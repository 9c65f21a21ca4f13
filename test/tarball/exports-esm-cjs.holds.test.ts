// Every name API.md gives, in the installed tarball's ESM and CJS forms alike, with the documented
// machine ids' top-level states and events, error classes and codes, and refresh constants.
import { describe, expect, test } from 'vitest';
import { cjs, esm } from './tarball';

type Mod = Record<string, unknown>;
const CORE = [
  'createOfetchAdapter',
  'PamError',
  'isPamError',
  'RequestValidationError',
  'HttpError',
  'UnauthorizedError',
  'NetworkError',
  'TimeoutError',
  'AbortedError',
  'ResponseValidationError',
  'StepUpRequiredError',
  'createAuthModule',
  'createUserModule',
  'REFRESH_INTERVAL_MS',
  'initialRefreshState',
  'markTokenSaved',
  'shouldRefreshToken',
  'markRefreshStarted',
  'markRefreshCompleted',
  'transformWalletResponse',
  'secret',
  'redactInspection',
  'describeError',
  'createDescribeError',
  'errorMessagesPtBR',
  'restrictionsOf',
  'isValidCpf',
  'formatCpf',
  'compareLimit',
  'SELF_EXCLUSION_PLATFORM_URL',
  // standalone per-operation functions (the user module's and the auth module's method names)
  'updateProfile',
  'getAddress',
  'updateEmail',
  'addPhone',
  'updateAddress',
  'updateContracts',
  'updateMarketing',
  'changePassword',
  'checkPassword',
  'toggleTwoFactor',
  'getSocialAccounts',
  'connectSocial',
  'disconnectSocial',
  'getLoginHistory',
  'updateLimits',
  'setTimeoutLimits',
  'setSelfExclusion',
  'generateIncomeReport',
  'getIncomeReportStatus',
  'getAvailableYears',
  'login',
  'logout',
  'getUserProfile',
  'refreshToken',
  'registerSimplified',
  'forgotPassword',
  'validateDocument',
];
const MACHINES = [
  'loginMachine',
  'tokenRefreshMachine',
  'incomeReportMachine',
  'sessionMachine',
  'createPamClient',
];

describe.each([
  ['esm', async (s: string) => esm<Mod>(s)],
  ['cjs', async (s: string) => cjs<Mod>(s === '.' ? '' : s.slice(1))],
])('%s', (_form, load) => {
  test('pam-client holds every documented core name, and no xstate machine', async () => {
    const core = await load('.');
    expect(CORE.filter((n) => core[n] === undefined)).toEqual([]);
    expect(MACHINES.filter((n) => core[n] !== undefined)).toEqual([]);
    expect(core.REFRESH_INTERVAL_MS).toBe(6 * 60 * 60 * 1000);
    expect(Object.isFrozen(core.initialRefreshState)).toBe(true);
    expect(core.SELF_EXCLUSION_PLATFORM_URL).toBe('https://www.gov.br/autoexclusaoapostas');
  });

  test('the entries hold their documented names', async () => {
    const m = await load('./machines');
    expect(MACHINES.filter((n) => m[n] === undefined)).toEqual([]);
    expect(typeof (await load('./testing')).startReferenceServer).toBe('function');
    expect(typeof (await load('./vanilla')).onSessionChange).toBe('function');
    expect(typeof (await load('./svelte')).sessionStore).toBe('function');
    expect(typeof (await load('./server')).createPamServer).toBe('function');
  });

  test('error classes carry the documented codes; UnauthorizedError is an HttpError', async () => {
    const c = (await load('.')) as Record<string, new (...a: unknown[]) => Error & { code: string }>;
    const made = {
      http: new c.HttpError!({ status: 500 }),
      unauthorized: new c.UnauthorizedError!({ status: 401 }),
      network: new c.NetworkError!('GET', '/x'),
      timeout: new c.TimeoutError!('GET', '/x', 15000),
      aborted: new c.AbortedError!('GET', '/x'),
    };
    for (const [code, e] of Object.entries(made)) {
      expect(e.code).toBe(code);
      expect(e).toBeInstanceOf(c.PamError);
    }
    expect(made.unauthorized).toBeInstanceOf(c.HttpError);
  });

  test('machine ids, top-level states and public events are the contract', async () => {
    const m = (await load('./machines')) as Record<
      string,
      { root: { states: Record<string, { states: object }> }; events: string[] }
    >;
    const states = (k: string) => Object.keys(m[k]!.root.states);
    expect(states('loginMachine')).toEqual(
      expect.arrayContaining([
        'idle',
        'submitting',
        'twoFactorRequired',
        'verifyingTwoFactor',
        'authenticated',
        'cancelledAccount',
        'failed',
      ]),
    );
    expect(states('tokenRefreshMachine')).toEqual(['signedOut', 'active']);
    expect(Object.keys(m.tokenRefreshMachine!.root.states.active!.states)).toEqual(['idle', 'refreshing']);
    expect(states('incomeReportMachine')).toEqual([
      'loadingYears',
      'ready',
      'generating',
      'polling',
      'completed',
      'failed',
      'timedOut',
    ]);
    expect(m.loginMachine!.events).toEqual(expect.arrayContaining(['SUBMIT', 'SUBMIT_CODE', 'RESET']));
    expect(m.tokenRefreshMachine!.events).toEqual(
      expect.arrayContaining(['TOKEN_SAVED', 'TICK', 'REFRESH', 'SIGN_OUT']),
    );
    expect(m.incomeReportMachine!.events).toEqual(
      expect.arrayContaining(['GENERATE', 'CANCEL', 'RETRY', 'RESET']),
    );
  });
});

test('an error of the CJS build is a PamError to the ESM build (brand), and is described', async () => {
  const fromCjs = cjs<Record<string, new (i: object) => Error>>('');
  const e = new fromCjs.HttpError!({ status: 429, retryAfter: 30 });
  const m = await esm<{
    isPamError(e: unknown): boolean;
    describeError(e: unknown, o: object): { title: string };
  }>();
  expect(m.isPamError(e)).toBe(true);
  expect(m.describeError(e, { locale: 'pt-BR' }).title).toMatch(/tentativas|aguarde|tente/i);
});
