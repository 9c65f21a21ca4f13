// Which words a field message gets: ours for secret fields and for the server's messages whose
// case we know (an e-mail or CPF already taken, a CPF refused, an age), the server's own for the
// rest, never with a raw API key in it.
import type { ErrorMessages } from './messages';

type FieldWord = keyof ErrorMessages['field'];

/** Fields whose value is a secret: their messages are always ours, never the server's. */
const SECRET_FIELDS: Readonly<Record<string, FieldWord>> = {
  password: 'password',
  old_password: 'password',
  password_confirmation: 'password',
  password_check: 'passwordCheck',
  two_factor_code: 'code',
  code: 'code',
  captcha_token: 'captcha',
  captchaToken: 'captcha',
};

/** The fields that hold a CPF: `number` is the document number of registration and validation. */
const CPF_FIELDS: ReadonlySet<string> = new Set([
  'cpf',
  'document',
  'document_number',
  'docnumber',
  'number',
]);

/** The secret field's word, if `field` is one (own keys only: `__proto__` is just a field). */
export function secretField(field: string): FieldWord | undefined {
  return Object.hasOwn(SECRET_FIELDS, field) ? SECRET_FIELDS[field] : undefined;
}

/** Whether `field` holds a CPF. */
export const isCpfField = (field: string): boolean => CPF_FIELDS.has(field);

const TAKEN = /taken|already|exist|in use|já (está|existe|cadastrad)|em uso/i;
const BARRED = /\bSPA\b|barred|impedid|self[- ]?exclu|autoexclu/i;
const ADULT = /\b18\b|adult|under ?age|\bminor\b|\bmenor\b|maior de idade/i;
const REQUIRED = /\brequired\b|obrigat[óo]ri/i;

/**
 * Our word for a server message whose case we know, else null (the server's text is shown).
 * Known: a CPF invalid, taken, barred (SPA) or of a minor; an e-mail taken or invalid; an age
 * or date on a birth date; a required field.
 */
export function knownCase(field: string, message: string): FieldWord | null {
  if (isCpfField(field)) {
    if (BARRED.test(message)) return 'cpfBarred';
    if (TAKEN.test(message)) return 'cpfTaken';
    if (ADULT.test(message)) return 'adult';
    if (REQUIRED.test(message)) return 'required';
    return 'cpf';
  }
  if (field === 'email') {
    if (TAKEN.test(message)) return 'emailTaken';
    if (REQUIRED.test(message)) return 'required';
    if (/valid|format|e-?mail/i.test(message)) return 'email';
  }
  if (field === 'birth_date') {
    if (ADULT.test(message)) return 'adult';
    if (/date|data|format/i.test(message)) return 'date';
  }
  return REQUIRED.test(message) ? 'required' : null;
}

// `two_factor_code`, `user_limit_deposit`: an identifier in snake case is a key, not a word.
const SNAKE_KEY = /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b/g;

/** A server message without raw API keys in it (`the user_pause field` -> `the user pause field`). */
export const withoutKeys = (message: string): string =>
  message.replace(SNAKE_KEY, (k) => k.replace(/_/g, ' '));
