/**
 * The root of the error model (spec section 7 is silent, so this is ours): every error the
 * library throws extends `PamError` and carries a string `code` that always agrees with its
 * class. See docs/errors.md.
 */

/** Every code, one per class. */
export type PamErrorCode =
  | 'invalid_request'
  | 'invalid_response'
  | 'http'
  | 'unauthorized'
  | 'step_up_required'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'configuration'
  | 'storage'
  /** The server marked an income report failed (status 4): `IncomeReportFailedError`. */
  | 'report_failed'
  /** A two-factor code refused (`TwoFactorRejectedError`: kept for apps' checks; the client gives the 4xx `HttpError`). */
  | 'two_factor_rejected'
  /** Something that is not pam-client threw (a bug, a callback): `UnexpectedError`. */
  | 'unexpected'
  /** The step-up passwords are used up (or the server's 429 on one): `StepUpLockedError`, nothing sent. */
  | 'step_up_locked';

/**
 * Options of a `PamError`'s constructor.
 *
 * @example
 * const options: PamErrorOptions = { cause: error };
 */
export interface PamErrorOptions {
  /** Safe to expose: never a raw ofetch `FetchError` (it carries request options). */
  cause?: unknown;
}

// Symbol.for, not Symbol(): an error made by another copy of pam-client (the CJS build beside the
// ESM one, two bundles) must still be recognised, and `instanceof` cannot see across copies.
const BRAND: unique symbol = /* @__PURE__ */ Symbol.for('pam-client.error');

const PAM_CODES: ReadonlySet<string> = /* @__PURE__ */ new Set<PamErrorCode>([
  'invalid_request',
  'invalid_response',
  'http',
  'unauthorized',
  'step_up_required',
  'network',
  'timeout',
  'aborted',
  'configuration',
  'storage',
  'report_failed',
  'two_factor_rejected',
  'unexpected',
  'step_up_locked',
]);

/**
 * Base class of every error pam-client throws. Not constructed directly: each code has its own
 * class, so `code` and class always agree (the constructor is `protected`: tsc refuses
 * `new PamError('timeout', …)`).
 *
 * @example
 * try { await user.updateLimits(payload); }
 * catch (e) { if (isPamError(e) && e.code === 'invalid_request') showIssues(e.issues); }
 */
export class PamError extends Error {
  // `declare`: assigned in the constructor, so no class-field definitions are emitted (smaller
  // bundles; the own keys keep their order: code, name, then the subclass's).
  declare readonly code: PamErrorCode;
  // Protected: only a subclass names its code, so `code` and class always agree (tsc refuses
  // `new PamError('timeout', …)`).
  protected constructor(code: PamErrorCode, message: string, options?: PamErrorOptions) {
    // Error reads only `cause` of its options, and defines it only when the options have one; it
    // ignores options that are no object (here `false`: no cause given, or an undefined one).
    super(message, (options?.cause !== undefined && options) as PamErrorOptions);
    this.code = code;
    // Literal names: a minifier renames classes, and `name` must survive into production logs.
    this.name = 'PamError';
  }

  /** The brand `isPamError` checks; on the prototype, so the instance has no extra own key. */
  get [BRAND](): true {
    return true;
  }

  /**
   * A plain, secret-free description, safe to log or send to error tracking: `name`, `code`,
   * `message`, then every field the class sets (own, enumerable, defined), so a class's new field
   * joins by itself (REVIEW-Y Y-3). `body` and `cause` are not enumerable: they stay off.
   */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, code: this.code, message: this.message };
    for (const [key, value] of Object.entries(this)) if (value !== undefined) out[key] = value;
    return out;
  }
}

/**
 * True for any error thrown by pam-client, including one made by another copy of it (the ESM and
 * CJS builds mixed): checks the brand and the code, never the class. Decide with
 * `isPamError(e) && e.code === '…'`: the code narrows `e` to its class (`AnyPamError`), so its
 * fields are typed (`reason`, `status`, `fieldErrors`, `issues`…).
 *
 * @example
 * if (isPamError(e) && e.code === 'unauthorized') signIn();
 * else if (isPamError(e) && e.code === 'step_up_required') askPassword(e.reason);
 */
// (The union by a type query: ./any imports the classes, which import this file.)
export function isPamError(value: unknown): value is import('./any').AnyPamError {
  // A code that is not a string is no member: the set holds strings only. A value whose reading
  // throws (a Proxy trap, a getter) is none: a predicate in a `catch` never throws (REVIEW-U U-3).
  try {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { [BRAND]?: unknown })[BRAND] === true &&
      PAM_CODES.has((value as { code?: unknown }).code as string)
    );
  } catch {
    return false;
  }
}

// The HTTP errors: an answer that is not 2xx, one class per code (401, step-up, the rest).

/**
 * What an `HttpError` is made from: the answer's status, the request and the scrubbed body.
 *
 * @example
 * new HttpError({ status: 409, method: 'POST', path: '/auth/register-simplified', body });
 */
export interface HttpErrorInit {
  /** The HTTP status (not 2xx). */
  status: number;
  /** The request's method (`'GET'`, `'POST'`, ...). */
  method: string;
  /** Path relative to baseURL, query string stripped. */
  path: string;
  /** The parsed body, already scrubbed of every secret the request sent (see `createScrubber`). */
  body?: unknown;
  /** Seconds, from a `Retry-After` header (delta-seconds or HTTP date). */
  retryAfter?: number;
}

/** Server field names mapped to their messages; a null-prototype object (keys are data). */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/**
 * A non-2xx answer. `message` is the server's `body.message` when it sent one (trimmed, at most
 * 200 characters, scrubbed of every secret the request carried), else
 * `<METHOD> <path> failed with <status>`. `method`, `path` and `status` are fields either way.
 * `fieldErrors` comes from `body.errors` (a null-prototype object: a server key such as
 * `__proto__` stays data). For what players see, use `describeError`.
 *
 * @example
 * catch (e) {
 *   if (isPamError(e) && e.code === 'http' && e.status === 422) form.setErrors(e.fieldErrors);
 * }
 */
export class HttpError extends PamError {
  declare readonly code: 'http' | 'unauthorized' | 'step_up_required';
  declare readonly status: number;
  declare readonly method: string;
  declare readonly path: string;
  /** Seconds to wait before trying again, when the server said so. */
  declare readonly retryAfter: number | undefined;
  declare readonly fieldErrors: FieldErrors | undefined;
  /**
   * The parsed body, scrubbed of the request's secrets. Non-enumerable and kept out of
   * `toJSON()`: it is the server's data, shown only to whoever asks for it.
   */
  declare readonly body: unknown;

  constructor(init: HttpErrorInit) {
    super('http', messageOf(init.body) ?? `${init.method} ${init.path} failed with ${init.status}`);
    this.name = 'HttpError';
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.retryAfter = init.retryAfter;
    this.fieldErrors = fieldErrorsOf(init.body);
    // Non-enumerable, so a structured logger that walks own keys does not print it either (a new
    // property's flags default to false: not enumerable, not writable, not configurable).
    Object.defineProperty(this, 'body', { value: init.body });
  }
}

/**
 * A 401 answer: the access token is missing, expired or revoked.
 *
 * @example
 * catch (e) { if (isPamError(e) && e.code === 'unauthorized') signIn(); }
 */
export class UnauthorizedError extends HttpError {
  declare readonly code: 'unauthorized';
  constructor(init: HttpErrorInit) {
    super(init);
    // The parent's constructor set the parent's code: this class's code replaces it.
    (this as { code: string }).code = 'unauthorized';
    this.name = 'UnauthorizedError';
  }
}

/**
 * A 422 asking for the player's password before a sensitive change (e-mail, phone, address,
 * a looser limit, pause, self-exclusion): `reason` is `'required'` when `password_check` was
 * missing, `'invalid'` when it was wrong. Send the change again with `withPasswordCheck`.
 *
 * @example
 * catch (e) {
 *   if (isPamError(e) && e.code === 'step_up_required') await user.updateEmail(withPasswordCheck(p, secret(pw)));
 * }
 */
export class StepUpRequiredError extends HttpError {
  declare readonly code: 'step_up_required';
  declare readonly reason: 'required' | 'invalid';
  constructor(init: HttpErrorInit, reason: 'required' | 'invalid') {
    super(init);
    (this as { code: string }).code = 'step_up_required';
    this.name = 'StepUpRequiredError';
    this.reason = reason;
  }
}

/**
 * The error for a non-2xx answer: `UnauthorizedError` for a 401, `StepUpRequiredError` for a
 * 422 whose `body.code` is `password_check_required` / `password_check_invalid`, else `HttpError`.
 * `init.body` must already be scrubbed.
 *
 * @example
 * throw httpErrorFor({ status: 401, method: 'GET', path: '/me' }); // UnauthorizedError
 */
export function httpErrorFor(init: HttpErrorInit): HttpError {
  if (init.status === 401) return new UnauthorizedError(init);
  const code = init.status === 422 ? ownString(init.body, 'code') : undefined;
  // The `body.code` values of a 422 that asks for the player's password (step-up); the reason
  // is what follows `password_check_`.
  if (code === 'password_check_required' || code === 'password_check_invalid') {
    return new StepUpRequiredError(init, code.slice(15) as 'required' | 'invalid');
  }
  return new HttpError(init);
}

function ownString(body: unknown, key: string): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const value = Object.getOwnPropertyDescriptor(body, key)?.value;
  return typeof value === 'string' ? value : undefined;
}

/**
 * `text` trimmed, cut to 200 characters (then `…`): a server's message as an error or a
 * description shows it (`describeError` too). Not public.
 */
export const clip = (text: string): string => {
  const t = text.trim();
  return t.length > 200 ? `${t.slice(0, 200)}…` : t;
};

/** The server's `body.message`, `clip`ped; `undefined` when it sent none (or only white space). */
const messageOf = (body: unknown): string | undefined => {
  const m = ownString(body, 'message');
  return (m && clip(m)) || undefined;
};

/** `body.errors` as a null-prototype record of string lists; every server key stays data. */
function fieldErrorsOf(body: unknown): FieldErrors | undefined {
  const errors =
    body && typeof body === 'object' ? Object.getOwnPropertyDescriptor(body, 'errors')?.value : undefined;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const out: Record<string, string[]> = Object.create(null);
  for (const [field, value] of Object.entries(errors)) {
    const messages = Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string')
      : typeof value === 'string'
        ? [value]
        : undefined;
    // Assignment is safe: `out` has no prototype, so no `__proto__` setter; the key stays data.
    if (messages) out[field] = messages;
  }
  return out;
}
