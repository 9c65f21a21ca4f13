// pam-client/internal: NOT PUBLIC. Helpers that only pam-client's own entries (the machines, the
// bindings) need across the package boundary. No semver promise: names here change without notice.
// Apps import from `pam-client`, `pam-client/machines` or a binding instead.

// Errors, waiting and retrying: one definition each, shared by the adapter and the machines.
export { asPamError, isHttpError } from './errors/index';
export type { BackoffOptions } from './http/backoff';
export { backoffDelay } from './http/backoff';
export { retryAfterMs } from './http/retry-after';
export type { SleepTimers } from './http/sleep';
export { ABORTED, clampDelay, MAX_TIMER_MS, sleep } from './http/sleep';
// Moved out of the public core entry (CHANGELOG.md, 0.2.0): schema building blocks and parsing,
// stored-session parsing, header checks and São Paulo calendar helpers.
export type { BrazilParts, PlayPeriod } from './responsible-gaming/index';
export {
  BRAZIL_TIME_ZONE,
  brazilPartsOf,
  isAtLeastYearsOld,
  playPeriodOf,
} from './responsible-gaming/index';
export {
  ActiveFlag,
  Amount,
  HeaderSafeToken,
  IntCode,
  isHeaderSafeToken,
  NonEmptyString,
  nullableString,
  optionalString,
  PositiveInt,
  parseRequest,
  parseResponse,
  sensitiveFields,
  toValidationIssues,
} from './schemas/index';
export { parseStoredSession } from './session/storage';
export type { UserMutation } from './user/index';
export { USER_MUTATIONS } from './user/index';
