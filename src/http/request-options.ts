import { RequestValidationError } from '../errors/validation';
import type { RequestOptions } from './types';

/**
 * Refuses, before anything is sent, request options a caller got wrong: a `signal` that is not an
 * `AbortSignal` (duck-typed, so one of another realm passes; `null` means none, as in `fetch`), an
 * `accessToken` that is not a non-empty string (a string that cannot be a header value stays a
 * `StorageError`). Only a missing option takes its default; a wrong one is never read as absent
 * (a logout with `accessToken: null` would otherwise go out without the token it was meant to revoke).
 */
export function checkRequestOptions(operation: string, options: RequestOptions): void {
  const { signal, accessToken } = options;
  const bad =
    signal != null && typeof (signal as Partial<AbortSignal>).addEventListener !== 'function'
      ? 'signal'
      : accessToken !== undefined && (typeof accessToken !== 'string' || !accessToken)
        ? 'accessToken'
        : undefined;
  if (bad)
    throw new RequestValidationError(operation, [{ path: [bad], code: 'invalid_type', message: 'invalid' }]);
}
