// Transition: the error family moved to src/errors/ (shapes know no transport). This file only
// re-exports the public names so `./http/errors` imports keep working; import from '../errors'.
export type {
  FieldErrors,
  HttpErrorInit,
  PamErrorCode,
  PamErrorOptions,
  ValidationIssue,
} from '../errors/index';
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
} from '../errors/index';
