// The types of the service's shapes, for `pam-client`: type aliases of the schemas' inferred types.
// Declared here (not re-exported with `export type { X }`) because X names both a zod schema and its
// type in src/schemas, and the bundled .d.ts re-exports such a name whole: the published types then
// claimed a value that `pam-client` does not export (the schemas are in `pam-client/schemas`).
// An alias is a type only. Generated once from the schema files; a new shape adds one line here.

import type * as auth from './auth';
import type * as common from './common';
import type * as report from './income-report';
import type * as limits from './limits';
import type * as user from './user';
import type * as wallet from './wallet';

/**
 * The player as the service describes them (spec 2.3): every field optional, typed when present.
 *
 * @example
 * let value: AuthUser | undefined;
 */
export type AuthUser = auth.AuthUser;

/**
 * The player's account state (spec 2.3): limits, exclusions, flags; read by `restrictionsOf`.
 *
 * @example
 * let value: AuthUserInfo | undefined;
 */
export type AuthUserInfo = auth.AuthUserInfo;

/**
 * The body of `forgotPassword` (password recovery).
 *
 * @example
 * let value: ForgotPasswordPayload | undefined;
 */
export type ForgotPasswordPayload = auth.ForgotPasswordPayload;

/**
 * A login answer with `type` set (a 2FA code is needed, or the account is cancelled).
 *
 * @example
 * let value: LoginChallenge | undefined;
 */
export type LoginChallenge = auth.LoginChallenge;

/**
 * What a login can announce instead of a session: `'two_factor_code'` or `'cancelled_account'`.
 *
 * @example
 * let value: LoginChallengeType | undefined;
 */
export type LoginChallengeType = auth.LoginChallengeType;

/**
 * The body of `login`: e-mail or CPF, password, and the 2FA code on the second step.
 *
 * @example
 * let value: LoginPayload | undefined;
 */
export type LoginPayload = auth.LoginPayload;

/**
 * What `login` and `registerSimplified` answer: a session (`LoginSuccess`) or a `LoginChallenge`; narrow on `type`.
 *
 * @example
 * const r: LoginResponse = await login(http, { login, password });
 * if (r.type === 'two_factor_code') askForCode();
 */
export type LoginResponse = auth.LoginResponse;

/**
 * A login answer that yields a session: the access token, its life, the player.
 *
 * @example
 * let value: LoginSuccess | undefined;
 */
export type LoginSuccess = auth.LoginSuccess;

/**
 * What `refreshToken` answers: the new access token.
 *
 * @example
 * let value: RefreshTokenResponse | undefined;
 */
export type RefreshTokenResponse = auth.RefreshTokenResponse;

/**
 * The body of `registerSimplified` (a new account).
 *
 * @example
 * let value: RegisterSimplifiedPayload | undefined;
 */
export type RegisterSimplifiedPayload = auth.RegisterSimplifiedPayload;

/**
 * The `userInfo` part of the profile: the account state and the limits (spec 2.4, 2.12).
 *
 * @example
 * let value: UserProfileInfo | undefined;
 */
export type UserProfileInfo = auth.UserProfileInfo;

/**
 * What `getUserProfile` answers: `user` and `userInfo`.
 *
 * @example
 * let value: UserProfileResponse | undefined;
 */
export type UserProfileResponse = auth.UserProfileResponse;

/**
 * The body of `validateDocument`: the document (CPF) number.
 *
 * @example
 * let value: ValidateDocumentPayload | undefined;
 */
export type ValidateDocumentPayload = auth.ValidateDocumentPayload;

/**
 * What `validateDocument` answers: whether the number is valid and what the registry knows.
 *
 * @example
 * let value: ValidateDocumentResponse | undefined;
 */
export type ValidateDocumentResponse = auth.ValidateDocumentResponse;

/**
 * The period of a limit: `'daily'`, `'weekly'` or `'monthly'` (spec section 8).
 *
 * @example
 * let value: LimitPeriod | undefined;
 */
export type LimitPeriod = common.LimitPeriod;

/**
 * What `getAvailableYears` answers: the years an income report can be asked for.
 *
 * @example
 * let value: AvailableYearsResponse | undefined;
 */
export type AvailableYearsResponse = report.AvailableYearsResponse;

/**
 * An income report as `generateIncomeReport` and `getIncomeReportStatus` answer it (spec 3.1).
 *
 * @example
 * let value: IncomeReportData | undefined;
 */
export type IncomeReportData = report.IncomeReportData;

/**
 * How an income report is delivered: `'email'` or `'download'`.
 *
 * @example
 * let value: IncomeReportDeliveryType | undefined;
 */
export type IncomeReportDeliveryType = report.IncomeReportDeliveryType;

/**
 * The body of `generateIncomeReport`: the reference year and the delivery.
 *
 * @example
 * let value: IncomeReportGeneratePayload | undefined;
 */
export type IncomeReportGeneratePayload = report.IncomeReportGeneratePayload;

/**
 * An income report's status: 1 pending, 2 processing, 3 completed, 4 failed (`INCOME_REPORT_STATUS`).
 *
 * @example
 * let value: IncomeReportStatus | undefined;
 */
export type IncomeReportStatus = report.IncomeReportStatus;

/**
 * A self-exclusion's length in months (3, 6, 12, 24, 36, 60), or -1 for permanent.
 *
 * @example
 * let value: ExclusionMonths | undefined;
 */
export type ExclusionMonths = limits.ExclusionMonths;

/**
 * The body of `setSelfExclusion`.
 *
 * @example
 * let value: SelfExclusionPayload | undefined;
 */
export type SelfExclusionPayload = limits.SelfExclusionPayload;

/**
 * The body of `setTimeoutLimits` (a pause of 1 to 45 days).
 *
 * @example
 * let value: TimeoutLimitsPayload | undefined;
 */
export type TimeoutLimitsPayload = limits.TimeoutLimitsPayload;

/**
 * The body of `updateLimits`: the deposit, loss, bet and time limits to change.
 *
 * @example
 * let value: UpdateLimitsPayload | undefined;
 */
export type UpdateLimitsPayload = limits.UpdateLimitsPayload;

/**
 * The player's limits as the profile shows them, with any pending change (`*_change`).
 *
 * @example
 * let value: UserLimits | undefined;
 */
export type UserLimits = limits.UserLimits;

/**
 * The body of `addPhone`.
 *
 * @example
 * let value: AddPhonePayload | undefined;
 */
export type AddPhonePayload = user.AddPhonePayload;

/**
 * The body of `changePassword`.
 *
 * @example
 * let value: ChangePasswordPayload | undefined;
 */
export type ChangePasswordPayload = user.ChangePasswordPayload;

/**
 * The body of `checkPassword`: `{ password }`.
 *
 * @example
 * let value: CheckPasswordPayload | undefined;
 */
export type CheckPasswordPayload = user.CheckPasswordPayload;

/**
 * What `checkPassword` answers: `{ success }`.
 *
 * @example
 * let value: CheckPasswordResult | undefined;
 */
export type CheckPasswordResult = user.CheckPasswordResult;

/**
 * A contract the player accepts with `updateContracts`.
 *
 * @example
 * let value: ContractType | undefined;
 */
export type ContractType = user.ContractType;

/**
 * One login of the player's history (spec 2.10).
 *
 * @example
 * let value: LoginHistoryItem | undefined;
 */
export type LoginHistoryItem = user.LoginHistoryItem;

/**
 * What `getLoginHistory` answers: one page of the player's logins.
 *
 * @example
 * let value: LoginHistoryResponse | undefined;
 */
export type LoginHistoryResponse = user.LoginHistoryResponse;

/**
 * A connected social account (fields not shown by the spec: every key kept).
 *
 * @example
 * let value: SocialAccount | undefined;
 */
export type SocialAccount = user.SocialAccount;

/**
 * What `getSocialAccounts` answers.
 *
 * @example
 * let value: SocialAccounts | undefined;
 */
export type SocialAccounts = user.SocialAccounts;

/**
 * The body of `toggleTwoFactor`.
 *
 * @example
 * let value: TwoFactorPayload | undefined;
 */
export type TwoFactorPayload = user.TwoFactorPayload;

/**
 * Where 2FA codes go: `'email'` or `'sms'`.
 *
 * @example
 * let value: TwoFactorType | undefined;
 */
export type TwoFactorType = user.TwoFactorType;

/**
 * The body of `updateAddress`.
 *
 * @example
 * let value: UpdateAddressPayload | undefined;
 */
export type UpdateAddressPayload = user.UpdateAddressPayload;

/**
 * The body of `updateContracts`: `{ type }`.
 *
 * @example
 * let value: UpdateContractsPayload | undefined;
 */
export type UpdateContractsPayload = user.UpdateContractsPayload;

/**
 * The body of `updateEmail`.
 *
 * @example
 * let value: UpdateEmailPayload | undefined;
 */
export type UpdateEmailPayload = user.UpdateEmailPayload;

/**
 * The body of `updateMarketing`: `{ mkt_accepted }`.
 *
 * @example
 * let value: UpdateMarketingPayload | undefined;
 */
export type UpdateMarketingPayload = user.UpdateMarketingPayload;

/**
 * The body of `updateProfile`.
 *
 * @example
 * let value: UpdateUserPayload | undefined;
 */
export type UpdateUserPayload = user.UpdateUserPayload;

/**
 * What `getAddress` answers (fields not shown by the spec: every key kept).
 *
 * @example
 * let value: UserAddress | undefined;
 */
export type UserAddress = user.UserAddress;

/**
 * A bonus part of a `Wallet`.
 *
 * @example
 * let value: BonusWallet | undefined;
 */
export type BonusWallet = wallet.BonusWallet;

/**
 * The cashback part of a `Wallet`.
 *
 * @example
 * let value: CashbackWallet | undefined;
 */
export type CashbackWallet = wallet.CashbackWallet;

/**
 * The real-money part of a `Wallet`.
 *
 * @example
 * let value: RealWallet | undefined;
 */
export type RealWallet = wallet.RealWallet;

/**
 * The wallet as the service answers it (spec 2.14): real, bonus and cashback parts.
 *
 * @example
 * let value: Wallet | undefined;
 */
export type Wallet = wallet.Wallet;
