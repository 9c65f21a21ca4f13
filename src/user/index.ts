import type { CallOptions } from '../auth';
import type { HttpAdapter } from '../http/types';
import {
  AvailableYearsResponse,
  IncomeReportData,
  IncomeReportGeneratePayload,
} from '../schemas/income-report';
import { SelfExclusionPayload, TimeoutLimitsPayload, UpdateLimitsPayload } from '../schemas/limits';
import {
  AddPhonePayload,
  ChangePasswordPayload,
  CheckPasswordPayload,
  CheckPasswordResult,
  type ContractType,
  LoginHistoryResponse,
  SocialAccounts,
  TwoFactorPayload,
  UpdateAddressPayload,
  UpdateContractsPayload,
  UpdateEmailPayload,
  UpdateMarketingPayload,
  UpdateUserPayload,
  UserAddress,
} from '../schemas/user';
import { call, idSegment, pageParam, socialTypeSegment } from './call';

// The wallet functions moved to their own module; the user module re-exports them (spec 1).
export type { BonusWallet, CashbackWallet, RealWallet, Wallet } from '../wallet';
export { transformWalletResponse } from '../wallet';

export interface UserModule {
  updateProfile(id: number, payload: UpdateUserPayload, options?: CallOptions): Promise<unknown>;
  getAddress(options?: CallOptions): Promise<UserAddress>;
  updateEmail(payload: UpdateEmailPayload, options?: CallOptions): Promise<unknown>;
  addPhone(payload: AddPhonePayload, options?: CallOptions): Promise<unknown>;
  updateAddress(payload: UpdateAddressPayload, options?: CallOptions): Promise<unknown>;
  updateContracts(type: ContractType, options?: CallOptions): Promise<unknown>;
  updateMarketing(payload: UpdateMarketingPayload, options?: CallOptions): Promise<unknown>;
  changePassword(id: number, payload: ChangePasswordPayload, options?: CallOptions): Promise<unknown>;
  checkPassword(payload: CheckPasswordPayload, options?: CallOptions): Promise<CheckPasswordResult>;
  toggleTwoFactor(payload: TwoFactorPayload, options?: CallOptions): Promise<unknown>;
  getSocialAccounts(options?: CallOptions): Promise<SocialAccounts>;
  connectSocial(type: string, options?: CallOptions): Promise<unknown>;
  disconnectSocial(id: number, options?: CallOptions): Promise<unknown>;
  getLoginHistory(page?: number, options?: CallOptions): Promise<LoginHistoryResponse>;
  updateLimits(payload: UpdateLimitsPayload, options?: CallOptions): Promise<unknown>;
  setTimeoutLimits(payload: TimeoutLimitsPayload, options?: CallOptions): Promise<unknown>;
  setSelfExclusion(payload: SelfExclusionPayload, options?: CallOptions): Promise<unknown>;
  generateIncomeReport(
    payload: IncomeReportGeneratePayload,
    options?: CallOptions,
  ): Promise<IncomeReportData>;
  getIncomeReportStatus(id: number, options?: CallOptions): Promise<IncomeReportData>;
  getAvailableYears(options?: CallOptions): Promise<AvailableYearsResponse>;
}

/**
 * The user-management area (spec 4.2 to 4.5), on an adapter with get, post, patch and delete.
 * Every payload and path segment is validated before sending; a bad one throws
 * `RequestValidationError` and nothing is sent.
 *
 * @example
 * const user = createUserModule(createOfetchAdapter({ baseURL, getAccessToken: () => token }));
 * await user.setTimeoutLimits({ user_pause: 7, reason: 1 });
 * const { data } = await user.getLoginHistory(2);
 */
export function createUserModule(http: HttpAdapter): UserModule {
  return {
    updateProfile: async (id, payload, o) =>
      call(
        http,
        'updateProfile',
        {
          method: 'post',
          path: `/users/update/${idSegment('updateProfile', id)}`,
          request: UpdateUserPayload,
        },
        payload,
        o,
      ),
    getAddress: async (o) =>
      call(
        http,
        'getAddress',
        { method: 'get', path: '/bff/users/address-by-user', response: UserAddress },
        undefined,
        o,
      ),
    updateEmail: async (payload, o) =>
      call(
        http,
        'updateEmail',
        { method: 'patch', path: '/bff/users/self-email', request: UpdateEmailPayload },
        payload,
        o,
      ),
    addPhone: async (payload, o) =>
      call(
        http,
        'addPhone',
        { method: 'patch', path: '/bff/users/add-phone', request: AddPhonePayload },
        payload,
        o,
      ),
    updateAddress: async (payload, o) =>
      call(
        http,
        'updateAddress',
        { method: 'patch', path: '/bff/users/update-address', request: UpdateAddressPayload },
        payload,
        o,
      ),
    updateContracts: async (type, o) =>
      call(
        http,
        'updateContracts',
        { method: 'patch', path: '/bff/users/self-contracts', request: UpdateContractsPayload },
        { type },
        o,
      ),
    updateMarketing: async (payload, o) =>
      call(
        http,
        'updateMarketing',
        { method: 'patch', path: '/bff/users/self-mkt', request: UpdateMarketingPayload },
        payload,
        o,
      ),
    changePassword: async (id, payload, o) =>
      call(
        http,
        'changePassword',
        {
          method: 'post',
          path: `/users/change-password/${idSegment('changePassword', id)}`,
          request: ChangePasswordPayload,
        },
        payload,
        o,
      ),
    checkPassword: async (payload, o) =>
      call(
        http,
        'checkPassword',
        {
          method: 'post',
          path: '/bff/users/check-password',
          request: CheckPasswordPayload,
          response: CheckPasswordResult,
        },
        payload,
        o,
      ),
    toggleTwoFactor: async (payload, o) =>
      call(
        http,
        'toggleTwoFactor',
        { method: 'patch', path: '/bff/users/self-two-factor', request: TwoFactorPayload },
        payload,
        o,
      ),
    getSocialAccounts: async (o) =>
      call(
        http,
        'getSocialAccounts',
        { method: 'get', path: '/bff/users/account-social', response: SocialAccounts },
        undefined,
        o,
      ),
    connectSocial: async (type, o) =>
      call(
        http,
        'connectSocial',
        {
          method: 'post',
          path: `/bff/users/account-social/connect/${socialTypeSegment('connectSocial', type)}`,
        },
        undefined,
        o,
      ),
    disconnectSocial: async (id, o) =>
      call(
        http,
        'disconnectSocial',
        { method: 'delete', path: `/bff/users/account-social/${idSegment('disconnectSocial', id)}` },
        undefined,
        o,
      ),
    getLoginHistory: async (page = 1, o) =>
      call(
        http,
        'getLoginHistory',
        {
          method: 'get',
          path: `/bff/users/login-history?page=${pageParam('getLoginHistory', page)}`,
          response: LoginHistoryResponse,
        },
        undefined,
        o,
      ),
    updateLimits: async (payload, o) =>
      call(
        http,
        'updateLimits',
        { method: 'patch', path: '/bff/users/update-limits', request: UpdateLimitsPayload },
        payload,
        o,
      ),
    setTimeoutLimits: async (payload, o) =>
      call(
        http,
        'setTimeoutLimits',
        { method: 'patch', path: '/bff/users/timeout-limits', request: TimeoutLimitsPayload },
        payload,
        o,
      ),
    setSelfExclusion: async (payload, o) =>
      call(
        http,
        'setSelfExclusion',
        { method: 'patch', path: '/bff/users/self-exclusion', request: SelfExclusionPayload },
        payload,
        o,
      ),
    generateIncomeReport: async (payload, o) =>
      call(
        http,
        'generateIncomeReport',
        {
          method: 'post',
          path: '/income-report/generate',
          request: IncomeReportGeneratePayload,
          response: IncomeReportData,
        },
        payload,
        o,
      ),
    getIncomeReportStatus: async (id, o) =>
      call(
        http,
        'getIncomeReportStatus',
        {
          method: 'get',
          path: `/income-report/${idSegment('getIncomeReportStatus', id)}`,
          response: IncomeReportData,
        },
        undefined,
        o,
      ),
    getAvailableYears: async (o) =>
      call(
        http,
        'getAvailableYears',
        { method: 'get', path: '/income-report/available-years', response: AvailableYearsResponse },
        undefined,
        o,
      ),
  };
}
