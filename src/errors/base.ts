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
  /** The server answered a login by asking for the two-factor code again: `TwoFactorRejectedError`. */
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
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    // Literal names: a minifier renames classes, and `name` must survive into production logs.
    this.name = 'PamError';
  }

  /** The brand `isPamError` checks; on the prototype, so the instance has no extra own key. */
  get [BRAND](): true {
    return true;
  }

  /** A plain, secret-free description, safe to log or send to error tracking. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, message: this.message };
  }
}

/**
 * True for any error thrown by pam-client, including one made by another copy of it (the ESM and
 * CJS builds mixed): checks the brand and the code, never the class. Decide with
 * `isPamError(e) && e.code === '…'`.
 *
 * @example
 * if (isPamError(e) && e.code === 'unauthorized') signIn();
 */
export function isPamError(value: unknown): value is PamError {
  if (typeof value !== 'object' || value === null) return false;
  const { code } = value as { code?: unknown };
  return (value as { [BRAND]?: unknown })[BRAND] === true && typeof code === 'string' && PAM_CODES.has(code);
}

/**
 * Sets the code of a subclass whose parent's constructor set the parent's code (HttpError →
 * UnauthorizedError). Internal: not exported from the package.
 */
export function recode(error: PamError, code: PamErrorCode): void {
  (error as { code: PamErrorCode }).code = code;
}
