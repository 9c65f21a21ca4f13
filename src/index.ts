// pam-client core entry: explicit named exports. Filled in as the modules land.
export {
  AbortedError,
  HttpError,
  isPamError,
  NetworkError,
  PamError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  UnauthorizedError,
} from './http/errors';
export type * from './http/errors';
export type * from './http/types';
