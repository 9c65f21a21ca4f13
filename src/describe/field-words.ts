// Which words a field message gets: ours for secret fields, for the server's messages whose case
// we know (an e-mail or CPF already taken, a CPF refused, an age, a required field) and for any
// message that names an API key (in any spelling: the message's rule in our words, else "not
// valid"); the server's own text only when it names no key.
import type { ErrorMessages } from './messages';

type FieldWord = keyof ErrorMessages['field'];

/** Fields whose value is a secret (by canonical name): their messages are always ours. */
const SECRET_FIELDS: Readonly<Record<string, FieldWord>> = {
  password: 'password',
  old_password: 'password',
  password_confirmation: 'password',
  password_check: 'passwordCheck',
  two_factor_code: 'code',
  code: 'code',
  captcha_token: 'captcha',
};

/** The fields that hold a CPF: `number` is the document number of registration and validation. */
const CPF_FIELDS: ReadonlySet<string> = new Set([
  'cpf',
  'document',
  'document_number',
  'docnumber',
  'doc_number',
  'number',
]);

/**
 * The field's own name in snake case, whatever the server's spelling: the last named segment of
 * a path (`address.zipCode` -> `zip_code`, `items.0.amount` -> `amount`, `zip-code` -> `zip_code`).
 */
export function canonicalField(field: string): string {
  const named = field.split('.').filter((s) => !/^\d*$/.test(s));
  return (named[named.length - 1] ?? field)
    .replace(/(\p{Ll}|\p{N})(?=\p{Lu})/gu, '$1_')
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .toLowerCase();
}

/** The secret field's word, if `field` is one in any spelling (`__proto__` is just a field). */
export function secretField(field: string): FieldWord | undefined {
  const name = canonicalField(field);
  return Object.hasOwn(SECRET_FIELDS, name) ? SECRET_FIELDS[name] : undefined;
}

/** Whether `field` holds a CPF, in any spelling. */
export const isCpfField = (field: string): boolean => CPF_FIELDS.has(canonicalField(field));

const TAKEN = /taken|already|exist|in use|já (está|existe|cadastrad)|em uso/i;
const BARRED = /\bSPA\b|barred|impedid|self[- ]?exclu|autoexclu/i;
const ADULT = /\b18\b|adult|under ?age|\bminor\b|\bmenor\b|maior de idade/i;
const REQUIRED = /\brequired\b|obrigat[óo]ri/i;

/**
 * Our word for a server message whose case we know, else null. Known: a CPF invalid, taken,
 * barred (SPA) or of a minor; an e-mail taken or invalid; an age or date on a birth date; a
 * required field.
 */
export function knownCase(field: string, message: string): FieldWord | null {
  const name = canonicalField(field);
  if (CPF_FIELDS.has(name)) {
    if (BARRED.test(message)) return 'cpfBarred';
    if (TAKEN.test(message)) return 'cpfTaken';
    if (ADULT.test(message)) return 'adult';
    if (REQUIRED.test(message)) return 'required';
    return 'cpf';
  }
  if (name === 'email') {
    if (TAKEN.test(message)) return 'emailTaken';
    if (REQUIRED.test(message)) return 'required';
    if (/valid|format|e-?mail/i.test(message)) return 'email';
  }
  if (name === 'birth_date') {
    if (ADULT.test(message)) return 'adult';
    if (/date|data|format/i.test(message)) return 'date';
  }
  return REQUIRED.test(message) ? 'required' : null;
}

/** Letters and digits only, lower case: every spelling of a key squashes to the same. */
const squash = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase();
// Another key named in the message: snake_case, camelCase, an array path (`items.0`).
const ANY_KEY = /[\p{L}\p{N}]_[\p{L}\p{N}]|(?<![\p{L}\p{N}])\p{Ll}+\p{Lu}|\p{L}\.\p{N}/u;

/**
 * Whether `message` may name an API key: the field's own in any spelling (as given, snake,
 * camel, kebab, dotted, with spaces: `address.zip code`, `zip code`; a match inside a longer word
 * counts too: in doubt, not quoted), or another key in a key's form.
 */
export function namesKey(field: string, message: string): boolean {
  const text = squash(message);
  return ANY_KEY.test(message) || [field, canonicalField(field)].some((key) => text.includes(squash(key)));
}

/** The rule a server message states, as our issue code (or the `accepted` field word). */
const RULES: readonly [RegExp, string][] = [
  [/accepted|aceit/i, 'accepted'],
  [/one of|selected|selecionad/i, 'invalid_value'],
  [/format/i, 'invalid_format'],
  [/not (be )?(greater|more)|less than|at most|exceed|no máximo/i, 'too_big'],
  [/at least|greater than|no mínimo|pelo menos/i, 'too_small'],
  [/must be an? (number|integer|string|boolean|array)|numeric|integer/i, 'invalid_type'],
];

/** Our words for a server message that names a key: its rule if we know it, else "not valid". */
export function ruleWords(m: ErrorMessages, message: string): string {
  const code = RULES.find(([rule]) => rule.test(message))?.[1];
  if (code === 'accepted') return m.field.accepted;
  return (code && m.issues[code]) || m.issues.default!;
}
