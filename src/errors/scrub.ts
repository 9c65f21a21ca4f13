import { REDACTED } from '../secrets/secret';

/**
 * Removes known secret values from what a server answered, before any error is built from it.
 * The adapter makes one per request from every secret it sent (see `secretValuesOf`).
 */
export interface Scrubber {
  /** `text` with every form of every secret replaced by `'[redacted]'`. */
  text(text: string): string;
  /**
   * False only when the JSON text `raw` cannot hold a secret once parsed (no form of one, no
   * `\u` escape): then the parsed value needs no `deep` copy.
   */
  mayHold(raw: string): boolean;
  /**
   * A deep copy of plain data (objects, arrays, strings) with every key and string scrubbed;
   * values under a key for which `keep(key)` is true are copied as they are.
   */
  deep<T>(value: T, keep?: (key: string) => boolean): T;
}

/** A scrubber that changes nothing (no secret was sent). */
export const NO_SCRUB: Scrubber = { text: (t) => t, mayHold: () => false, deep: (v) => v };

/**
 * The forms a secret takes once a server echoes it: as is, JSON-escaped (once and twice),
 * PHP-escaped (`\/`, `\u00e4`: Laravel's json_encode), URI- and form-encoded, HTML-escaped.
 */
function formsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const php = json
    .replace(/\//g, '\\/')
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const uri = encodeURIComponent(secret);
  const html = (s: string) =>
    s
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;');
  return [
    secret,
    json,
    JSON.stringify(json).slice(1, -1),
    php,
    JSON.stringify(php).slice(1, -1),
    uri,
    uri.replace(/%20/g, '+'),
    encodeURI(secret),
    html(secret),
    html(json),
  ];
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** How deep `deep` walks; deeper data is dropped (a hostile answer cannot exhaust the stack). */
const MAX_DEPTH = 64;

/**
 * A scrubber for these secret values (empty strings are ignored). Matching ignores case, so a
 * server that upper-cases an echo, or writes `%2f` for `%2F`, is caught as well.
 *
 * @example
 * createScrubber(['hunter2']).text('wrong password hunter2'); // 'wrong password [redacted]'
 */
export function createScrubber(secrets: Iterable<string>): Scrubber {
  const forms = new Set<string>();
  // A numeric secret (a 2FA code) may come back as a JSON number, its leading zeros gone.
  const numbers = new Set<string>();
  for (const s of secrets) {
    if (!s) continue;
    for (const form of formsOf(s)) forms.add(form);
    if (/^\d+$/.test(s)) numbers.add(s.replace(/^0+(?=\d)/, ''));
  }
  if (forms.size === 0) return NO_SCRUB;
  // Longest first: a secret that contains another is replaced whole.
  const pattern = new RegExp(
    [...forms]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'gi',
  );
  const text = (t: string) => t.replace(pattern, REDACTED);
  // In a key, a secret counts only where no letter or underscore touches it: `strong_password`
  // keeps its name when the password is `password`, while an echo used as a key (`"Wrong hunter2"`,
  // `%22hunter2%22`) is replaced.
  // No lookbehind (Safari before 16.4 throws on it when the RegExp is built): the character before
  // is captured and put back.
  const wordPattern = new RegExp(`(^|[^A-Za-z_])(?:${pattern.source})(?![A-Za-z_])`, 'gi');
  // A key that is a plain identifier (`user`, `strong_password`, `login_at`) is a field name, not an
  // echo, even when a (weak) password spells it: only other keys are searched.
  const keyText = (k: string) => (IDENTIFIER.test(k) ? k : k.replace(wordPattern, `$1${REDACTED}`));
  const deep = (value: unknown, depth: number, keep?: (key: string) => boolean): unknown => {
    if (typeof value === 'string') return text(value);
    if (typeof value === 'number' && numbers.has(String(value))) return REDACTED;
    if (typeof value !== 'object' || value === null) return value;
    if (depth >= MAX_DEPTH) return REDACTED;
    if (Array.isArray(value)) return value.map((v) => deep(v, depth + 1, keep));
    const out: Record<string, unknown> = Object.create(
      Object.getPrototypeOf(value) === null ? null : Object.prototype,
    );
    for (const [key, v] of Object.entries(value)) {
      // defineProperty, not assignment: a JSON-parsed own `__proto__` key must stay a plain key.
      // A key is structure: a secret in it is replaced only where it stands as a word of its own.
      Object.defineProperty(out, keyText(key), {
        value: keep?.(key) ? v : deep(v, depth + 1, keep),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  // `\/` is a legal escape of `/` that no form has to spell out; a `\u` escape can spell anything.
  // Plain substring searches: several times faster than the case-insensitive pattern.
  // Exact forms first: lower-casing is context-sensitive for a few letters (Greek final sigma).
  const exactForms = [...forms];
  const lowerForms = exactForms.map((f) => f.toLowerCase());
  const mayHold = (raw: string) => {
    if (raw.includes('\\u')) return true;
    const text = raw.includes('\\/') ? raw.replace(/\\\//g, '/') : raw;
    if (exactForms.some((f) => text.includes(f))) return true;
    const lower = text.toLowerCase();
    return lowerForms.some((f) => lower.includes(f));
  };
  return { text, mayHold, deep: <T>(value: T, keep?: (key: string) => boolean) => deep(value, 0, keep) as T };
}

// A 2xx answer is handed to the modules as is (it holds tokens the app needs), and its schema
// is checked later (parseResponse): the scrubber travels with the parsed value, so an error
// built from it knows the request's secrets too.
const attached = /* @__PURE__ */ new WeakMap<object, Scrubber>();

/** Remembers which secrets the request that fetched `value` sent (no-op for primitives). */
export function attachScrubber(value: unknown, scrubber: Scrubber): void {
  if (scrubber !== NO_SCRUB && typeof value === 'object' && value !== null) attached.set(value, scrubber);
}

/** The scrubber of the request that fetched `value`, or one that changes nothing. */
export function scrubberOf(value: unknown): Scrubber {
  return (typeof value === 'object' && value !== null && attached.get(value)) || NO_SCRUB;
}
