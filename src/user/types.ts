// The user module's interface, apart from the rows so the rows' files can name it without an
// import cycle.

import type { CallOptions } from '../operation/operation';
import type {
  AvailableYearsResponse,
  IncomeReportData,
  IncomeReportGeneratePayload,
} from '../schemas/income-report';
import type { SelfExclusionPayload, TimeoutLimitsPayload, UpdateLimitsPayload } from '../schemas/limits';
import type {
  AddPhonePayload,
  ChangePasswordPayload,
  CheckPasswordPayload,
  CheckPasswordResult,
  ContractType,
  LoginHistoryResponse,
  SocialAccounts,
  TwoFactorPayload,
  UpdateAddressPayload,
  UpdateEmailPayload,
  UpdateMarketingPayload,
  UpdateUserPayload,
  UserAddress,
} from '../schemas/user';
import type { DownloadedFile } from './download';
import type { SensitiveCallOptions, WithSecrets } from './sensitive';

/**
 * The user-management area (spec 4.2 to 4.5). Sensitive changes take `SensitiveCallOptions`
 * (`onStepUp`) and accept `password_check` as a string or a `Secret`.
 */
export interface UserModule {
  /** Updates the player's profile (`POST /users/{id}`). */
  updateProfile(
    id: number,
    payload: WithSecrets<UpdateUserPayload>,
    options?: SensitiveCallOptions,
  ): Promise<unknown>;
  /** The player's address. */
  getAddress(options?: CallOptions): Promise<UserAddress>;
  /** Changes the e-mail address (a sensitive change: `password_check`). */
  updateEmail(payload: WithSecrets<UpdateEmailPayload>, options?: SensitiveCallOptions): Promise<unknown>;
  /** Adds a phone number (a sensitive change). */
  addPhone(payload: WithSecrets<AddPhonePayload>, options?: SensitiveCallOptions): Promise<unknown>;
  /** Changes the address (a sensitive change). */
  updateAddress(payload: WithSecrets<UpdateAddressPayload>, options?: SensitiveCallOptions): Promise<unknown>;
  /** Accepts a contract (`tc`, `privacy`, `lgpd`, ...). */
  updateContracts(type: ContractType, options?: CallOptions): Promise<unknown>;
  /** Sets the marketing opt-in. */
  updateMarketing(payload: UpdateMarketingPayload, options?: CallOptions): Promise<unknown>;
  /** Changes the password. */
  changePassword(
    id: number,
    payload: WithSecrets<ChangePasswordPayload>,
    options?: CallOptions,
  ): Promise<unknown>;
  /** Checks the player's password: `{ success }`. */
  checkPassword(
    payload: WithSecrets<CheckPasswordPayload>,
    options?: CallOptions,
  ): Promise<CheckPasswordResult>;
  /** Turns two-factor codes on or off, by e-mail or SMS. */
  toggleTwoFactor(payload: TwoFactorPayload, options?: CallOptions): Promise<unknown>;
  /** The connected social accounts. */
  getSocialAccounts(options?: CallOptions): Promise<SocialAccounts>;
  /** Connects a social account of `type`. */
  connectSocial(type: string, options?: CallOptions): Promise<unknown>;
  /** Disconnects the social account `id`. */
  disconnectSocial(id: number, options?: CallOptions): Promise<unknown>;
  /** One page (from 1) of the player's logins. */
  getLoginHistory(page?: number, options?: CallOptions): Promise<LoginHistoryResponse>;
  /** Changes the deposit, loss, bet and time limits (a sensitive change). */
  updateLimits(payload: WithSecrets<UpdateLimitsPayload>, options?: SensitiveCallOptions): Promise<unknown>;
  /** Pauses the account for 1 to 45 days (a sensitive change). */
  setTimeoutLimits(
    payload: WithSecrets<TimeoutLimitsPayload>,
    options?: SensitiveCallOptions,
  ): Promise<unknown>;
  /** Self-excludes the player for some months, or for good (a sensitive change). */
  setSelfExclusion(
    payload: WithSecrets<SelfExclusionPayload>,
    options?: SensitiveCallOptions,
  ): Promise<unknown>;
  /** Asks for the income report of a year. */
  generateIncomeReport(
    payload: IncomeReportGeneratePayload,
    options?: CallOptions,
  ): Promise<IncomeReportData>;
  /** The income report `id` as it stands. */
  getIncomeReportStatus(id: number, options?: CallOptions): Promise<IncomeReportData>;
  /** The years an income report can be asked for. */
  getAvailableYears(options?: CallOptions): Promise<AvailableYearsResponse>;
  /**
   * A completed report's file as `{ blob, fileName }` (see `downloadIncomeReport`: the token goes
   * to the API's origin only; a `download_url` elsewhere is fetched without it).
   */
  downloadIncomeReport(
    report: Pick<IncomeReportData, 'download_url' | 'reference_year'>,
    options?: CallOptions,
  ): Promise<DownloadedFile>;
}
