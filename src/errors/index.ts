// The error family: one class per code (docs/errors.md). Shapes and transport both import from
// here; this folder imports neither.
export type { AnyPamError } from './any';
export type { FieldErrors, HttpErrorInit, PamErrorCode, PamErrorOptions } from './base';
export { HttpError, isPamError, PamError, StepUpRequiredError, UnauthorizedError } from './base';
export { asPamError, isTransientError } from './classify';
export { ConfigurationError, StorageError } from './config';
export { StepUpLockedError } from './step-up-locked';
export { AbortedError, NetworkError, TimeoutError } from './transport';
export { TwoFactorRejectedError } from './two-factor';
export { UnexpectedError } from './unexpected';
export type { ValidationIssue } from './validation';
export { RequestValidationError, ResponseValidationError } from './validation';
