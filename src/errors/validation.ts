import { isPamError, PamError, type PamErrorOptions } from './base';

/** One problem found by a schema: where (`path`) and what (`message`, `code`). Never the value. */
export interface ValidationIssue {
  readonly path: readonly (string | number)[];
  readonly code: string;
  readonly message: string;
}

function describeIssues(what: string, issues: readonly ValidationIssue[]): string {
  return `${what}: ${issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ')}${issues.length > 5 ? ` (+${issues.length - 5} more)` : ''}`;
}

/** What the two validation errors share; not exported (use either subclass, or `isPamError`). */
abstract class ValidationError extends PamError {
  declare readonly issues: readonly ValidationIssue[];
  /** The operation whose input or answer was rejected, e.g. `setTimeoutLimits`. */
  declare readonly operation: string;
  protected constructor(
    code: 'invalid_request' | 'invalid_response',
    message: string,
    operation: string,
    issues: readonly ValidationIssue[],
    options?: PamErrorOptions,
  ) {
    super(code, message, options);
    this.operation = operation;
    this.issues = issues;
  }
}

/**
 * The payload breaks the spec's types or limits. Thrown before anything is sent.
 *
 * @example
 * await user.setTimeoutLimits({ user_pause: 46, reason: 1 }); // throws; issues[0].path = ['user_pause']
 */
export class RequestValidationError extends ValidationError {
  declare readonly code: 'invalid_request';
  constructor(operation: string, issues: readonly ValidationIssue[]) {
    super('invalid_request', describeIssues(`Invalid ${operation} request`, issues), operation, issues);
    this.name = 'RequestValidationError';
  }
}

/**
 * A 2xx answer whose body does not match the spec's shape (or is not JSON): only that. A foreign
 * throw is an `UnexpectedError`, a refused two-factor code a `TwoFactorRejectedError`.
 *
 * @example
 * catch (e) { if (isPamError(e) && e.code === 'invalid_response') report(e.issues); }
 */
export class ResponseValidationError extends ValidationError {
  declare readonly code: 'invalid_response';
  constructor(operation: string, issues: readonly ValidationIssue[], options?: PamErrorOptions) {
    super(
      'invalid_response',
      describeIssues(`Unexpected ${operation} response`, issues),
      operation,
      issues,
      options,
    );
    this.name = 'ResponseValidationError';
  }
}

/**
 * `read()`, reading a caller's value (a payload, options): a getter or a Proxy trap that throws
 * makes it an `invalid_request` of `operation` with a fixed message, the foreign error and its
 * message dropped (they may quote what the getter guards). A `PamError` passes as it is.
 *
 * @example
 * const body = readCallers('login', () => parseRequest('login', LoginPayload, payload));
 */
export function readCallers<T>(operation: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (isPamError(error)) throw error;
    throw new RequestValidationError(operation, [
      { path: [], code: 'unreadable', message: 'could not be read' },
    ]);
  }
}
