import {
  createOfetchAdapter,
  createUserModule,
  type SensitiveCallOptions,
  type UserModule,
} from '../../src/index';
import { IncomeReportGeneratePayload } from '../../src/schemas/income-report';
import { SelfExclusionPayload, TimeoutLimitsPayload, UpdateLimitsPayload } from '../../src/schemas/limits';
import {
  AddPhonePayload,
  ChangePasswordPayload,
  CheckPasswordPayload,
  TwoFactorPayload,
  UpdateAddressPayload,
  UpdateContractsPayload,
  UpdateEmailPayload,
  UpdateMarketingPayload,
  UpdateUserPayload,
} from '../../src/schemas/user';
import type { Secret } from '../../src/secrets/secret';
import type { ReferenceServer } from '../../src/testing/index';
import { SEED_ACCOUNTS } from '../../src/testing/index';
import type { USER_OPERATIONS } from '../../src/user/index';
import { STEP_UP_STORAGE_PREFIX } from '../../src/user/step-up-attempts';
import { memoryStorage } from './memory-storage';
import { REAL_TIME_TIMEOUT_MS } from './server';
import { stepUpFault } from './step-up-fault';

// The 20 rows of the user module for the step-up rule (a call whose body cannot carry
// `password_check` throws `step_up_required` as is): how to call each on the `plain` seed account,
// with `check` as its `password_check` where its body takes one, and the zod schema of its body
// (none: body-less). The zod schemas (the readers' oracle) say which rows take `password_check`.

/** A row's call; `check` goes into the body as `password_check` where the row's body takes one. */
export type StepUpRowCall = (
  user: UserModule,
  options: SensitiveCallOptions,
  check?: string | Secret,
) => Promise<unknown>;

const ID = SEED_ACCOUNTS.plain.id;
const PASSWORD = SEED_ACCOUNTS.plain.password;
const pc = (check?: string | Secret) => (check === undefined ? {} : { password_check: check });

/** Every row of the user module: how to call it, and the zod schema of its body (null: body-less). */
export const STEP_UP_ROWS: Record<keyof typeof USER_OPERATIONS, [StepUpRowCall, { shape: object } | null]> = {
  updateProfile: [(u, o, c) => u.updateProfile(ID, { first_name: 'Ana', ...pc(c) }, o), UpdateUserPayload],
  getAddress: [(u, o) => u.getAddress(o), null],
  updateEmail: [
    (u, o, c) => u.updateEmail({ email: 'ana.nova@example.com', ...pc(c) }, o),
    UpdateEmailPayload,
  ],
  addPhone: [(u, o, c) => u.addPhone({ phone: '11 99999-0000', ddi: '+55', ...pc(c) }, o), AddPhonePayload],
  updateAddress: [
    (u, o, c) =>
      u.updateAddress(
        { street: 'Rua A, 1', city: 'São Paulo', state: 'SP', zipcode: '01000-000', ...pc(c) },
        o,
      ),
    UpdateAddressPayload,
  ],
  updateContracts: [(u, o) => u.updateContracts('tc', o), UpdateContractsPayload],
  updateMarketing: [(u, o) => u.updateMarketing({ mkt_accepted: true }, o), UpdateMarketingPayload],
  changePassword: [
    (u, o) =>
      u.changePassword(
        ID,
        { old_password: PASSWORD, password: 'a-New-passw0rd', password_confirmation: 'a-New-passw0rd' },
        o,
      ),
    ChangePasswordPayload,
  ],
  checkPassword: [(u, o) => u.checkPassword({ password: PASSWORD }, o), CheckPasswordPayload],
  toggleTwoFactor: [(u, o) => u.toggleTwoFactor({ type: 'email', enabled: true }, o), TwoFactorPayload],
  getSocialAccounts: [(u, o) => u.getSocialAccounts(o), null],
  connectSocial: [(u, o) => u.connectSocial('google', o), null],
  disconnectSocial: [(u, o) => u.disconnectSocial(7, o), null],
  getLoginHistory: [(u, o) => u.getLoginHistory(2, o), null],
  updateLimits: [(u, o, c) => u.updateLimits({ user_limit_deposit: 900, ...pc(c) }, o), UpdateLimitsPayload],
  setTimeoutLimits: [
    (u, o, c) => u.setTimeoutLimits({ user_pause: 7, reason: 1, ...pc(c) }, o),
    TimeoutLimitsPayload,
  ],
  setSelfExclusion: [
    (u, o, c) => u.setSelfExclusion({ user_exclusion: 3, reason: 1, ...pc(c) }, o),
    SelfExclusionPayload,
  ],
  generateIncomeReport: [
    (u, o) => u.generateIncomeReport({ reference_year: 2024, type: 'email' }, o),
    IncomeReportGeneratePayload,
  ],
  getIncomeReportStatus: [(u, o) => u.getIncomeReportStatus(7, o), null],
  getAvailableYears: [(u, o) => u.getAvailableYears(o), null],
};
export type StepUpRowName = keyof typeof STEP_UP_ROWS;
export const STEP_UP_ROW_NAMES = Object.keys(STEP_UP_ROWS) as StepUpRowName[];

/** Whether the row's body can carry the password: the zod schema's shape has `password_check`. */
export const carriesCheck = (name: StepUpRowName): boolean => {
  const schema = STEP_UP_ROWS[name][1];
  return schema !== null && 'password_check' in schema.shape;
};

/** The rows with a body whose schema has no `password_check`. */
export const NO_CHECK_ROWS = STEP_UP_ROW_NAMES.filter((n) => STEP_UP_ROWS[n][1] !== null && !carriesCheck(n));

/** The next `times` requests (any method, any path) answered with a step-up 422. */
export function answerStepUp(server: ReferenceServer, reason: 'required' | 'invalid', times = 1): void {
  server.faults.add(stepUpFault(reason, times, { path: /./ }));
}

/** The `plain` player's user module over a real socket, counting step-up attempts in `storage`. */
export function stepUpUser(server: ReferenceServer) {
  const storage = memoryStorage();
  const token = server.issueToken(SEED_ACCOUNTS.plain.id);
  const http = createOfetchAdapter({
    baseURL: server.url,
    getAccessToken: () => token,
    timeout: REAL_TIME_TIMEOUT_MS,
  });
  const user = createUserModule(http, { signedIn: () => ({ userId: SEED_ACCOUNTS.plain.id }), storage });
  // The player's step-up records `storage` holds (none: nothing counted).
  const counted = () => [...storage.data.keys()].filter((k) => k.startsWith(STEP_UP_STORAGE_PREFIX));
  return { user, storage, counted };
}
