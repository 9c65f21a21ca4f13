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
  // A hostile value (a getter or Proxy trap that throws, a name quoting a secret) never escapes:
  // only a name that looks like a class name is kept (REVIEW-K 1).
  let name: unknown = 'object';
  try {
    if (isPamError(error)) return error;
    name = error instanceof Error ? error.name : typeof error;
  } catch {}
  if (typeof name !== 'string' || !/^[a-z]\w{0,40}$/i.test(name)) name = 'Error';
  const cause = new Error(name as string);
  cause.name = name as string;
  return new UnexpectedError(`Unexpected failure (${name})`, { cause });
}
