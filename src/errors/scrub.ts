import { REDACTED } from '../secrets/secret';
import { anchorOf, DECODERS, echoPattern } from './echo-forms';

/**
 * Removes known secret values from what a server answered, before any error is built from it.
 * The adapter makes one per request from every secret it sent (see `secretValuesOf`).
 */
export interface Scrubber {
  /** `text` with every form of every secret replaced by `'[redacted]'`. */
  text(text: string): string;
  /**
   * False when the JSON text `raw` cannot hold a secret once parsed, so the parsed value needs no
   * `deep` walk: one scan for the secrets' anchors (see `anchorOf`), and, when `keep` is given,
   * false too when every occurrence is the secret as is, a whole string value under a key `keep`
   * accepts (a refresh answering with the token it was sent). Builds no expression.
   */
  mayHold(raw: string, keep?: (key: string) => boolean): boolean;
  /**
   * `value` with every key and string scrubbed, copying only the objects and arrays on the way to
   * what changed (`value` itself when nothing did); values under a key for which `keep(key)` is
   * true are left as they are. A number equal to a numeric secret without its leading zeros (a 2FA
   * code echoed as a JSON number) is redacted too, unless `data` is true: a 2xx answer checked by
   * a schema, whose ids, amounts and wallet fields are data, never an echo.
   */
  deep<T>(value: T, keep?: (key: string) => boolean, data?: boolean): T;
}

/** A scrubber that changes nothing (no secret was sent). */
export const NO_SCRUB: Scrubber = { text: (t) => t, mayHold: () => false, deep: (v) => v };

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Text that may spell a letter or digit as an escape, once or more (`\u0061`, `&#97;`, `&amp;#97;`,
 * `%61`, `%2561`): anchors cannot rule it out. Without it and without an anchor, no layer of
 * decoding (`DECODERS`) can bring a secret out either.
 */
const ESCAPED_ALNUM = /\\u|&(?:amp;)*#|%(?:25)*(?:[3-7]|2[de])/i;

/** How many rounds of `DECODERS` are tried beyond the one layer `echoPattern` matches. */
const LAYERS = 3;

/** The JSON key right before a string value that starts at the end of the text. */
const KEY_BEFORE = /"([^"\\]{1,64})"\s*:\s*"$/;

/** How deep `deep` walks; deeper data is dropped (a hostile answer cannot exhaust the stack). */
const MAX_DEPTH = 64;

/** Whether `raw` holds `value` at `start` as a whole JSON string value under a key `keep` accepts. */
function keptValue(raw: string, start: number, value: string, keep: (key: string) => boolean): boolean {
  if (start < 1 || raw.slice(start, start + value.length) !== value || raw[start + value.length] !== '"')
    return false;
  const key = KEY_BEFORE.exec(raw.slice(Math.max(0, start - 80), start))?.[1];
  return key !== undefined && keep(key);
}

/**
 * A scrubber for these secret values (empty strings are ignored). Matching ignores case, and each
 * character may take any form of `ENCODERS` (src/errors/echo-forms.ts): HTML entities (named,
 * decimal, hex), percent and form encoding, backslash and JSON `\u` escapes. The expressions are
 * built once per scrubber, and only when a text may hold a secret.
 *
 * @example
 * createScrubber(['hunter2']).text('wrong password hunter2'); // 'wrong password [redacted]'
 */
export function createScrubber(secrets: Iterable<string>): Scrubber {
  const unique = new Set<string>();
  for (const s of secrets) if (s) unique.add(s);
  if (unique.size === 0) return NO_SCRUB;
  // Longest first: a secret that contains another is replaced whole.
  const list = [...unique].sort((a, b) => b.length - a.length);
  const anchors = list.map(anchorOf);
  // A numeric secret (a 2FA code) may come back in an error body as a JSON number, its leading
  // zeros gone.
  const numbers = new Set(list.filter((s) => /^\d+$/.test(s)).map((s) => s.replace(/^0+(?=\d)/, '')));
  let compiled: { all: RegExp; word: RegExp } | undefined;
  const patterns = () => {
    if (!compiled) {
      const source = list.map(echoPattern).join('|');
      // In a key, a secret counts only where no letter or underscore touches it: `strong_password`
      // keeps its name when the password is `password`. No lookbehind (Safari before 16.4 throws
      // when the RegExp is built): the character before is captured and put back.
      compiled = {
        all: new RegExp(source, 'gi'),
        word: new RegExp(`(^|[^A-Za-z_])(?:${source})(?![A-Za-z_])`, 'gi'),
      };
    }
    return compiled;
  };
  const lowerHolds = (t: string) => {
    const lower = t.toLowerCase();
    return anchors.some((a) => lower.includes(a));
  };
  const holds = (t: string) => lowerHolds(t) || ESCAPED_ALNUM.test(t);
  // `t` with the secrets' spans replaced by `pattern`; the whole of it redacted when a secret is
  // found only once encodings applied one after another are peeled off (htmlspecialchars, then
  // urlencode): no span maps back, and hiding more is the safe side.
  const scrubbed = (t: string, pattern: 'all' | 'word', by: string) => {
    if (!holds(t)) return t;
    const out = t.replace(patterns()[pattern], by);
    let layer = out;
    for (let step = 0; step < LAYERS * DECODERS.length && /[%&\\]/.test(layer); step++) {
      const next = DECODERS[step % DECODERS.length]!(layer);
      if (next === layer) continue;
      layer = next;
      if (holds(layer) && layer.search(patterns().all) !== -1) return REDACTED;
    }
    return out;
  };
  const text = (t: string) => scrubbed(t, 'all', REDACTED);
  // A key that is a plain identifier (`user`, `strong_password`, `login_at`) is a field name, not an
  // echo, even when a (weak) password spells it: only other keys are searched.
  const keyText = (k: string) => (IDENTIFIER.test(k) ? k : scrubbed(k, 'word', `$1${REDACTED}`));
  const deep = (value: unknown, depth: number, keep?: (key: string) => boolean, data?: boolean): unknown => {
    if (typeof value === 'string') return text(value);
    if (typeof value === 'number') return !data && numbers.has(String(value)) ? REDACTED : value;
    if (typeof value !== 'object' || value === null) return value;
    if (depth >= MAX_DEPTH) return REDACTED;
    if (Array.isArray(value)) {
      let out: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const next = deep(value[i], depth + 1, keep, data);
        if (next === value[i]) continue;
        out ??= value.slice();
        out[i] = next;
      }
      return out ?? value;
    }
    const entries = Object.entries(value);
    let changed = false;
    const next = entries.map(([key, v]) => {
      const k = keyText(key);
      const w = keep?.(key) ? v : deep(v, depth + 1, keep, data);
      if (k !== key || w !== v) changed = true;
      return [k, w] as const;
    });
    if (!changed) return value;
    const out: Record<string, unknown> = Object.create(
      Object.getPrototypeOf(value) === null ? null : Object.prototype,
    );
    // defineProperty, not assignment: a JSON-parsed own `__proto__` key must stay a plain key.
    for (const [k, w] of next)
      Object.defineProperty(out, k, { value: w, enumerable: true, writable: true, configurable: true });
    return out;
  };
  const mayHold = (raw: string, keep?: (key: string) => boolean) => {
    if (ESCAPED_ALNUM.test(raw)) return true;
    const lower = raw.toLowerCase();
    // No expression is built here: a secret whose anchor is absent cannot be there, and one whose
    // every anchor is inside the secret itself, as is, as a whole string value under a kept key
    // (a token answered under its own key) leaves `deep` nothing to change.
    return !list.every((secret, i) => {
      const anchor = anchors[i]!;
      if (!lower.includes(anchor)) return true;
      const offset = secret.toLowerCase().indexOf(anchor);
      if (!keep || !anchor || offset === -1) return false;
      for (let at = lower.indexOf(anchor); at !== -1; at = lower.indexOf(anchor, at + 1))
        if (!keptValue(raw, at - offset, secret, keep)) return false;
      return true;
    });
  };
  return {
    text,
    mayHold,
    deep: <T>(value: T, keep?: (key: string) => boolean, data?: boolean) => deep(value, 0, keep, data) as T,
  };
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
