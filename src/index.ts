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
  RegistrationModule,
  WithHttp,
} from './auth/index';
export {
  createAuthModule,
  createRegistrationModule,
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
  AnyPamError,
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
  NetworkError,
  PamError,
  RequestValidationError,
  ResponseValidationError,
  StepUpRequiredError,
  StorageError,
  TimeoutError,
  TwoFactorRejectedError,
  UnauthorizedError,
  UnexpectedError,
} from './errors/index';
export { createOfetchAdapter } from './http/ofetch-adapter';
export type {
  AccessTokenGetter,
  AuthHttpAdapter,
  BlobAnswer,
  HttpAdapter,
  OfetchAdapterOptions,
  RequestOptions,
} from './http/types';
export { retryAfterMs } from './http/waiting';
export type {
  InFlightKind,
  LimitKind,
  LimitPeriodName,
  LimitSetting,
  LimitState,
  MandatoryLimit,
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
  missingMandatoryLimits,
  parseServerTime,
  restrictionsOf,
  SELF_EXCLUSION_PLATFORM_URL,
} from './responsible-gaming/index';
// The shapes of the service, as types. Their zod schemas (values of the same names) are in
// `pam-client/schemas`.
export { INCOME_REPORT_STATUS } from './schemas/income-report';
export type {
  AddPhonePayload,
  AuthUser,
  AuthUserInfo,
  AvailableYearsResponse,
  BonusWallet,
  CashbackWallet,
  ChangePasswordPayload,
  CheckPasswordPayload,
  CheckPasswordResult,
  ContractType,
  ExclusionMonths,
  ForgotPasswordPayload,
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
  RealWallet,
  RefreshTokenResponse,
  RegisterSimplifiedPayload,
  SelfExclusionPayload,
  SocialAccount,
  SocialAccounts,
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
  UserProfileInfo,
  UserProfileResponse,
  ValidateDocumentPayload,
  ValidateDocumentResponse,
  Wallet,
} from './schemas/shapes';
export type { InspectObserver } from './secrets/index';
export {
  isSecret,
  redactInspection,
  Secret,
  secret,
} from './secrets/index';
export type { PamSessionSeed } from './session/seed';
export type { RefreshState, RefreshTimingOptions, StoredSession } from './session/token';
export {
  initialRefreshState,
  markRefreshCompleted,
  markRefreshStarted,
  markTokenSaved,
  REFRESH_INTERVAL_MS,
  shouldRefreshToken,
} from './session/token';
export type {
  StorageLike,
  SyncTokenStore,
  TokenStore,
  WebStorageTokenStoreOptions,
} from './session/token-store';
export { createMemoryTokenStore, createWebStorageTokenStore } from './session/token-store';
export type {
  DownloadedFile,
  LimitsInForce,
  LimitsOption,
  SecretField,
  SensitiveCallOptions,
  StepUpCountOptions,
  StepUpPlayer,
  UserModule,
  UserModuleOptions,
  WithSecrets,
} from './user/index';
export {
  addPhone,
  changePassword,
  checkPassword,
  connectSocial,
  createUserModule,
  disconnectSocial,
  downloadIncomeReport,
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
} from './user/index';
export {
  STEP_UP_LOCK_MS,
  STEP_UP_MAX_ATTEMPTS,
  StepUpLockedError,
  stepUpAttemptsLeftOf,
} from './user/step-up-attempts';
export { transformWalletResponse } from './wallet/index';
