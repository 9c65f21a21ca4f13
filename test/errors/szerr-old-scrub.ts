// The scrubber of cc4abd6, copied as it was (imports aside): the oracle of szerr-scrub-same.property.test.ts.
import { REDACTED, SECRET_KEY_SET } from '../../src/secrets/secret';
import {
  anchorOf,
  bytesOf,
  canonical,
  DECODERS,
  echoPattern,
  spellingsOf,
  TOKEN_LIKE,
  variantAnchorOf,
} from './szerr-old-scrub-forms';

// The scrubber.

/**
 * `source` (an alternation of secrets' forms) where it stands as a token of its own in a 2xx text,
 * the text before it captured as `$1` (no lookbehind): a letter (ASCII or Latin, `à`, `Ç`), digit
 * or `_` on neither side, nor a `-`, `.` or `/` joining it to one (`2024-482913`, `482913.50`,
 * `v-482913-z`, `user.hunt3r!`), nor a `,` or `:` joining it to a digit (`1,482913`, `12:482913`).
 * So `Código 482913 enviado`, `"hunt3r!"` and `code: 482913.` hold one; `1482913`, `a482913` and
 * `ref_482913` do not: an id, an amount or a date is never rewritten by a code that is part of it.
 */
const token = (source: string, w = '\\w\\xc0-\\u024f') =>
  `(${R}${J}|^|[^${w}.,:/-]|(?:^|[^${w}])[./-]|(?:^|\\D)[,:])(?:${source})(?:(?=${J}${R})|(?![${w}]|[./-][${w}]|[,:]\\d))`;

// A redaction (`R`) and what may join a word to it (`J`: `_`, `-`, `.`, `/`, `,`, `:`): a secret's
// echo is not data, so a short secret it touched (`<token>_482913`, `482913-<token>`) stands on its
// own once the echo is redacted (REVIEW-G G2). `$1` keeps it (before), a lookahead leaves it (after).
const R = '\\[redacted\\]';
const J = '[_.,:/-]*';

/**
 * Removes known secret values from what a server answered, before any error is built from it.
 * The adapter makes one per request from every secret it sent (see `secretValuesOf`).
 */
export interface Scrubber {
  /** `text` with every form of every secret replaced by `'[redacted]'`. */
  text(text: string): string;
  /**
   * False when the JSON text `raw` cannot hold a secret once parsed, so the parsed value needs no
   * `deep` walk: one scan for the secrets' anchors (see `anchorOf`). Builds no expression (nor
   * does `deep` for a value whose only echo is under a key it keeps: a token answered under its
   * own key). `raw` must be valid JSON (the answer was parsed). With `kept`, a member
   * `"<kept key>":"<a secret>"` (compact, the secret as `JSON.stringify` writes it) does not count: the walk, given the same keys to keep, leaves it as it is, so an
   * answer whose only copy of the token is its own `token` field needs no walk. `probe` is
   * `probeOf(raw)`, given by a caller that has it (`chainScrubbers`: one for them all).
   */
  mayHold(raw: string, kept?: ReadonlySet<string>, probe?: Probe): boolean;
  /**
   * `value` with its keys and strings scrubbed, copying only the objects and arrays on the way to
   * what changed (`value` itself when nothing did); values under a key in `keep` are left as
   * they are.
   *
   * An error body (`data` false): every echo of every secret, in values and keys alike (but a key
   * that is one of `SECRET_KEYS`, the name of the field itself), and a number equal to a numeric
   * secret without its leading zeros (a 2FA code echoed as a JSON number).
   *
   * A 2xx answer (`data` true), which a schema reads: a string or key that is, as a whole
   * (whitespace around it ignored: `" hunter2 "`), a secret (in any form of `echoPattern`, or once layers of encoding are peeled off) is replaced;
   * inside a longer string, an unambiguous secret (8 characters or more, not only digits:
   * passwords, tokens) anywhere, and any other of 2 characters or more (a short or all-digit
   * password, a 2FA code) where it stands as a token of its own (`"Código 482913 enviado"`), never
   * inside a longer word or number (`"482913.50"`, `"2024-482913"`, `"a482913"`: see `token`). A
   * key keeps the earlier rule (it is a field name): a short secret only as the whole key, an
   * unambiguous one anywhere, in a plain identifier, one of letters only as a whole word
   * (`strong_password` stays when the password is `password`). Numbers (ids, amounts) are data.
   */
  deep<T>(value: T, keep?: ReadonlySet<string>, data?: boolean): T;
}

/** A scrubber that changes nothing (no secret was sent). */
export const NO_SCRUB: Scrubber = { text: (t) => t, mayHold: () => false, deep: (v) => v };

/**
 * Scrubbers applied one after another, as one. Its `mayHold` reads the answer once for all of
 * them (`probeOf`): each lower-casing its own copy cost ~1 µs a scrubber on a 2 kB profile
 * answer, 8 µs of a sign-in's with the adapter's 8 held tokens; with the same probe each says
 * what it would alone.
 */
export const chainScrubbers = (list: Scrubber[]): Scrubber => ({
  text: (t) => list.reduce((u, s) => s.text(u), t),
  mayHold: (raw, kept, probe = probeOf(raw)) => list.some((s) => s.mayHold(raw, kept, probe)),
  deep: (value, keep, data) => list.reduce((v, s) => s.deep(v, keep, data), value),
});

/**
 * Text that may spell a character of an anchor (`anchorOf`) as an escape, or put one before it:
 * a backslash before a letter, digit, `_`, `.` or `-` (`\u0061`, `\p\a\s\s`, `abc\.def`), an
 * entity (`&#97;`, `&amp;#97;`, a named one: `&period;`), a percent escape (`%61`, `%2561`). Any of
 * these breaks the anchor, so anchors cannot rule the text out; without one of them and without
 * an anchor, no layer of decoding (`DECODERS`) can bring a secret out either.
 */
const ESCAPED_ALNUM = /\\[\w.-]|&[#a-z]|%(?:25)*(?:u00)?(?:[3-7]|2[de])/i;

/**
 * What else may break a `canonical` anchor (`variantAnchorOf`), beyond `ESCAPED_ALNUM`: a `+`,
 * `/` or space behind a backslash or percent-encoded (`\\/`, `%2B`, `%2F`, `%20`).
 */
const ESCAPED_VARIANT = /\\[+/ ]|%(?:25)*(?:u00)?2[0bf]/i;

/**
 * Whether `t` holds a `%`, `&` or `\\`, which every escape starts with: three `includes` (a
 * character search), ~20x faster than a one-class RegExp's scan of a 2.6 kB answer (0.1 vs 2 µs).
 */
const escapes = (t: string) => [...'%&\\'].some((c) => t.includes(c));

/** A character beyond ASCII. */
const NON_ASCII = /[^\0-\x7f]/;

/**
 * What a scrubber's `holds` reads of a text whatever its secrets: the text lower-cased, and
 * whether it has an escape that may break an anchor (`ESCAPED_ALNUM`).
 */
export type Probe = readonly [lower: string, escaped: boolean];
const probeOf = (t: string): Probe => [t.toLowerCase(), escapes(t) && ESCAPED_ALNUM.test(t)];

/**
 * A scrubber for these secret values (empty strings are ignored). Matching ignores case, and each
 * character may take any form of `ENCODERS` (above): HTML entities (named,
 * decimal, hex, the last two with or without `;`), percent and form encoding, backslash escapes,
 * `\x` escapes of UTF-8 bytes, JSON `\u`, ES6 `\u{...}`, Python `\U`, CSS `\e9 ` and
 * JavaScript `escape()` escapes; the secret may be in any Unicode normal form or read as mojibake
 * (`DECODERS`), and in what errors carry, its UTF-8 bytes in hex, base64 or base64url (`bytesOf`). A token-like
 * secret (`TOKEN_LIKE`: an access token, never a password with a space) is also found unpadded,
 * in base64url or back in base64 (a JWT) and form-decoded (`+` as a space): `alike`. The expressions are
 * built once per scrubber, and only when a text may hold a secret.
 *
 * @example
 * createScrubber(['hunter2']).text('wrong password hunter2'); // 'wrong password [redacted]'
 */
export function createScrubber(secrets: Iterable<string>): Scrubber {
  const unique = [...new Set(secrets)].filter(Boolean);
  if (!unique[0]) return NO_SCRUB;
  // Each secret, its NFC form (an echo that composes what was sent decomposed: also the shortest
  // an echo can be) and its NFKC form (what the Unicode decoder of `DECODERS` makes of any normal
  // form of it), with the secret each stands for.
  // (An ASCII text is its own NFC and NFKC form: not asked, ~0.15 µs a token's scrubber hot.)
  const origin = new Map(unique.map((s) => [s, s]));
  for (const s of unique)
    if (NON_ASCII.test(s))
      for (const form of [s.normalize('NFC'), s.normalize('NFKC')])
        if (!origin.has(form)) origin.set(form, s);
  // And a token-like secret's variant form (`TOKEN_LIKE`): the token without its padding, each
  // `+` `/` `-` `_` matched as itself or what stands for it (`alike`), in any form, a JWT's parts
  // padded or not, under a key of its own (`variants`: key -> the unpadded token;
  // the `:`, which no token has, keeps it apart from every secret and byte form). It matches every
  // text the token's own form matches, so an unpadded token keeps no other (one expression, not
  // two: ~2 s less to build for a 2,048-character token, and one anchor to search in every text).
  // Its anchor (`variantAnchorOf`) joins the others, or, read in `canonical` texts, goes to `canon`
  // (none for most secrets: no text is rewritten).
  const variants = new Map<string, string>();
  const canon: string[] = [];
  const anchors: string[] = [];
  for (const s of unique) {
    const token = TOKEN_LIKE.exec(s)?.[1];
    const key = `:${token}`;
    if (!token || origin.has(key)) continue;
    if (token === s) origin.delete(s);
    origin.set(key, s);
    variants.set(key, token);
    const [anchor, canonic] = variantAnchorOf(token);
    (canonic ? canon : anchors).push(anchor);
  }
  // (A form that only changes characters beyond ASCII has the secret's anchor: one search.)
  for (const form of origin.keys()) if (!variants.has(form)) anchors.push(anchorOf(form));
  const needles = [...new Set(anchors)];
  /** What a form of `list` matches: a variant's token, or the form itself. */
  const plain = (s: string) => variants.get(s) ?? s;
  // Longest first: a secret that contains another is replaced whole.
  const byLength = (a: string, b: string) => plain(b).length - plain(a).length;
  const list = [...origin.keys()].sort(byLength);
  // Every form of a character is at least one unit long and decoding only shortens a text, so a
  // text shorter than the shortest form (in code points) holds none (see `holds`).
  const shortestOf = (of: string[]) => [...plain(of[of.length - 1]!)].length;
  // The forms of the secrets' bytes (`bytesOf`), looked for in what errors carry only, built
  // when one is first scrubbed: in a 2xx answer they would cost every answer more searches (one
  // per form and secret), for an echo no success answer is known to make.
  const bytes = new Set<string>();
  const inData: [string[], string[], number] = [list, needles, shortestOf(list)];
  let inErrors: typeof inData | undefined;
  const forms = (errors?: boolean) => {
    if (!errors) return inData;
    if (!inErrors) {
      for (const s of [...unique, ...[...variants.values()].flatMap(spellingsOf)])
        for (const form of bytesOf(s)) if (!origin.has(form)) bytes.add(form);
      const of = [...list, ...bytes].sort(byLength);
      inErrors = [of, [...new Set([...needles, ...[...bytes].map(anchorOf)])], shortestOf(of)];
    }
    return inErrors;
  };
  // No byte form is shorter than (4n - 5) / 3 characters for a secret of n UTF-8 bytes (base64 at
  // offset 1 mod 3), nor than 6, and n is at least the secret's length (less 2 for a token's
  // spellings, unpadded): a shorter text (a path) is not looked at for them, and never builds them.
  const bytesMin = Math.max(6, (4 * Math.min(...unique.map((s) => s.length - 2)) - 5) / 3);
  // A numeric secret (a 2FA code) may come back in an error body as a JSON number, its leading
  // zeros gone (beyond 2^53, as the number JSON.parse reads).
  const numbers = new Set(unique.filter((s) => /^\d+$/.test(s)).map((s) => String(+s)));
  // The expressions, built only when a text may hold a secret (one of its pieces: `mayEcho`), and
  // each only when needed (an error body never builds those of a 2xx answer). An empty alternative
  // never matches (`(?!)`).
  // A byte form is matched as it is, in any letter case (not in every form of `ENCODERS`), then
  // any last character (base64's, which the bytes after it change) and padding; its `+` and `/`
  // are base64url's `-` and `_` too, and PHP's JSON writes `\/`.
  const bytesPattern = (form: string) => form.replace(/[+/]/g, '\\\\?[-+/_]');
  const sources: Record<string, string> = Object.create(null);
  const sourceOf = (s: string) =>
    (sources[s] ??= bytes.has(s)
      ? // (Brought to today's rule, forty-fourth pass: a hex form matches nothing after it.)
        bytesPattern(s) + (/^([\da-f]{2})+$/.test(s) ? '' : '[\\w+/-]?=*')
      : echoPattern(plain(s), variants.has(s)));
  const join = (test: (s: string) => unknown, of = list) => of.filter(test).map(sourceOf).join('|') || '(?!)';
  let all: RegExp | undefined;
  const allPattern = () => (all ??= new RegExp(join(Boolean, forms(true)[0]), 'gi'));
  // What may rewrite a longer value of a 2xx answer: a secret no data holds by chance (8
  // characters or more, not only digits) anywhere; any other of 2 characters or more (a short or
  // all-digit password, a 2FA code) where it stands as a token of its own (`token`). In a 2xx key
  // that is a plain identifier, one of letters only (`password`, a word field names are made of)
  // counts only where no letter or underscore touches it, so `strong_password` keeps its name. No
  // lookbehind (Safari before 16.4 throws when the RegExp is built): the text before is captured
  // and put back.
  // (A form is judged by the secret it stands for.)
  const long = (s: string) => {
    s = origin.get(s) ?? s;
    return s.length > 7 && !/^\d+$/.test(s);
  };
  const isWord = (s: string) => /^[a-z]+$/i.test(s);
  let data: Record<'whole' | 'value' | 'short' | 'long' | 'word', RegExp> | undefined;
  const dataPatterns = () =>
    (data ??= {
      // A whole value: the secret (in any of its forms), nothing else but whitespace around it.
      whole: new RegExp(`^\\s*(?:${join(Boolean)})\\s*$`, 'i'),
      value: new RegExp(`${join(long)}|${token(join((s) => !long(s) && s[1]))}`, 'gi'),
      // The short ones alone (no match spans a redaction: it is 10 characters, letters inside).
      short: new RegExp(token(join((s) => !long(s) && s[1])), 'gi'),
      long: new RegExp(join(long), 'gi'),
      word: new RegExp(
        `(^|[^A-Za-z_])(?:${join((s) => long(s) && isWord(s))})(?![A-Za-z_])|${join((s) => long(s) && !isWord(s))}`,
        'gi',
      ),
    });
  // `ESCAPED_ALNUM` scans the whole text; a text without `%`, `&` or `\\` (most answers) skips it.
  // A text shorter than the shortest form (`forms`) holds none: most values of an answer, which
  // then never build the expressions (a 1 kB token's took 0.5 s on a link with a query). (NFKC
  // may lengthen a text, never below the secret's NFC form, which is in `list`.)
  const holds = (t: string, errors?: boolean, probe?: Probe) => {
    const [, needles, shortest] = forms(errors && t.length >= bytesMin);
    if (t.length < shortest) return false;
    const [lower, escaped] = probe ?? probeOf(t);
    return (
      needles.some((a) => lower.includes(a)) ||
      escaped ||
      (canon.length > 0 && ((escapes(t) && ESCAPED_VARIANT.test(t)) || inCanonical(lower)))
    );
  };
  /** Whether the `canonical` reading of `lower` holds a `canon` anchor. */
  const inCanonical = (lower: string) => {
    const read = canonical(lower);
    return canon.some((a) => read.includes(a));
  };
  // `holds` on `raw` without its `"<kept key>":<a secret>` members. The `{` or `,` before the
  // key's opening quote makes it a key in valid JSON (inside a string, the quote after it would
  // end the string, and a bare word cannot follow a string), and the value is then exactly that
  // string: the walk keeps the member as it is. A kept key an anchor could match stays (the walk
  // may rewrite the key itself). Removing a member cannot make another one appear (a value is
  // followed by `,`, `}` or white space, never by a quote), nor make `holds` true (no anchor or
  // escape spans the cut), so a text `holds` says no to needs nothing more (most answers).
  // One search per secret (ten `replaceAll`s, one per kept key and `{`/`,`, took 4.6 µs on the
  // profile answer): at each copy of the secret, the member it ends goes if its key is kept.
  const mayHold = (raw: string, kept: Iterable<string> = [], probe?: Probe): boolean => {
    if (!holds(raw, false, probe)) return false;
    for (const s of unique) {
      const value = JSON.stringify(s);
      raw = raw.split(value).reduce((head, part) => {
        for (const key of kept)
          if (!holds(key))
            for (const c of '{,')
              if (head.endsWith(`${c}"${key}":`)) return head.slice(0, -key.length - 3) + part;
        return head + value + part;
      });
    }
    return holds(raw);
  };
  // A piece of each secret (its last 8 characters), in the same forms: a text, or a layer of it,
  // in which none is found holds no secret (each is found in every echo of its secret), so the
  // secrets' own expressions, whose cost grows with their length (a 1 kB token's took 98 ms to
  // build on a 2 kB error body with escapes), are built only for a text with one, not for every
  // long text with an escape.
  // (One for both kinds of text: a 2xx one that holds an anchor and a piece of a byte form only
  // builds the 2xx expressions, which have none.)
  // A token-like secret's variant form has its piece (the last 8 characters of the token without
  // its padding, each as any `alike` one), and a padded token's own form its own.
  let pieces: RegExp | undefined;
  const piecePattern = () =>
    (pieces ??= new RegExp(
      forms(true)[0]
        .map((s) =>
          bytes.has(s)
            ? bytesPattern(s.slice(-8))
            : echoPattern([...plain(s)].slice(-8).join(''), variants.has(s)),
        )
        .join('|'),
      'i',
    ));
  const mayEcho = (t: string, errors?: boolean) => holds(t, errors) && piecePattern().test(t);
  // `t` with the secrets' spans replaced: every secret in an error body (mode 0); in a 2xx answer
  // the whole value when it is a secret, else the unambiguous secrets' spans and the others'
  // tokens (1), their whole words in a plain-identifier key (2), their spans in another key (3).
  // The whole of `t` is redacted when a secret is found only
  // once encodings applied one after another are peeled off (htmlspecialchars, then urlencode):
  // no span maps back, and hiding more is the safe side.
  const scrubbedOf = (t: string, mode: 0 | 1 | 2 | 3): string => {
    if (!holds(t, !mode)) return t;
    let out = t;
    let p: ReturnType<typeof dataPatterns> | undefined;
    const by = mode % 3 ? `$1${REDACTED}` : REDACTED;
    if (mayEcho(t, !mode)) {
      p = mode ? dataPatterns() : undefined;
      if (p?.whole.test(t)) return REDACTED;
      out = t.replace(p ? [p.value, p.word, p.long][mode - 1]! : allPattern(), by);
    }
    let layer = out;
    // Twelve decoding steps beyond the one layer `echoPattern` matches: three rounds of the four
    // `DECODERS` (step % 4), while an escape or a character beyond ASCII is left.
    for (let step = 0; step < 12 && (escapes(layer) || NON_ASCII.test(layer)); step++) {
      const next = DECODERS[step % 4]!(layer);
      if (next === layer) continue;
      layer = next;
      if (mayEcho(layer, !mode)) {
        p = mode ? dataPatterns() : undefined;
        if (p?.whole.test(layer) || layer.search(p ? (mode > 1 ? p.long : p.value) : allPattern()) > -1)
          return REDACTED;
      }
    }
    // A secret's echo is not data: a short secret it touched (`<token>482913`) stands on its own
    // once the echo is redacted, so a 2xx value's short secrets are looked for again until nothing
    // changes (twice for most texts; only a text with a redaction pays). Not the long ones: one
    // found now would be made of a redaction's own letters.
    for (let last = t, n = 0; mode === 1 && p && out !== last; n++) {
      if (n > 7) return REDACTED;
      last = out;
      out = out.replace(p.short, by);
    }
    return out;
  };
  // An expression the engine cannot build or run (a secret of many kilobytes: V8 throws
  // "Invalid regular expression: Stack overflow") hides the whole text: fail closed, never throw.
  const scrubbed = (t: string, mode: 0 | 1 | 2 | 3): string => {
    try {
      return scrubbedOf(t, mode);
    } catch {
      return REDACTED;
    }
  };
  // (Brought to the rules added since, fiftieth pass, as ./speed27b-old-scrub.ts was: what errors
  // carry is read again without invisible characters, single spaces closed up (REVIEW-U U-4), and
  // digits joined across up to 3 non-letters (reviews 69, 71); kept when a secret was in it.)
  const text = (t: string) => {
    const u = scrubbed(t, 0);
    const d = u.replace(/(\d)[^\p{L}\p{N}]{1,3}(?=\d)/gu, '$1');
    const v = /[\xad\u200b-\u200f\u2060\ufeff]|\S\s\S\s\S\s\S/.test(d)
      ? d.replace(/[\xad\u200b-\u200f\u2060\ufeff]|(\S)\s(?=\S)/g, '$1')
      : d;
    const w = v === u ? v : scrubbed(v, 0);
    return w === v ? u : w;
  };
  // An error body's key is scrubbed like its values (a password echoed as a field name must not
  // reach `fieldErrors`), but for the secret fields' own names (`password`), which say nothing of
  // the value. A 2xx key that is a plain identifier (`strong_password`) is a field name: only a
  // whole secret or a whole word of an unambiguous one is replaced. (`holds` first: what both
  // modes of a 2xx key ask first, before a pattern tells them apart; most keys hold nothing.)
  const keyText = (k: string, data?: boolean) =>
    data
      ? holds(k)
        ? scrubbed(k, /^[A-Za-z_]\w*$/.test(k) ? 2 : 3)
        : k
      : SECRET_KEY_SET.has(k)
        ? k
        : text(k);
  const deep = (value: unknown, depth: number, keep?: ReadonlySet<string>, data?: boolean): unknown => {
    if (typeof value === 'string') return data ? scrubbed(value, 1) : text(value);
    if (typeof value === 'number') return !data && numbers.has(String(value)) ? REDACTED : value;
    if (typeof value !== 'object' || value === null) return value;
    // 64 levels at most: deeper data is dropped (a hostile answer cannot exhaust the stack).
    if (depth > 63) return REDACTED;
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
    // Its keys, each value read by key (`Object.entries` made a pair per member first: the walk
    // of a login answer took 4.6 us, 1.4 us so).
    let changed = false;
    const next = Object.keys(value).map((key) => {
      const v = (value as Record<string, unknown>)[key];
      const k = keyText(key, data);
      const w = keep?.has(key) ? v : deep(v, depth + 1, keep, data);
      if (k !== key || w !== v) changed = true;
      return [k, w] as const;
    });
    if (!changed) return value;
    // fromEntries defines own keys (never assigns): a JSON-parsed own `__proto__` key stays a plain key.
    const out = Object.fromEntries(next);
    return Object.getPrototypeOf(value) === null ? Object.setPrototypeOf(out, null) : out;
  };
  return {
    text,
    mayHold,
    deep: <T>(value: T, keep?: ReadonlySet<string>, data?: boolean) => deep(value, 0, keep, data) as T,
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
