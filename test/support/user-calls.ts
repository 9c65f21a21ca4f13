import type { UserModule } from '../../src/index';
import { SEED_ACCOUNTS } from '../../src/testing/index';

// Every user-module call with arguments the reference server accepts (the `plain` seed account),
// without its options: the tests append none, `{}` or a signal. A new call without a row here fails
// the tests that check the table covers `client.user` (R-1: changePassword's options were taken for
// its payload).

const PASSWORD = SEED_ACCOUNTS.plain.password;
const report = async (u: UserModule) => {
  const { years } = await u.getAvailableYears();
  return u.generateIncomeReport({ reference_year: years.find((y) => y !== 2024)!, type: 'download' });
};

/**
 * The arguments of each call but the options (a call may make what it needs first; `later` moves the
 * server's clock past a report's making, where it does not finish at once).
 */
export const USER_CALLS: Record<
  keyof UserModule,
  (u: UserModule, id: number, later?: () => void) => Promise<unknown[]>
> = {
  updateProfile: async (_, id) => [id, { first_name: 'Ana' }],
  getAddress: async () => [],
  updateEmail: async () => [{ email: 'ana.new@example.com', password_check: PASSWORD }],
  addPhone: async () => [{ phone: '11999990000', ddi: '55', password_check: PASSWORD }],
  updateAddress: async () => [
    { street: 'Rua A, 1', city: 'São Paulo', state: 'SP', zipcode: '01000-000', password_check: PASSWORD },
  ],
  updateContracts: async () => ['lgpd'],
  updateMarketing: async () => [{ mkt_accepted: false }],
  changePassword: async (_, id) => [
    id,
    { old_password: PASSWORD, password: 'Newer456!', password_confirmation: 'Newer456!' },
  ],
  checkPassword: async () => [{ password: PASSWORD }],
  toggleTwoFactor: async () => [{ type: 'sms', enabled: true }],
  getSocialAccounts: async () => [],
  connectSocial: async () => ['facebook'],
  disconnectSocial: async () => [1],
  getLoginHistory: async () => [1],
  updateLimits: async () => [
    { user_limit_deposit: 500, user_limit_deposit_active: 1, user_limit_deposit_period: 'weekly' },
  ],
  setTimeoutLimits: async () => [{ user_pause: 7, reason: 2, password_check: PASSWORD }],
  setSelfExclusion: async () => [{ user_exclusion: 3, reason: 3, password_check: PASSWORD }],
  generateIncomeReport: async (u) => [
    { reference_year: (await u.getAvailableYears()).years.find((y) => y !== 2024)!, type: 'download' },
  ],
  getIncomeReportStatus: async (u) => [(await report(u)).id],
  getAvailableYears: async () => [],
  downloadIncomeReport: async (u, _, later) => {
    const { id } = await report(u);
    later?.();
    return [await u.getIncomeReportStatus(id)];
  },
};

/** The options each call is tried with: none, empty, and a live signal (it must reach the call). */
export const OPTIONS: readonly (readonly [string, () => unknown[]])[] = [
  ['no options', () => []],
  ['{}', () => [{}]],
  ['{ signal }', () => [{ signal: new AbortController().signal }]],
];

/** Each call with each options argument, as `it.each` rows. */
export const CALL_ROWS = (Object.keys(USER_CALLS) as (keyof UserModule)[]).flatMap((name) =>
  OPTIONS.map(([label, options]) => [name, label, options] as const),
);
