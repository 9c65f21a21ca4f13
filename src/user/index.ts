import type { HttpAdapter } from '../http/types';
import type { CallOptions, Check, Mismatches, MutationsOf, Operation } from '../operation/operation';
import { moduleOf } from '../operation/operation';
import { downloadIncomeReport } from './download';
import { GENERATE_INCOME_REPORT, GET_AVAILABLE_YEARS, GET_INCOME_REPORT_STATUS } from './income-report';
import { SET_SELF_EXCLUSION, SET_TIMEOUT_LIMITS, UPDATE_LIMITS } from './limits';
import {
  ADD_PHONE,
  GET_ADDRESS,
  UPDATE_ADDRESS,
  UPDATE_CONTRACTS,
  UPDATE_EMAIL,
  UPDATE_MARKETING,
  UPDATE_PROFILE,
} from './profile';
import {
  CHANGE_PASSWORD,
  CHECK_PASSWORD,
  CONNECT_SOCIAL,
  DISCONNECT_SOCIAL,
  GET_LOGIN_HISTORY,
  GET_SOCIAL_ACCOUNTS,
  TOGGLE_TWO_FACTOR,
} from './security';
import { type Sensitive, sendSensitive } from './sensitive';
import { countStepUpPerPlayer, type UserModuleOptions } from './step-up-attempts';
import type { UserModule } from './types';

export type { DownloadedFile } from './download';
export { downloadIncomeReport } from './download';
export { generateIncomeReport, getAvailableYears, getIncomeReportStatus } from './income-report';
export { setSelfExclusion, setTimeoutLimits, updateLimits } from './limits';
export {
  addPhone,
  getAddress,
  updateAddress,
  updateContracts,
  updateEmail,
  updateMarketing,
  updateProfile,
} from './profile';
export type { LimitsInForce, LimitsOption } from './protective';
export {
  changePassword,
  checkPassword,
  connectSocial,
  disconnectSocial,
  getLoginHistory,
  getSocialAccounts,
  toggleTwoFactor,
} from './security';
export type { SecretField, SensitiveCallOptions, WithSecrets } from './sensitive';
export type { StepUpCountOptions, StepUpPlayer, UserModuleOptions } from './step-up-attempts';
export type { UserModule } from './types';

/** The rows of the user module, one per method (checked against `UserModule` below). */
export const USER_OPERATIONS = {
  updateProfile: UPDATE_PROFILE,
  getAddress: GET_ADDRESS,
  updateEmail: UPDATE_EMAIL,
  addPhone: ADD_PHONE,
  updateAddress: UPDATE_ADDRESS,
  updateContracts: UPDATE_CONTRACTS,
  updateMarketing: UPDATE_MARKETING,
  changePassword: CHANGE_PASSWORD,
  checkPassword: CHECK_PASSWORD,
  toggleTwoFactor: TOGGLE_TWO_FACTOR,
  getSocialAccounts: GET_SOCIAL_ACCOUNTS,
  connectSocial: CONNECT_SOCIAL,
  disconnectSocial: DISCONNECT_SOCIAL,
  getLoginHistory: GET_LOGIN_HISTORY,
  updateLimits: UPDATE_LIMITS,
  setTimeoutLimits: SET_TIMEOUT_LIMITS,
  setSelfExclusion: SET_SELF_EXCLUSION,
  generateIncomeReport: GENERATE_INCOME_REPORT,
  getIncomeReportStatus: GET_INCOME_REPORT_STATUS,
  getAvailableYears: GET_AVAILABLE_YEARS,
} as const;

// Fails to compile, naming the method, when a row is missing or does not fit UserModule (the
// download is not a JSON operation: it has no row). Exported so it is compiled and unused-free;
// knip skips it (@public).
/** @public */
export type UserOperationsFit = Check<
  Mismatches<Omit<UserModule, 'downloadIncomeReport'>, typeof USER_OPERATIONS, Sensitive>
>;

/** A user-module call that changes the account (its row says `mutation: true`). */
export type UserMutation = MutationsOf<typeof USER_OPERATIONS>;

/**
 * The user-module calls that change the account, read from the rows: never retried, and
 * re-read when their outcome is unknown. `checkPassword` only reads.
 */
export const USER_MUTATIONS: readonly UserMutation[] = /* @__PURE__ */ (() =>
  (Object.keys(USER_OPERATIONS) as (keyof typeof USER_OPERATIONS)[]).filter(
    (name): name is UserMutation => USER_OPERATIONS[name].mutation,
  ))();

/**
 * Where a user-module call takes its options: after the path's argument (an id, a page, a type)
 * and the payload, as its row reads its arguments (`changePassword(id, payload, options)`: 2,
 * `updateEmail(payload, options)`: 1, `getAddress(options)`: 0). Every layer that adds to a call's
 * options (the client's signal and step-up prompt) finds them here.
 */
const userOptionsAt = (name: keyof typeof USER_OPERATIONS): number => {
  const { path, request }: Operation = USER_OPERATIONS[name];
  return +(typeof path !== 'string') + +!!request;
};

/**
 * The payload a call sends for `payload`: its row's request reader's output (an `updateLimits`
 * amount without its flag sent active), or undefined when the reader refuses it or cannot read it.
 * The client keeps an accepted change as sent, never as the caller wrote it (REVIEW-U U-1).
 */
const userSent = (name: keyof typeof USER_OPERATIONS, payload: unknown): unknown => {
  try {
    return (USER_OPERATIONS[name] as Operation).request?.safeParse(payload).data;
  } catch {}
};

/**
 * What the client's layers over the user module read of its rows (`pam-client/internal`'s one
 * name for them): the calls that change the account, where each call takes its options, what
 * it sends, and the rows themselves (the method and path a restriction change goes to, watched on
 * the client's own adapter: machines/client/restriction-writes.ts).
 */
export const USER_CALLS = {
  mutations: USER_MUTATIONS,
  optionsAt: userOptionsAt,
  sent: userSent,
  rows: USER_OPERATIONS,
};

/**
 * The user-management area (spec 4.2 to 4.5), on an adapter with get, post, patch and delete:
 * a table of the same rows as the standalone `updateLimits`, `getLoginHistory`, ... functions
 * (import those instead when an app needs a few: it then bundles only their schemas).
 * Every payload and path segment is validated before sending; a bad one throws
 * `RequestValidationError` and nothing is sent. `options` counts the step-up's wrong passwords
 * per player (`UserModuleOptions`).
 *
 * @example
 * const user = createUserModule(createOfetchAdapter({ baseURL, getAccessToken: () => token }));
 * await user.setTimeoutLimits({ user_pause: 7, reason: 1 });
 * const { data } = await user.getLoginHistory(2);
 */
export function createUserModule(http: HttpAdapter, options?: UserModuleOptions): UserModule {
  // The rows first: an `http` that is no adapter is a ConfigurationError before the count keys on it.
  // The count is kept per adapter: set here only when asked, so a module made without options
  // leaves the adapter's count as it is (no `signedIn`: one count for whoever is signed in).
  const module = moduleOf(http, USER_OPERATIONS, sendSensitive);
  if (options) countStepUpPerPlayer(http, options.signedIn, options);
  return {
    ...module,
    downloadIncomeReport: (
      report: Parameters<UserModule['downloadIncomeReport']>[0],
      callOptions?: CallOptions,
    ) => downloadIncomeReport(http, report, callOptions),
  } as unknown as UserModule;
}
