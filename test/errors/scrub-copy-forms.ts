// The scrubber's forms of 1959efa6 (sixty-second pass), copied as they were: the oracle of the size passes' equivalence properties (szerr-, speed27b-scrub-same).
// The forms a secret takes once echoed, and the readers that undo them (the scrubber's parts;
// src/errors/scrub.ts builds the expressions from them).
// The forms a secret takes once a back end echoes it (PHP, Python, JS), as ONE list of encoders
// applied character by character, so every combination of them is matched too (a message that is
// htmlspecialchars'd, then put in JSON with \u escapes, then urlencoded...).

// A character as itself: any other than a letter, digit or `_` behind a backslash (an identity
// escape: the expressions have no `u` flag), the first code unit of an astral one.
const escapeRegExp = (c: string) => c.replace(/\W/, '\\$&');
const hex = (n: number, width = 0) => n.toString(16).padStart(width, '0');

const utf8 = /* @__PURE__ */ (() => new TextEncoder())();

/**
 * The encoders: each gives the regex source of one way a back end writes character `c`
 * (code point `cp`), or nothing when it leaves `c` as it is. Percent forms allow `%25` repeats
 * (encoded twice); backslash escapes (addslashes, var_export's \', JSON's \" and \/, a JSON string
 * inside JSON) come from the `\\{0,8}` every character may carry.
 */
const ENCODERS: readonly ((c: string, cp: number) => string | undefined)[] = [
  escapeRegExp,
  // Decimal and hex entities, with or without leading zeros or the `;` (&#39; &#039; &#x27; &#X0027;
  // &#39): before a digit, `&#1041` is then both `&#104` `1` and `&#1041` (fail closed).
  (_, cp) => `&#(?:0*${cp}|x0*${hex(cp)});?`,
  // Any named entity (&apos; &sol; &eacute; &ccedil; &atilde; ... of htmlentities, HTML 4 or 5)
  // may stand for a character that is not a letter or digit: no name table is shipped, and a text
  // that has another entity in that place is redacted too (fail closed: more is hidden, never less).
  (c) => (/[a-z0-9]/i.test(c) ? '' : '&[a-z][a-z0-9]{1,31};'),
  // urlencode / rawurlencode / form encoding: the UTF-8 bytes (encoded once or more), space as +;
  // those of a character beyond ASCII also as `\x` escapes (PHP's, C's; each with backslashes of
  // its own: JSON in JSON). No two forms match the same text (an ASCII `\x68` is the code point
  // form below): each such pair doubles the ways a near miss is retried, per character.
  (c, cp) =>
    [...utf8.encode(c)].map((b) => `(?:%(?:25)*${cp > 127 ? '|\\\\x' : ''})${hex(b, 2)}`).join('\\\\{0,8}'),
  (c) => (c === ' ' ? '\\+' : ''),
  // Code point escapes: JSON's \u0068 (PHP's json_encode, Python's ensure_ascii), ES6 \u{68},
  // Python's \U00000068 and \xe9, Perl's \x{e9}, CSS's \e9 and \0000e9 (a white space may end
  // it), JavaScript's escape() (%u20ac, and %e9 below U+0100); and for an astral character the
  // surrogate pair of JSON or escape() (the second half with backslashes of its own: JSON in
  // JSON). (`\n`, `\t`… of a control character: the backslash decoder of `DECODERS` peels them.)
  (c, cp) =>
    `\\\\(?:[ux]\\{?0*${hex(cp)}\\}?|0*${hex(cp)}\\s?)|%(?:25)*u${cp >> 7 === 1 ? '?' : ''}0*${hex(cp)}${c[1] ? `|(?:\\\\|%)u${hex(c.charCodeAt(0))}\\\\{0,8}(?:\\\\|%)u${hex(c.charCodeAt(1))}` : ''}`,
];

/**
 * The regex source (to be used with the `i` flag) matching `secret` in any mix of the forms of
 * `ENCODERS`, character by character.
 *
 * @example
 * new RegExp(echoPattern("a'b"), 'i').test('a&#039;b'); // true
 */
export function echoPattern(secret: string, variant?: boolean): string {
  // No two encoders give the same form (each such pair doubles the ways a near miss is retried);
  // a variant's character is any of its stand-ins (`alike`) in any of their forms, and a dot may
  // follow a JWT part's padding (`=`, in any form: each part re-encoded as padded base64).
  return [...secret]
    .map(
      (c) =>
        `${variant && c === '.' ? `(?:${echoPattern('=')}){0,2}` : ''}\\\\{0,8}(?:${[
          ...new Set(
            [...(variant ? alike(c) : c)].flatMap((d) =>
              ENCODERS.map((encode) => encode(d, d.codePointAt(0)!)),
            ),
          ),
        ]
          .filter(Boolean)
          .join('|')})`,
    )
    .join('');
}

/**
 * A token-like secret (an access or refresh token): 16 characters or more of the base64,
 * base64url and JWT alphabets (letters, digits, `+` `/` `-` `_` `.`), then at most two `=` of
 * padding, nothing else (no space: never a password like `2024 01 15`), with a character some
 * other form of the same token writes otherwise (`+` `/` `-` `_` `=`). `$1` is the token without
 * its padding.
 */
export const TOKEN_LIKE = /^(?=.*[-+/_=]|.*\..*\.)([\w+/.-]{16,})={0,2}$/;

/**
 * The characters that stand for `c` in another form of the same token: base64url's `-` and `_`
 * for base64's `+` and `/` (RFC 4648, 5; and back: a JWT re-encoded), form decoding's space for
 * `+` (a `+` read as a space). Only a token-like secret's variant forms use them (see
 * `createScrubber`).
 */
const alike = (c: string) => ('-+'.includes(c) ? '-+ ' : '/_'.includes(c) ? '/_' : c);

/** `t` with the characters that stand for one another (`alike`) as one: `+` and space as `-`, `/` as `_`. */
export const canonical = (t: string) => t.replace(/[+ ]/g, '-').replace(/\//g, '_');

/**
 * The spellings of the token-like `token` (unpadded) whose bytes a back end may echo encoded (a
 * JSON blob in base64): as it is, in base64url, in base64 (and that form-decoded, `+` as a
 * space), and in base64 with each JWT part padded.
 */
export function spellingsOf(token: string): string[] {
  const base64 = token.replace(/-/g, '+').replace(/_/g, '/');
  return [
    token,
    canonical(token),
    base64,
    base64.replace(/\+/g, ' '),
    base64.replace(/[^.]+(?=\.)/g, (part) => part + '='.repeat(-part.length & 3)),
  ];
}

/**
 * What every variant form (`alike`, unpadded) of the token-like `token` (padding removed)
 * contains, lower-cased, and whether it is read in `canonical` texts: its longest run of
 * letters, digits and `.` (which no variant changes), from its first letter rare in text on, when
 * 7 characters or more; else (`A+b/C+d/E+f/G+h`) the token read `canonical`, likewise.
 */
export function variantAnchorOf(token: string): [string, boolean] {
  const best = longest(token, /[a-z\d]+/gi);
  const canon = best.length < 7;
  return [fromRare(canon ? canonical(token) : best), canon];
}

/** The longest match of `runs` in `text` (the first of the longest), or `''`. */
const longest = (text: string, runs: RegExp) =>
  (text.match(runs) ?? []).reduce((best, run) => (run.length > best.length ? run : best), '');

/** `run` lower-cased from its first letter rare in text on (7 characters kept at least). */
const fromRare = (run: string) =>
  run.slice(Math.max(run.slice(0, -6).search(/[zqjxkwyv]/i), 0)).toLowerCase();

/**
 * What every echo of `secret` contains, lower-cased: its longest run of characters that no
 * encoder changes (letters, digits, `-`, `_`, `.`), from its first letter rare in text on (7
 * characters kept at least). Empty when there is none (then every text may hold it). V8 looks
 * for a needle's first character, then compares: one rare in text is found ~10-50x faster (20 ns
 * against 0.3-2 µs on a 3 kB answer for `qrstuv_1` against `tok_abcdefghijklmnopqrstuv_1` or
 * `ecret123`).
 */
export const anchorOf = (secret: string): string => fromRare(longest(secret, /[\w.-]+/g));

/** The character of a decimal number or a `0x` one, or nothing (beyond U+10FFFF). */
const char = (code: string, cp = +code) => (cp > 0x10ffff ? '' : String.fromCodePoint(cp));

/**
 * The decoders, each undoing one layer of one kind: percent escapes (UTF-8), HTML entities
 * (`&amp;`, decimal, hex, each with or without its `;`; named ones stay, `echoPattern` matches
 * them), backslash escapes (JSON `\u`, ES6 `\u{...}`, Python's `\U0001f600`, `\x` of a code
 * point below 256, octal `\303` of a byte (PostgreSQL's bytea, C's: review 106), `\n`, `\'`, `\\`;
 * and quotes doubled, `''` and `""`):
 * every escape `ESCAPED_ALNUM` lets through is one of these (or a backslash, dropped). Eight digits after `\u00` and a 0 or 1 are read as
 * one `\U` escape (a `\u0000`..`\u001f` control character before four hex digits is not). And
 * the one normalised form of Unicode text: mojibake read back as UTF-8 (a lead byte and
 * continuation bytes read as Latin-1, "Ã©" for "é"; windows-1252 reads the same for the bytes
 * 0xa0-0xbf, those of every lowercase accent, but not for 0x80-0x9f: its table of 32 characters
 * cost 188 B gzipped), then NFKC (which composes NFD's accents and folds compatibility characters, `ﬁ` `²` `Ａ`), matched against
 * each secret's NFKC form (see `createScrubber`).
 * Applied in turn a few times, with a match tried after each, they peel encoders applied one after
 * another (htmlspecialchars, then urlencode).
 *
 * @example
 * DECODERS.reduce((t, decode) => decode(t), 'Pa%26%23039%3Bss'); // "Pa'ss"
 */
export const DECODERS: readonly ((text: string) => string)[] = [
  (t) =>
    t
      .replace(/[\xc2-\xf4][\x80-\xbf]+/g, (run) => {
        try {
          return decodeURIComponent(escape(run));
        } catch {
          return run;
        }
      })
      .normalize('NFKC'),
  (t) =>
    t.replace(/(?:%(?:u[\da-f]{4}|[\da-f]{2}))+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return unescape(run);
      }
    }),
  (t) =>
    t.replace(/&(?:#(\d+)|#x([\da-f]+)|amp);?/gi, (_, d?: string, h?: string) =>
      d || h ? char(d ?? `0x${h}`) : '&',
    ),
  (t) =>
    t
      .replace(
        /\\(u\{[\da-f]+\}|u00[01][\da-f]{5}|u[\da-f]{4}|x[\da-f]{2}|[0-3][0-7]{2}|.)/gis,
        (_, c: string) =>
          c[2] && c < ':'
            ? char(`0o${c}`)
            : c[1]
              ? char(`0x${c.replace(/^.|\W/g, '')}`)
              : ('\n\r\t\b\f'['nrtbf'.indexOf(c)] ?? c),
      )
      // And SQL's and CSV's doubled quotes (`D''Avila`, a database error quoting the literal;
      // review 106): a layer, not a form of `ENCODERS`, whose `'` or `''` at each quote made a
      // match exponential in the quotes (review 107).
      .replace(/(['"])\1/g, '$1'),
];

/**
 * The forms of `secret`'s UTF-8 bytes, and of its Latin-1 ones (ISO-8859-1, a legacy back end's)
 * when every character has one (FIXSEC28 F2), or (`wide`) of its UTF-16LE ones (.NET's
 * `Encoding.Unicode`, review 106), a back end writes when it echoes a raw body: hex, and
 * base64 as it reads at each of the three offsets (mod 3) the secret may have in a longer encoded
 * text, without the characters that depend on the bytes around it (the last one is matched as any,
 * see `createScrubber`). None shorter than 6 characters (a short secret's could be anything's);
 * none for a secret with a lone surrogate (no UTF-8 of its own).
 */
export function bytesOf(secret: string, wide?: boolean): string[] {
  const forms: string[] = [];
  try {
    // Its UTF-8 bytes, then (one more reading only beyond ASCII) its Latin-1 ones: `btoa` throws
    // for a character without one, before any form of that reading is kept (`push` runs last).
    // Wide: each code unit, low byte first.
    const utf8 = unescape(encodeURIComponent(secret));
    for (const bytes of new Set(
      wide
        ? [secret.replace(/[\s\S]/g, (c) => String.fromCharCode(c.charCodeAt(0) & 255, c.charCodeAt(0) >> 8))]
        : [utf8, secret],
    ))
      forms.push(
        [...bytes].map((c) => hex(c.charCodeAt(0), 2)).join(''),
        // (Its padding, and the character before it, which the bytes after the secret change.)
        ...[0, 1, 2].map((k) =>
          btoa('\0'.repeat(k) + bytes)
            .replace(/.=+$/, '')
            .slice(k && k + 1),
        ),
      );
  } catch {}
  return forms.filter((f) => f.length > 5);
}
