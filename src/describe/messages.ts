// The shape of one language's words for describeError. Each language is its own module
// (en.ts, pt-BR.ts), so an app that imports one table pays for that one only.

/** A locale describeError has words for. */
export type ErrorLocale = 'en' | 'pt-BR';

/**
 * One language's words for `describeError`: our own sentences only, none quotes a value. Pass
 * one (or several) to `createDescribeError`.
 *
 * @example
 * import { createDescribeError, errorMessagesPtBR } from 'pam-client';
 * const describe = createDescribeError(errorMessagesPtBR);
 */
export interface ErrorMessages {
  locale: ErrorLocale;
  fields: string;
  invalidRequest: string;
  wrongCredentials: string;
  /** A two-factor code was rejected (attempts remain). */
  codeWrong: string;
  /** The last allowed code was rejected: the login is over, a new one sends a new code. */
  codeUsedUp: string;
  /** The CPF of a registration or login was refused (why: in the CPF field). */
  cpfRefused: string;
  unauthorized: string;
  forbidden: string;
  notFound: string;
  conflict: string;
  refused: string;
  server: string;
  /** Any other HTTP status. */
  httpOther: (status: number) => string;
  tooManyNow: string;
  tooManyLater: string;
  /** Too many attempts: the wait left, in seconds. */
  tooManyIn: (seconds: number) => string;
  stepUpRequired: string;
  stepUpInvalid: string;
  /** Too many wrong step-up passwords (`StepUpLockedError`): the wait left, in seconds. */
  stepUpLocked: (seconds: number) => string;
  network: string;
  timeout: string;
  aborted: string;
  invalidResponse: string;
  configuration: string;
  storage: string;
  /** The server marked an income report failed (status 4). */
  reportFailed: string;
  unknown: string;
  /** Per validation issue code (ours, from the schemas); `default` for the rest. */
  issues: Record<string, string>;
  /** Per field, for the fields whose value is a secret or whose rule we know. */
  field: {
    password: string;
    passwordConfirmation: string;
    code: string;
    passwordCheck: string;
    captcha: string;
    email: string;
    emailTaken: string;
    cpf: string;
    cpfTaken: string;
    cpfBarred: string;
    adult: string;
    date: string;
    required: string;
    /** A box the server says must be ticked (Laravel's `accepted` rule, e.g. `optIn`). */
    accepted: string;
  };
}
