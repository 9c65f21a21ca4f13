// pam-client/schemas: the zod schemas of the service's requests and responses, each a value and
// the type of the same name (the types alone are also exported by `pam-client`). Kept apart from
// the core as xstate keeps `xstate/graph` apart: the modules read with hand-written readers that
// give the same values and errors (src/schemas/readers, these schemas their tests' oracles; issue
// 33), so only an app that checks data of its own against the service's shapes imports them, and
// zod. Their parts (an `AuthUser`, a `Wallet`) are not schemas of their own here: read them
// through the whole.

export {
  ForgotPasswordPayload,
  LoginPayload,
  LoginResponse,
  RefreshTokenResponse,
  RegisterSimplifiedPayload,
  UserProfileResponse,
  ValidateDocumentPayload,
  ValidateDocumentResponse,
} from './auth';
export {
  AvailableYearsResponse,
  IncomeReportData,
  IncomeReportGeneratePayload,
  IncomeReportStatus,
} from './income-report';
export {
  SelfExclusionPayload,
  TimeoutLimitsPayload,
  UpdateLimitsPayload,
  UserLimits,
} from './limits';
export {
  AddPhonePayload,
  ChangePasswordPayload,
  CheckPasswordPayload,
  CheckPasswordResult,
  LoginHistoryResponse,
  SocialAccounts,
  TwoFactorPayload,
  UpdateAddressPayload,
  UpdateContractsPayload,
  UpdateEmailPayload,
  UpdateMarketingPayload,
  UpdateUserPayload,
  UserAddress,
} from './user';
