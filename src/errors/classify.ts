import { type HttpError, isPamError, type PamError } from './base';
import { UnexpectedError } from './unexpected';

/**
 * Whether `error` is an answer of the server (any `HttpError` subclass, from any copy of
 * pam-client): decided by brand, code and a numeric `status`, never by `instanceof`.
 *
 * @example
 * if (isHttpError(e) && e.status === 404) showNotFound();
 */
export function isHttpError(error: unknown): error is HttpError {
  return (
    isPamError(error) &&
    ['http', 'unauthorized', 'step_up_required'].includes(error.code) &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

/**
 * Worth trying again later: no answer, a timeout, a 5xx or a 429, never a 4xx verdict. The one
 * definition the adapter's GET retry and the machines' backoff both use (brand + code, so an
 * error from another copy of pam-client counts too).
 *
 * @example
 * if (isTransientError(e)) scheduleRetry(); else showError(e);
 */
export function isTransientError(error: unknown): boolean {
  if (!isPamError(error)) return false;
  if (error.code === 'network' || error.code === 'timeout') return true;
  return isHttpError(error) && (error.status >= 500 || error.status === 429);
}

/**
 * `error` when it is a `PamError` (of any copy), else an `UnexpectedError` (code `'unexpected'`)
 * saying "Unexpected failure (<class name>)". Neither the foreign error's message nor the error
 * itself is kept (either could quote a secret): its `cause` is a fresh `Error` named like the
 * original.
 *
 * @example
 * context.error = asPamError(thrownByAUserActor);
 */
export function asPamError(error: unknown): PamError {
  if (isPamError(error)) return error;
  const name = error instanceof Error ? error.name : typeof error;
  const cause = new Error(name);
  cause.name = name;
  return new UnexpectedError(`Unexpected failure (${name})`, { cause });
}
