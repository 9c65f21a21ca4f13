// Errors players can read: a title and per-field messages for every error code, in the
// languages the app imports. Classified by brand and code (isPamError), never instanceof.
import { clip } from '../errors/base';
import { ConfigurationError } from '../errors/config';
import {
  type HttpError,
  isPamError,
  isTransientError,
  type PamErrorCode,
  type RequestValidationError,
  type StepUpRequiredError,
} from '../errors/index';
import { retryAfterMs } from '../http/waiting';
import { REDACTED } from '../secrets/secret';
import { canonicalField, isCpfField, knownCase, namesKey, ruleWords, secretField } from './field-words';
import type { ErrorLocale, ErrorMessages } from './messages';

/**
 * Options of `describeError`: the language and what the app knows better than the error.
 *
 * @example
 * describeError(error, { locale: 'pt-BR', now: Date.now() });
 */
export interface DescribeErrorOptions {
  /** Default: the first table given to `createDescribeError` (`'en'` for `describeError`). */
  locale?: ErrorLocale;
  /**
   * Now, in epoch ms (default `Date.now()`): the wait of a 429 or a step-up lock is counted from
   * it. A `StepUpLockedError`'s `retryAt` is server time: give the server's now (`serverNow()`).
   */
  now?: number;
  /** When a 429 lockout ends, if known better than from the error (e.g. the session view's `retryAt`). */
  retryAt?: number | null;
  /** `'login'` reads a 401 as wrong credentials (also assumed for a path ending in `/login`). */
  context?: 'login';
  /**
   * The session view's `status` when the error is the view's: it tells a rejected code
   * (`twoFactorRequired`) from the last one allowed (`failed`: the attempts are used up).
   */
  status?: string | null;
  /** The session view's `codeAttemptsLeft`: 0 after a rejected code means the attempts are used up. */
  codeAttemptsLeft?: number | null;
}

/** What to show for an error. */
export interface ErrorDescription {
  /** One sentence for the whole error, in the locale: it names the problem. */
  title: string;
  /**
   * Messages per field (the API's field name, e.g. `'email'`, `'number'`, `'two_factor_code'`,
   * `'address.zip_code'`): give your inputs those names and highlight the ones listed. The
   * messages never contain a raw API key, in any spelling (snake, camel, kebab, dotted, spaced).
   * Ours for the payload's own validation, for secret fields, for the server's messages whose
   * case we know (an e-mail or CPF taken, a CPF refused, an age, a required or accepted field) and
   * for any server message that names a key (its rule in our words, else "not valid"); the
   * server's text (after the adapter removed every secret the request carried) only when it names
   * no key. A step-up lockout highlights `password_check` with the title.
   */
  fields: Record<string, string[]>;
  /**
   * Epoch ms from which trying again makes sense: a 429 that said how long to wait, or the end of
   * a step-up lockout (`StepUpLockedError`'s `retryAt`).
   */
  retryAt?: number;
  /** Worth trying again later: no answer, a timeout, a 5xx, a 429, a step-up lockout. */
  retryable: boolean;
  /** The error's code (`'unknown'` for anything that is not a pam-client error): for logs, not for players. */
  code: PamErrorCode | 'unknown';
}

/**
 * A describeError bound to its language tables (`createDescribeError`).
 *
 * @example
 * const describe: DescribeError = createDescribeError(errorMessagesPtBR);
 */
export type DescribeError = (error: unknown, options?: DescribeErrorOptions) => ErrorDescription;

// At most 50 fields, 5 messages a field (literals in the code), each `clip`ped (200 characters).
const CODE_STEP = new Set(['twoFactorRequired', 'verifyingCode']);
const LOGIN_STEP = new Set(['signingIn', 'registering', 'failed', 'twoFactorRequired', 'verifyingCode']);

/**
 * A `describeError` that knows only the languages given (the first is the default locale), so an
 * app pays for the words it shows: `describeError` itself carries English and Brazilian
 * Portuguese.
 *
 * @example
 * import { createDescribeError, errorMessagesPtBR } from 'pam-client';
 * export const describe = createDescribeError(errorMessagesPtBR);
 * describe(view.error, { status: view.status, retryAt: view.retryAt }).title;
 * // 'O código não está correto. Tente novamente.'
 */
export function createDescribeError(...tables: [ErrorMessages, ...ErrorMessages[]]): DescribeError {
  // No table (none given, `null`): refused here, not a TypeError at each description (REVIEW-Y Y-7).
  if (typeof tables[0]?.unknown !== 'string')
    throw new ConfigurationError('createDescribeError needs a messages table');
  return (error, options = {}) => {
    try {
      return describeWith(tables.find((t) => t.locale === options.locale) ?? tables[0], error, options);
    } catch {
      // An error or options whose reading throws (a Proxy trap, a getter): described as unknown,
      // the foreign error dropped (REVIEW-O 5).
      return { title: tables[0].unknown, fields: Object.create(null), retryable: false, code: 'unknown' };
    }
  };
}

function describeWith(m: ErrorMessages, error: unknown, options: DescribeErrorOptions): ErrorDescription {
  const fields: Record<string, string[]> = Object.create(null);
  const retryable = isTransientError(error);
  if (!isPamError(error)) return { title: m.unknown, fields, retryable, code: 'unknown' };
  const done = (title: string, retryAt?: number): ErrorDescription => ({
    title,
    fields,
    ...(retryAt === undefined ? {} : { retryAt }),
    retryable: retryable || retryAt !== undefined,
    code: error.code,
  });
  if (isAnotherCodeRequested(error)) return codeRejected(m, fields, options, done);
  if (isStepUpLock(error)) {
    // The lock's own end first: a view's retryAt may be a login lockout's.
    const own = (error as { retryAt?: unknown }).retryAt;
    const retryAt = typeof own === 'number' && Number.isFinite(own) ? own : (options.retryAt ?? undefined);
    // Passwords unanswered (`pending`) are not wrong ones: too many attempts.
    const title = lockTitle(
      m,
      retryAt,
      options,
      (error as { pending?: unknown }).pending ? m.tooManyIn : m.stepUpLocked,
    );
    add(fields, 'password_check', title);
    return done(title, retryAt);
  }

  switch (error.code) {
    case 'invalid_request': {
      const { issues } = error as RequestValidationError;
      for (const issue of issues ?? []) {
        if (issue.path.length === 0) continue;
        add(fields, issue.path.join('.'), issueMessage(m, issue.path, issue.code, issue.message));
      }
      const keys = Object.keys(fields);
      if (keys.length === 0) return done(m.invalidRequest);
      return done(keys.every(isCpfField) ? m.cpfRefused : m.fields);
    }
    case 'step_up_required': {
      const invalid = (error as StepUpRequiredError).reason === 'invalid';
      add(fields, 'password_check', invalid ? m.field.passwordCheck : m.stepUpRequired);
      return done(invalid ? m.stepUpInvalid : m.stepUpRequired);
    }
    case 'unauthorized':
    case 'http':
      return describeHttp(error as HttpError, m, fields, options, done);
    case 'two_factor_rejected':
      return codeRejected(m, fields, options, done);
    case 'timeout':
      // A captcha provider that never answered (machines/login/request.ts: `captcha token timed
      // out`): nothing was sent, the verification is to be done again. Else the server was slow.
      return done(/^captcha /.test(error.message) ? m.field.captcha : m.timeout);
    default: {
      // The rest (network, aborted, invalid_response, configuration, storage,
      // report_failed): the table's sentence of the same name in camel case (`invalidResponse`);
      // 'unexpected' (a foreign throw: no such sentence) and any code newer than the tables: unknown.
      const word = m[error.code.replace(/_(.)/, (_, c: string) => c.toUpperCase()) as keyof ErrorMessages];
      return done(error.code !== 'unexpected' && typeof word === 'string' ? word : m.unknown);
    }
  }
}

type Done = (title: string, retryAt?: number) => ErrorDescription;

/** A lockout's title: the wait left (as `words` put it), "now" once over, "later" if unknown. */
function lockTitle(
  m: ErrorMessages,
  retryAt: number | undefined,
  options: DescribeErrorOptions,
  words: (seconds: number) => string,
): string {
  if (retryAt === undefined) return m.tooManyLater;
  const seconds = Math.ceil((retryAt - (options.now ?? Date.now())) / 1000);
  return seconds > 0 ? words(seconds) : m.tooManyNow;
}

/**
 * Too many wrong step-up passwords (`StepUpLockedError`, code `step_up_locked`, of any copy).
 * Before issue 26 the lock was an `invalid_request` whose issue was `step_up_locked`: still read.
 */
const isStepUpLock = (error: { code: string }): boolean =>
  error.code === 'step_up_locked' ||
  (error.code === 'invalid_request' && hasIssue(error, (i) => i?.code === 'step_up_locked'));

/** Whether the error's `issues` (if an array) has one that passes `test`. */
const hasIssue = (error: object, test: (issue: { path?: unknown; code?: unknown }) => boolean): boolean => {
  const issues = (error as { issues?: unknown }).issues;
  return Array.isArray(issues) && issues.some(test);
};

function describeHttp(
  error: HttpError,
  m: ErrorMessages,
  fields: Record<string, string[]>,
  options: DescribeErrorOptions,
  done: Done,
): ErrorDescription {
  const { status } = error;
  if (status === 429) {
    const wait = retryAfterMs(error);
    const retryAt = options.retryAt ?? (wait === undefined ? undefined : (options.now ?? Date.now()) + wait);
    return done(lockTitle(m, retryAt, options, m.tooManyIn), retryAt);
  }
  const serverFields = error.fieldErrors ?? {};
  for (const [field, messages] of Object.entries(serverFields))
    add(fields, field, ...fieldWords(m, field, messages));
  const codeField = Object.keys(serverFields).some((f) => secretField(f) === 'code');
  const inCodeStep = CODE_STEP.has(options.status ?? '') || options.codeAttemptsLeft === 0;
  if (status >= 400 && status < 500 && (codeField || (inCodeStep && status !== 403 && status !== 404)))
    return codeRejected(m, fields, options, done);

  if (status === 401) {
    const login =
      options.context === 'login' ||
      LOGIN_STEP.has(options.status ?? '') ||
      /\/login$/.test(error.path ?? '');
    return done(login ? m.wrongCredentials : m.unauthorized);
  }
  const keys = Object.keys(fields);
  if (keys.length > 0) return done(keys.every(isCpfField) ? m.cpfRefused : m.fields);
  if (status >= 500) return done(m.server);
  if (status === 403) return done(m.forbidden);
  if (status === 404) return done(m.notFound);
  if (status === 409) return done(m.conflict);
  if (status === 400 || status === 422) return done(m.refused);
  return done(m.httpOther(status));
}

/**
 * A rejected two-factor code: the code field highlighted in our words, and a title that says
 * whether another code may be tried (`failed`, or no attempts left: the login is over).
 */
function codeRejected(
  m: ErrorMessages,
  fields: Record<string, string[]>,
  options: DescribeErrorOptions,
  done: Done,
): ErrorDescription {
  add(fields, 'two_factor_code', m.field.code);
  const usedUp = options.status === 'failed' || options.codeAttemptsLeft === 0;
  return done(usedUp ? m.codeUsedUp : m.codeWrong);
}

/** The login answered "a code is needed" again after a code was sent (the machine's own error). */
const isAnotherCodeRequested = (error: object): boolean =>
  hasIssue(error, (i) => i?.code === 'two_factor_code' && Array.isArray(i.path) && i.path[0] === 'type');

/**
 * The messages a server field gets: ours when secret, a known case, naming an API key (its rule
 * in our words, else "not valid"), blank or redacted; else the server's.
 */
function fieldWords(m: ErrorMessages, field: string, messages: readonly string[]): string[] {
  const secret = secretField(field);
  if (secret) return [m.field[secret]];
  return messages.slice(0, 5).map((message) => {
    const known = knownCase(field, message);
    if (known) return m.field[known];
    // (Nor a text that says nothing once clipped and its redactions gone: review 106.)
    const text = clip(message);
    return namesKey(field, message) || !/[\p{L}\p{N}]/u.test(text.replaceAll(REDACTED, ''))
      ? ruleWords(m, message)
      : text;
  });
}

function issueMessage(
  m: ErrorMessages,
  path: readonly (string | number)[],
  code: string,
  message: string,
): string {
  const field = canonicalField(path.join('.'));
  const secret = secretField(field);
  if (field === 'password_confirmation' && code === 'custom') return m.field.passwordConfirmation;
  if (secret && secret !== 'password') return m.field[secret];
  if (field === 'email' && code === 'invalid_format') return m.field.email;
  if (isCpfField(field) && (code === 'invalid_format' || code === 'custom')) return m.field.cpf;
  if (field === 'birth_date' && code === 'custom')
    return /\b18\b|years/.test(String(message)) ? m.field.adult : m.field.date;
  return (Object.hasOwn(m.issues, code) && m.issues[code]) || m.issues.default!;
}

/**
 * Adds messages once per field. `fields` has no prototype (`describeWith` makes it), so any field,
 * `__proto__` too, is read and written as an own key of data.
 */
function add(fields: Record<string, string[]>, field: string, ...messages: string[]): void {
  for (const message of messages) {
    const list = fields[field];
    if (list) {
      if (!list.includes(message) && list.length < 5) list.push(message);
      continue;
    }
    if (Object.keys(fields).length > 49) return;
    fields[field] = [message];
  }
}
