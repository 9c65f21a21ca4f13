import type * as z from 'zod/mini';
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
 * What a method's leading arguments are, before the optional `{ signal }`:
 * - `''`: none; `'body'`: the payload; `'contract'`: a contract type, sent as `{ type }`;
 * - `'id'`, `'id+body'`: a `{id}` path segment (then the payload); `'page'`: `?page=` (default 1);
 * - `'type'`: the `{type}` segment of connectSocial.
 */
type Args = '' | 'body' | 'contract' | 'id' | 'id+body' | 'page' | 'type';

/** One operation of spec 4.2 to 4.5: the path's last segment (if any) is appended to `path`. */
type Operation = readonly [
  name: keyof UserModule,
  args: Args,
  method: 'get' | 'post' | 'patch' | 'delete',
  path: string,
  request?: z.ZodMiniType,
  response?: z.ZodMiniType,
];

// A table, not twenty closures: one code path validates, sends and parses every call.
const OPERATIONS: readonly Operation[] = [
  ['updateProfile', 'id+body', 'post', '/users/update/', UpdateUserPayload],
  ['getAddress', '', 'get', '/bff/users/address-by-user', undefined, UserAddress],
  ['updateEmail', 'body', 'patch', '/bff/users/self-email', UpdateEmailPayload],
  ['addPhone', 'body', 'patch', '/bff/users/add-phone', AddPhonePayload],
  ['updateAddress', 'body', 'patch', '/bff/users/update-address', UpdateAddressPayload],
  ['updateContracts', 'contract', 'patch', '/bff/users/self-contracts', UpdateContractsPayload],
  ['updateMarketing', 'body', 'patch', '/bff/users/self-mkt', UpdateMarketingPayload],
  ['changePassword', 'id+body', 'post', '/users/change-password/', ChangePasswordPayload],
  ['checkPassword', 'body', 'post', '/bff/users/check-password', CheckPasswordPayload, CheckPasswordResult],
  ['toggleTwoFactor', 'body', 'patch', '/bff/users/self-two-factor', TwoFactorPayload],
  ['getSocialAccounts', '', 'get', '/bff/users/account-social', undefined, SocialAccounts],
  ['connectSocial', 'type', 'post', '/bff/users/account-social/connect/'],
  ['disconnectSocial', 'id', 'delete', '/bff/users/account-social/'],
  ['getLoginHistory', 'page', 'get', '/bff/users/login-history?page=', undefined, LoginHistoryResponse],
  ['updateLimits', 'body', 'patch', '/bff/users/update-limits', UpdateLimitsPayload],
  ['setTimeoutLimits', 'body', 'patch', '/bff/users/timeout-limits', TimeoutLimitsPayload],
  ['setSelfExclusion', 'body', 'patch', '/bff/users/self-exclusion', SelfExclusionPayload],
  [
    'generateIncomeReport',
    'body',
    'post',
    '/income-report/generate',
    IncomeReportGeneratePayload,
    IncomeReportData,
  ],
  ['getIncomeReportStatus', 'id', 'get', '/income-report/', undefined, IncomeReportData],
  ['getAvailableYears', '', 'get', '/income-report/available-years', undefined, AvailableYearsResponse],
];

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
  const user: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const [name, args, method, path, request, response] of OPERATIONS) {
    // async, so a rejected path segment or payload is a rejection, never a synchronous throw.
    user[name] = async (first, second, third) => {
      // The segment is checked before the payload, as the path is built before the body.
      const segment =
        args === 'id' || args === 'id+body'
          ? idSegment(name, first)
          : args === 'page'
            ? pageParam(name, first === undefined ? 1 : first)
            : args === 'type'
              ? socialTypeSegment(name, first)
              : '';
      const payload = args === 'id+body' ? second : args === 'contract' ? { type: first } : first;
      const options = (args === '' ? first : args === 'id+body' ? third : second) as CallOptions | undefined;
      return call(http, name, { method, path: path + segment, request, response }, payload, options);
    };
  }
  return user as unknown as UserModule;
}
