// pam-client core entry: the HTTP adapter, errors, schemas and types, both modules, the
// refresh-cycle functions, token storage, secrets and the wallet compatibility function.
// Nothing here imports xstate.

export type {
  AuthEndpoints,
  AuthModule,
  AuthModuleOptions,
  CallOptions,
  Endpoint,
  LogoutOptions,
  WithHttp,
} from './auth/index';
export {
  createAuthModule,
  DEFAULT_AUTH_ENDPOINTS,
  forgotPassword,
  getUserProfile,
  login,
  logout,
  refreshToken,
  registerSimplified,
  validateDocument,
} from './auth/index';
export type {
  DescribeError,
  DescribeErrorOptions,
  ErrorDescription,
  ErrorLocale,
  ErrorMessages,
} from './describe/index';
export { createDescribeError, describeError, errorMessagesEn, errorMessagesPtBR } from './describe/index';
export type {
  FieldErrors,
  HttpErrorInit,
  PamErrorCode,
  PamErrorOptions,
  ValidationIssue,
} from './errors/index';
export {
  AbortedError,
  ConfigurationError,
  HttpError,
  isPamError,
  isTransientError,
  NetworkError,
  PamError,
  RequestValidationError,
  ResponseValidationError,
  StepUpRequiredError,
  StorageError,
  TimeoutError,
  UnauthorizedError,
} from './errors/index';
export { createOfetchAdapter } from './http/ofetch-adapter';
export { parseRetryAfter } from './http/retry-after';
export type {
  AccessTokenGetter,
  AuthHttpAdapter,
  HttpAdapter,
  OfetchAdapterOptions,
  RequestOptions,
} from './http/types';
export type {
  LimitKind,
  LimitPeriodName,
  LimitSetting,
  LimitState,
  PendingLimitChange,
  PlayTime,
  Restriction,
  RestrictionKind,
  Restrictions,
} from './responsible-gaming/index';
export {
  compareLimit,
  formatCpf,
  isValidCpf,
  normalizeCpf,
  parseServerTime,
  restrictionsOf,
  SELF_EXCLUSION_PLATFORM_URL,
} from './responsible-gaming/index';
// Schemas: each is a zod schema and the type of the same name.
export {
  AddPhonePayload,
  AuthUser,
  AuthUserInfo,
  AvailableYearsResponse,
  ChangePasswordPayload,
  CheckPasswordPayload,
  CheckPasswordResult,
  ContractType,
  ExclusionMonths,
  ForgotPasswordPayload,
  INCOME_REPORT_STATUS,
  IncomeReportData,
  IncomeReportDeliveryType,
  IncomeReportGeneratePayload,
  IncomeReportStatus,
  LimitPeriod,
  LoginChallenge,
  LoginChallengeType,
  LoginHistoryItem,
  LoginHistoryResponse,
  LoginPayload,
  LoginResponse,
  LoginSuccess,
  PauseDays,
  ReferenceYear,
  RefreshTokenResponse,
  RegisterSimplifiedPayload,
  SelfExclusionPayload,
  SocialAccount,
  SocialAccounts,
  SocialType,
  TimeoutLimitsPayload,
  TwoFactorPayload,
  TwoFactorType,
  UpdateAddressPayload,
  UpdateContractsPayload,
  UpdateEmailPayload,
  UpdateLimitsPayload,
  UpdateMarketingPayload,
  UpdateUserPayload,
  UserAddress,
  UserLimits,
  UserLimitsFields,
  UserProfileInfo,
  UserProfileResponse,
  ValidateDocumentPayload,
  ValidateDocumentResponse,
} from './schemas/index';
export type { InspectObserver } from './secrets/index';
export {
  isSecret,
  REDACTED,
  redactInspection,
  redactSecrets,
  reveal,
  SECRET_KEYS,
  Secret,
  secret,
} from './secrets/index';
export type { RefreshState, RefreshTimingOptions } from './session/refresh';
export {
  initialRefreshState,
  markRefreshCompleted,
  markRefreshStarted,
  markTokenSaved,
  nextRefreshAt,
  REFRESH_BACKOFF_BASE_MS,
  REFRESH_BACKOFF_MAX_MS,
  REFRESH_IN_FLIGHT_TIMEOUT_MS,
  REFRESH_INTERVAL_MS,
  refreshBackoffMs,
  shouldRefreshToken,
} from './session/refresh';
export type {
  StorageLike,
  StoredSession,
  SyncTokenStore,
  TokenStore,
  WebStorageTokenStoreOptions,
} from './session/storage';
export {
  createMemoryTokenStore,
  createWebStorageTokenStore,
  DEFAULT_SESSION_KEY,
} from './session/storage';
export type { SecretField, SensitiveCallOptions, UserModule, WithSecrets } from './user/index';
export {
  addPhone,
  changePassword,
  checkPassword,
  connectSocial,
  createUserModule,
  disconnectSocial,
  generateIncomeReport,
  getAddress,
  getAvailableYears,
  getIncomeReportStatus,
  getLoginHistory,
  getSocialAccounts,
  setSelfExclusion,
  setTimeoutLimits,
  toggleTwoFactor,
  updateAddress,
  updateContracts,
  updateEmail,
  updateLimits,
  updateMarketing,
  updateProfile,
  withPasswordCheck,
} from './user/index';
export { BonusWallet, CashbackWallet, RealWallet, transformWalletResponse, Wallet } from './wallet/index';
