// The union of pam-client's errors, one member per code: what `isPamError` narrows to. Its own
// file, exported by ./index.ts and named by ./base's `isPamError` through a type query only: the
// classes import ./base, which imports none of them (types only, no runtime edge).
import type { HttpError, PamError, StepUpRequiredError, UnauthorizedError } from './base';
import type { ConfigurationError, StorageError } from './config';
import type { StepUpLockedError } from './step-up-locked';
import type { AbortedError, NetworkError, TimeoutError } from './transport';
import type { TwoFactorRejectedError } from './two-factor';
import type { UnexpectedError } from './unexpected';
import type { RequestValidationError, ResponseValidationError } from './validation';

/**
 * Any error pam-client throws, one member per code: what `isPamError` narrows to, so that a check
 * of `code` narrows to that code's class and its fields (`e.code === 'step_up_required'`, then
 * `e.reason`; `'http'`, then `e.status` and `e.fieldErrors`; `'invalid_request'`, then `e.issues`).
 * A `report_failed` is the machines' `IncomeReportFailedError` (`pam-client/machines`: its fields
 * are typed there).
 *
 * @example
 * function onError(e: AnyPamError) {
 *   if (e.code === 'http' && e.status === 422) form.setErrors(e.fieldErrors ?? {});
 * }
 */
export type AnyPamError =
  | RequestValidationError
  | ResponseValidationError
  | (HttpError & { readonly code: 'http' })
  | UnauthorizedError
  | StepUpRequiredError
  | NetworkError
  | TimeoutError
  | AbortedError
  | ConfigurationError
  | StorageError
  | StepUpLockedError
  | TwoFactorRejectedError
  | UnexpectedError
  | (PamError & { readonly code: 'report_failed' });
