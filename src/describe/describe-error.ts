// Errors players can read: a title and per-field messages for every error code, in English and
// Brazilian Portuguese. Classified by brand and code (isPamError), never instanceof.
import {
  type HttpError,
  isPamError,
  isTransientError,
  type PamErrorCode,
  type RequestValidationError,
  type StepUpRequiredError,
} from '../errors/index';
import { type ErrorLocale, MESSAGES, type Messages } from './messages';

export type { ErrorLocale } from './messages';

export interface DescribeErrorOptions {
  /** Default `'en'`. */
  locale?: ErrorLocale;
  /** Now, in epoch ms (default `Date.now()`): the wait of a 429 is counted from it. */
  now?: number;
  /** When a 429 lockout ends, if known better than from the error (e.g. the session view's `retryAt`). */
  retryAt?: number | null;
  /** `'login'` reads a 401 as wrong credentials (also assumed for a path ending in `/login`). */
  context?: 'login';
}

/** What to show for an error. */
export interface ErrorDescription {
  /** One sentence for the whole error, in the locale. */
  title: string;
  /**
   * Messages per field path (`'email'`, `'address.zip_code'`), for the form's inputs. Ours for
   * the payload's own validation and for secret fields; the server's (as given, after the
   * adapter removed every secret the request carried) for its other fields.
   */
  fields: Record<string, string[]>;
  /** Epoch ms from which trying again makes sense (a 429 that said how long to wait). */
  retryAt?: number;
  /** Worth trying again later: no answer, a timeout, a 5xx, a 429. */
  retryable: boolean;
  /** The error's code (`'unknown'` for anything that is not a pam-client error): for logs, not for players. */
  code: PamErrorCode | 'unknown';
}

/** Fields whose value is a secret: their messages are always ours, never the server's. */
const SECRET_FIELDS: Record<string, keyof Messages['field']> = {
  password: 'password',
  old_password: 'password',
  password_confirmation: 'password',
  password_check: 'passwordCheck',
  two_factor_code: 'code',
  code: 'code',
  captcha_token: 'captcha',
  captchaToken: 'captcha',
};
const CPF_FIELDS = new Set(['cpf', 'document', 'document_number']);

const MAX_FIELDS = 50;
const MAX_MESSAGES = 5;
const MAX_LENGTH = 200;

/**
 * A title and per-field messages for any error pam-client throws (or anything else thrown),
 * in `en` or `pt-BR`. Never quotes a value: the title is always ours (never the server's
 * `message`), validation issues are described from their code, and secret fields (password,
 * code, password check, captcha) always get our words.
 *
 * @example
 * const { title, fields } = describeError(view.error, { locale: 'pt-BR' });
 * // { title: 'Verifique os campos destacados.', fields: { email: ['The email has already been taken.'] } }
 */
export function describeError(error: unknown, options: DescribeErrorOptions = {}): ErrorDescription {
  const m = MESSAGES[options.locale ?? 'en'] ?? MESSAGES.en;
  const fields: Record<string, string[]> = Object.create(null);
  const retryable = isTransientError(error);
  if (!isPamError(error)) return { title: m.unknown, fields, retryable, code: 'unknown' };
  const done = (title: string, retryAt?: number): ErrorDescription => ({
    title,
    fields,
    ...(retryAt === undefined ? {} : { retryAt }),
    retryable,
    code: error.code,
  });

  switch (error.code) {
    case 'invalid_request': {
      const { issues } = error as RequestValidationError;
      for (const issue of issues ?? []) {
        if (issue.path.length === 0) continue;
        add(fields, issue.path.join('.'), issueMessage(m, issue.path, issue.code));
      }
      return done(Object.keys(fields).length > 0 ? m.fields : m.invalidRequest);
    }
    case 'step_up_required': {
      const invalid = (error as StepUpRequiredError).reason === 'invalid';
      add(fields, 'password_check', invalid ? m.field.passwordCheck : m.stepUpRequired);
      return done(invalid ? m.stepUpInvalid : m.stepUpRequired);
    }
    case 'unauthorized': {
      const login = options.context === 'login' || /\/login$/.test((error as HttpError).path ?? '');
      return done(login ? m.wrongCredentials : m.unauthorized);
    }
    case 'http':
      return describeHttp(error as HttpError, m, fields, options, done);
    case 'network':
      return done(m.network);
    case 'timeout':
      return done(m.timeout);
    case 'aborted':
      return done(m.aborted);
    case 'invalid_response':
      return done(m.invalidResponse);
    case 'configuration':
      return done(m.configuration);
    case 'storage':
      return done(m.storage);
    default:
      return done(m.unknown);
  }
}

function describeHttp(
  error: HttpError,
  m: Messages,
  fields: Record<string, string[]>,
  options: DescribeErrorOptions,
  done: (title: string, retryAt?: number) => ErrorDescription,
): ErrorDescription {
  const { status } = error;
  if (status === 429) {
    const now = options.now ?? Date.now();
    const retryAt =
      options.retryAt ??
      (typeof error.retryAfter === 'number' && Number.isFinite(error.retryAfter)
        ? now + error.retryAfter * 1000
        : undefined);
    if (retryAt === undefined) return done(m.tooManyLater);
    const seconds = Math.ceil((retryAt - now) / 1000);
    return done(seconds > 0 ? m.tooManyIn(seconds) : m.tooManyNow, retryAt);
  }
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
    // Own keys only: a server field named `__proto__` or `constructor` is just a field.
    const secret = Object.hasOwn(SECRET_FIELDS, field) ? SECRET_FIELDS[field] : undefined;
    if (secret) add(fields, field, m.field[secret]);
    else for (const message of messages.slice(0, MAX_MESSAGES)) add(fields, field, clip(message));
  }
  if (Object.keys(fields).length > 0) return done(m.fields);
  if (status >= 500) return done(m.server);
  if (status === 403) return done(m.forbidden);
  if (status === 404) return done(m.notFound);
  if (status === 409) return done(m.conflict);
  if (status === 400 || status === 422) return done(m.refused);
  return done(m.httpOther(status));
}

function issueMessage(m: Messages, path: readonly (string | number)[], code: string): string {
  const field = String(path[path.length - 1]);
  if (field === 'password_confirmation' && code === 'custom') return m.field.passwordConfirmation;
  if (field === 'email' && code === 'invalid_format') return m.field.email;
  if (CPF_FIELDS.has(field) && (code === 'invalid_format' || code === 'custom')) return m.field.cpf;
  return (Object.hasOwn(m.issues, code) && m.issues[code]) || m.issues.default!;
}

/** Adds a message once per field, with the field as data (a `__proto__` key stays a key). */
function add(fields: Record<string, string[]>, field: string, message: string): void {
  const list = Object.getOwnPropertyDescriptor(fields, field)?.value as string[] | undefined;
  if (list) {
    if (!list.includes(message) && list.length < MAX_MESSAGES) list.push(message);
    return;
  }
  if (Object.keys(fields).length >= MAX_FIELDS) return;
  Object.defineProperty(fields, field, {
    value: [message],
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function clip(text: string): string {
  const t = text.trim();
  return t.length > MAX_LENGTH ? `${t.slice(0, MAX_LENGTH)}…` : t;
}
