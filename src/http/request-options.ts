import { RequestValidationError } from '../errors/validation';
import type { RequestOptions } from './types';

/** Duck-typed, so a signal of another realm (an iframe, jsdom) is accepted too. */
const isAbortSignal = (value: unknown): value is AbortSignal =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AbortSignal).aborted === 'boolean' &&
  typeof (value as AbortSignal).addEventListener === 'function' &&
  typeof (value as AbortSignal).removeEventListener === 'function';

/**
 * Refuses, before anything is sent, request options a caller got wrong: a `signal` that is not an
 * `AbortSignal` (`null` means none, as in `fetch`), an `accessToken` that is not a non-empty
 * string. Only a missing option takes its default; a wrong one is never read as absent
 * (a logout with `accessToken: null` would otherwise go out without the token it was meant to revoke).
 */
export function checkRequestOptions(operation: string, options: RequestOptions): void {
  const { signal, accessToken } = options;
  if (signal !== undefined && signal !== null && !isAbortSignal(signal)) {
    throw new RequestValidationError(operation, [
      { path: ['signal'], code: 'invalid_type', message: 'must be an AbortSignal' },
    ]);
  }
  // A string that cannot be a header value stays a `StorageError` (the token came from a store).
  if (accessToken !== undefined && (typeof accessToken !== 'string' || accessToken === '')) {
    throw new RequestValidationError(operation, [
      { path: ['accessToken'], code: 'invalid_type', message: 'must be a non-empty string' },
    ]);
  }
}
