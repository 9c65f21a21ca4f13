/**
 * The error model (spec section 7 is silent, so this is ours). Every error the library throws
 * extends `PamError` and carries a string `code`. No message, `cause`, `stack` or `toJSON()`
 * ever holds a password, code, captcha token or access token: errors are built from status,
 * path and field names only, and `HttpError.body` (which a server may echo inputs into) stays
 * off `toJSON()`.
 */

export type PamErrorCode =
  | 'invalid_request'
  | 'http'
  | 'unauthorized'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'invalid_response';

/** One problem found by a schema: where (`path`) and what (`message`, `code`). Never the value. */
export interface ValidationIssue {
  readonly path: readonly (string | number)[];
  readonly code: string;
  readonly message: string;
}

export interface PamErrorOptions {
  /** Safe to expose: never a raw ofetch `FetchError` (it carries request options). */
  cause?: unknown;
}

/**
 * Base class of every error pam-client throws.
 *
 * @example
 * try { await user.updateLimits(payload); }
 * catch (e) { if (isPamError(e) && e.code === 'invalid_request') showIssues(e.issues); }
 */
export class PamError extends Error {
  // `declare`: assigned in the constructor, so no class-field definitions are emitted (smaller
  // bundles; the own keys keep their order: code, name, then the subclass's).
  declare readonly code: PamErrorCode;
  constructor(code: PamErrorCode, message: string, options?: PamErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    // Literal names: a minifier renames classes, and `name` must survive into production logs.
    this.name = 'PamError';
  }

  /** A plain, secret-free description, safe to log or send to error tracking. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, message: this.message };
  }
}

/** True for any error thrown by pam-client, across bundle copies (checks the brand, not the class). */
export function isPamError(value: unknown): value is PamError {
  if (value instanceof PamError) return true;
  if (!(value instanceof Error)) return false;
  const { code, toJSON } = value as Error & { code?: unknown; toJSON?: unknown };
  return typeof code === 'string' && PAM_CODES.has(code) && typeof toJSON === 'function';
}

const PAM_CODES: ReadonlySet<string> = /* @__PURE__ */ new Set<PamErrorCode>([
  'invalid_request',
  'http',
  'unauthorized',
  'network',
  'timeout',
  'aborted',
  'invalid_response',
]);

function describeIssues(what: string, issues: readonly ValidationIssue[]): string {
  const shown = issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ');
  const more = issues.length > 5 ? ` (+${issues.length - 5} more)` : '';
  return `${what}: ${shown}${more}`;
}

/** What the two validation errors share; not exported (use either subclass, or `isPamError`). */
class ValidationError extends PamError {
  declare readonly issues: readonly ValidationIssue[];
  /** The operation whose input or answer was rejected, e.g. `setTimeoutLimits`. */
  declare readonly operation: string;
  constructor(
    code: 'invalid_request' | 'invalid_response',
    what: string,
    operation: string,
    issues: readonly ValidationIssue[],
  ) {
    super(code, describeIssues(what, issues));
    this.issues = issues;
    this.operation = operation;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), operation: this.operation, issues: this.issues };
  }
}

/**
 * The payload breaks the spec's types or limits. Thrown before anything is sent.
 *
 * @example
 * await user.setTimeoutLimits({ user_pause: 46, reason: 1 }); // throws; issues[0].path = ['user_pause']
 */
export class RequestValidationError extends ValidationError {
  constructor(operation: string, issues: readonly ValidationIssue[]) {
    super('invalid_request', `Invalid ${operation} request`, operation, issues);
    this.name = 'RequestValidationError';
  }
}

/**
 * A 2xx answer whose body does not match the spec's shape (or is not JSON).
 *
 * @example
 * catch (e) { if (e instanceof ResponseValidationError) report(e.issues); }
 */
export class ResponseValidationError extends ValidationError {
  constructor(operation: string, issues: readonly ValidationIssue[]) {
    super('invalid_response', `Unexpected ${operation} response`, operation, issues);
    this.name = 'ResponseValidationError';
  }
}

export interface HttpErrorInit {
  status: number;
  method: string;
  /** Path relative to baseURL, query string stripped. */
  path: string;
  body?: unknown;
  /** Seconds, from a `Retry-After` header (delta-seconds or HTTP date). */
  retryAfter?: number;
}

/**
 * A non-2xx answer. `message` comes from `body.message` when the server sent one,
 * `fieldErrors` from `body.errors`.
 *
 * @example
 * catch (e) { if (e instanceof HttpError && e.status === 422) form.setErrors(e.fieldErrors); }
 */
export class HttpError extends PamError {
  declare readonly status: number;
  declare readonly method: string;
  declare readonly path: string;
  /** Seconds to wait before trying again, when the server said so. */
  declare readonly retryAfter: number | undefined;
  declare readonly fieldErrors: Readonly<Record<string, readonly string[]>> | undefined;
  /** The parsed body. Kept out of `toJSON()`: a server may echo the request (and its secrets) into it. */
  declare readonly body: unknown;

  constructor(init: HttpErrorInit, code: 'http' | 'unauthorized' = 'http') {
    const serverMessage = messageOf(init.body);
    super(
      code,
      serverMessage
        ? `${init.method} ${init.path} failed with ${init.status}: ${serverMessage}`
        : `${init.method} ${init.path} failed with ${init.status}`,
    );
    this.name = 'HttpError';
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.retryAfter = init.retryAfter;
    this.fieldErrors = fieldErrorsOf(init.body);
    // Non-enumerable, so a structured logger that walks own keys does not print it either.
    Object.defineProperty(this, 'body', { value: init.body, enumerable: false, writable: false });
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      status: this.status,
      method: this.method,
      path: this.path,
      ...(this.retryAfter === undefined ? {} : { retryAfter: this.retryAfter }),
      ...(this.fieldErrors === undefined ? {} : { fieldErrors: this.fieldErrors }),
    };
  }
}

/** A 401 answer: the access token is missing, expired or revoked. */
export class UnauthorizedError extends HttpError {
  constructor(init: HttpErrorInit) {
    super(init, 'unauthorized');
    this.name = 'UnauthorizedError';
  }
}

/** No answer: connection refused, reset, DNS failure, CORS, offline. */
export class NetworkError extends PamError {
  constructor(method: string, path: string, options?: PamErrorOptions) {
    super('network', `${method} ${path} got no response`, options);
    this.name = 'NetworkError';
  }
}

/** The request took longer than the adapter's `timeout`. */
export class TimeoutError extends PamError {
  declare readonly timeoutMs: number;
  constructor(method: string, path: string, timeoutMs: number) {
    super('timeout', `${method} ${path} timed out after ${timeoutMs} ms`);
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's signal aborted (or the machine that invoked the request stopped). */
export class AbortedError extends PamError {
  constructor(method: string, path: string) {
    super('aborted', `${method} ${path} was aborted`);
    this.name = 'AbortedError';
  }
}

/**
 * Worth trying again later: no answer, a timeout, a 5xx or a 429, never a 4xx verdict. The one
 * definition the adapter's GET retry and the machines' backoff both use.
 *
 * @example
 * if (isTransientError(e)) scheduleRetry(); else showError(e);
 */
export function isTransientError(error: unknown): boolean {
  if (!isPamError(error)) return false;
  if (error.code === 'network' || error.code === 'timeout') return true;
  return error instanceof HttpError && (error.status >= 500 || error.status === 429);
}

const MAX_MESSAGE = 200;

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    const m = (body as { message: string }).message.trim();
    return m.length > MAX_MESSAGE ? `${m.slice(0, MAX_MESSAGE)}…` : m || undefined;
  }
  return undefined;
}

function fieldErrorsOf(body: unknown): Record<string, string[]> | undefined {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors)) {
    if (Array.isArray(value)) out[field] = value.filter((v): v is string => typeof v === 'string');
    else if (typeof value === 'string') out[field] = [value];
  }
  return out;
}
