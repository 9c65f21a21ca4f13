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

/** A key's words: `zipCode`, `zip-code`, `zip_code`, `zip code` -> `['zip', 'code']`. */
const wordsOf = (key: string): string[] =>
  key
    .split(/[^\p{L}\p{N}]+|(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

/**
 * The field's own name in snake case, whatever the server's spelling: the last named segment of
 * a path (`address.zipCode` -> `zip_code`, `items.0.amount` -> `amount`).
 */
export function canonicalField(field: string): string {
  const named = field.split('.').filter((s) => !/^\d*$/.test(s));
  return wordsOf(named[named.length - 1] ?? field).join('_');
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

/** The key's words (letters and digits only) joined by any separator or none, as a whole word. */
const spelled = (words: string[]) => `(?<![\\p{L}\\p{N}])${words.join('[\\s._-]*')}(?![\\p{L}\\p{N}])`;
// Another key named in the message: snake_case, camelCase, an array path (`items.0`).
const ANY_KEY = /[\p{L}\p{N}]_[\p{L}\p{N}]|(?<![\p{L}\p{N}])\p{Ll}+\p{Lu}|\p{L}\.\p{N}/u;

/**
 * Whether `message` names an API key: the field's own in any spelling (as given, snake, camel,
 * kebab, dotted, with spaces: `address.zip code`, `zip code`), or another key in a key's form.
 */
export function namesKey(field: string, message: string): boolean {
  const all = wordsOf(field);
  if (all.length > 12 || field.length > 120) return true; // not worth matching: never quoted
  const last = wordsOf(canonicalField(field));
  const alternatives = [all, last].filter((w) => w.length > 0).map(spelled);
  return (
    ANY_KEY.test(message) ||
    (alternatives.length > 0 && new RegExp(alternatives.join('|'), 'iu').test(message))
  );
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
