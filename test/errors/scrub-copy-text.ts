// What the scrubber of 1959efa6 (sixty-second pass) reads of a text, copied as it was: the oracle of the size passes' equivalence properties (szerr-, speed27b-scrub-same).
// What a scrubber reads of a text before any secret's expression (src/errors/scrub.ts): whether it
// holds an escape, a run as long as a byte form, a character beyond ASCII, a doubled quote, and
// its lower-cased probe, shared by a chain's scrubbers.

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
export const ESCAPED_VARIANT = /\\[+/ ]|%(?:25)*(?:u00)?2[0bf]/i;

/**
 * Whether `t` holds a `%`, `&` or `\\`, which every escape starts with: three `includes` (a
 * character search), ~20x faster than a one-class RegExp's scan of a 2.6 kB answer (0.1 vs 2 µs).
 */
export const escapes = (t: string) => [...'%&\\'].some((c) => t.includes(c));

/** A character of a token's (base64, base64url, a JWT's): what a cut echo's word is made of. */
export const RUN = /[\w.+/=-]/;

/** A doubled quote (SQL's, CSV's), which a layer of `DECODERS` reads as one. */
export const DOUBLED = /''|""/;

/** A character beyond ASCII. */
export const NON_ASCII = /[^\0-\x7f]/;

/**
 * Whether `t` holds `n` characters in a row none of which is a space, a control character, `!`
 * or `"` (a JSON string's bounds): every byte form (`bytesOf`) as a text may write it (`%2F`,
 * `\\/`, `&#43;`, `＋`) is such a run. Read from the end of each stretch of `n` back, the next
 * stretch starting after the first character out of a run: a run of `n` is read whole, anything
 * else up to such a character, so a 2 kB answer takes a few hundred reads for a token's (`n` >
 * 50), not a scan of it (~0.3 µs). With `memo` (a chain's probe: its held tokens' scrubbers ask
 * the same `n`), the answer is kept under `-n` (a key that is no index of the probe).
 */
export type Runs = Record<number, boolean> | undefined;
export const hasRun = (t: string, n: number, memo: Runs) => {
  let s = 0;
  let j = n - 1;
  while (j < t.length && j >= s)
    if (t.charCodeAt(j) > 34) j--;
    else {
      s = j + 1;
      j += n;
    }
  if (memo) memo[-n] = j < s;
  return j < s;
};

/**
 * What a scrubber's `holds` reads of a text whatever its secrets: the text lower-cased, and
 * whether it has an escape that may break an anchor (`ESCAPED_ALNUM`); `hasRun` keeps its
 * answers on it.
 */
export type Probe = readonly [lower: string, escaped: boolean];
export const probeOf = (t: string): Probe => [t.toLowerCase(), escapes(t) && ESCAPED_ALNUM.test(t)];
