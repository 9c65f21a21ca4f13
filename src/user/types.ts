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
import type { SensitiveCallOptions, WithSecrets } from './sensitive';

/**
 * The user-management area (spec 4.2 to 4.5). Sensitive changes take `SensitiveCallOptions`
 * (`onStepUp`) and accept `password_check` as a string or a `Secret`.
 */
export interface UserModule {
  updateProfile(
    id: number,
    payload: WithSecrets<UpdateUserPayload>,
    options?: SensitiveCallOptions,
  ): Promise<unknown>;
  getAddress(options?: CallOptions): Promise<UserAddress>;
  updateEmail(payload: WithSecrets<UpdateEmailPayload>, options?: SensitiveCallOptions): Promise<unknown>;
  addPhone(payload: WithSecrets<AddPhonePayload>, options?: SensitiveCallOptions): Promise<unknown>;
  updateAddress(payload: WithSecrets<UpdateAddressPayload>, options?: SensitiveCallOptions): Promise<unknown>;
  updateContracts(type: ContractType, options?: CallOptions): Promise<unknown>;
  updateMarketing(payload: UpdateMarketingPayload, options?: CallOptions): Promise<unknown>;
  changePassword(
    id: number,
    payload: WithSecrets<ChangePasswordPayload>,
    options?: CallOptions,
  ): Promise<unknown>;
  checkPassword(
    payload: WithSecrets<CheckPasswordPayload>,
    options?: CallOptions,
  ): Promise<CheckPasswordResult>;
  toggleTwoFactor(payload: TwoFactorPayload, options?: CallOptions): Promise<unknown>;
  getSocialAccounts(options?: CallOptions): Promise<SocialAccounts>;
  connectSocial(type: string, options?: CallOptions): Promise<unknown>;
  disconnectSocial(id: number, options?: CallOptions): Promise<unknown>;
  getLoginHistory(page?: number, options?: CallOptions): Promise<LoginHistoryResponse>;
  updateLimits(payload: WithSecrets<UpdateLimitsPayload>, options?: SensitiveCallOptions): Promise<unknown>;
  setTimeoutLimits(
    payload: WithSecrets<TimeoutLimitsPayload>,
    options?: SensitiveCallOptions,
  ): Promise<unknown>;
  setSelfExclusion(
    payload: WithSecrets<SelfExclusionPayload>,
    options?: SensitiveCallOptions,
  ): Promise<unknown>;
  generateIncomeReport(
    payload: IncomeReportGeneratePayload,
    options?: CallOptions,
  ): Promise<IncomeReportData>;
  getIncomeReportStatus(id: number, options?: CallOptions): Promise<IncomeReportData>;
  getAvailableYears(options?: CallOptions): Promise<AvailableYearsResponse>;
}
