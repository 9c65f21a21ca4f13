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
export type { DescribeErrorOptions, ErrorDescription, ErrorLocale } from './describe/index';
export { describeError } from './describe/index';
export type * from './http/errors';
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
} from './http/errors';
export { createOfetchAdapter } from './http/ofetch-adapter';
export { parseRetryAfter } from './http/retry-after';
export type * from './http/types';
export * from './schemas/index';
export * from './secrets/index';
export * from './session/refresh';
export * from './session/storage';
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
export * from './wallet/index';
