// The scrubber of 1959efa6 (sixty-second pass), copied as it was (imports aside): the oracle of the size passes' equivalence properties (szerr-, speed27b-scrub-same).

import { rebuilt } from '../../src/errors/rebuilt';
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
} from './scrub-copy-forms';
import {
  DOUBLED,
  ESCAPED_VARIANT,
  escapes,
  hasRun,
  NON_ASCII,
  type Probe,
  probeOf,
  RUN,
  type Runs,
} from './scrub-copy-text';

export type { Probe };
export { rebuilt };

// The scrubber.

/**
 * `source` (an alternation of secrets' forms) where it stands as a token of its own in a 2xx text,
 * the text before it captured as `$1` (no lookbehind): a letter (ASCII or Latin, `à`, `Ç`), digit
 * or `_` on neither side, nor a `-`, `.` or `/` joining it to one (`2024-482913`, `482913.50`,
 * `v-482913-z`, `user.hunt3r!`), nor a `,` or `:` joining it to a digit (`1,482913`, `12:482913`).
 * So `Código 482913 enviado`, `"hunt3r!"` and `code: 482913.` hold one; `1482913`, `a482913` and
 * `ref_482913` do not: an id, an amount or a date is never rewritten by a code that is part of it.
 */
// A redaction (`\[redacted\]`) and what may join a word to it (`[_.,:/-]*`: `_`, `-`, `.`, `/`,
// `,`, `:`): a secret's echo is not data, so a short secret it touched (`<token>_482913`,
// `482913-<token>`) stands on its own once the echo is redacted (REVIEW-G G2). `$1` keeps it
// (before), a lookahead leaves it (after). (Literals: two constants cost their declarations.)
const token = (source: string, w = '\\w\\xc0-\\u024f') =>
  `(\\[redacted\\][_.,:/-]*|^|[^${w}.,:/-]|(?:^|[^${w}])[./-]|(?:^|\\D)[,:])(?:${source})(?:(?=[_.,:/-]*\\[redacted\\])|(?![${w}]|[./-][${w}]|[,:]\\d))`;

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
   * `probeOf(raw)`, given by a caller that has it (`chainScrubbers`: one for them all; it keeps
   * what `hasRun` found, by length, for the next scrubber).
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
   * passwords, tokens) anywhere, its UTF-8 bytes in hex, base64 or base64url too (REVIEW-AE
   * AE-4: a token's base64 in a report's `download_url`), and any other of 2 characters or more (a short or all-digit
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
 * A scrubber for these secret values (empty strings are ignored). Matching ignores case, and each
 * character may take any form of `ENCODERS` (above): HTML entities (named,
 * decimal, hex, the last two with or without `;`), percent and form encoding, backslash escapes,
 * `\x` escapes of UTF-8 bytes, JSON `\u`, ES6 `\u{...}`, Python `\U`, CSS `\e9 ` and
 * JavaScript `escape()` escapes; the secret may be in any Unicode normal form or read as mojibake
 * (`DECODERS`), and its UTF-8 (and Latin-1) bytes in hex, base64 or base64url (`bytesOf`; in a 2xx value an unambiguous secret's only). A token-like
 * secret (`TOKEN_LIKE`: an access token, never a password with a space) is also found unpadded,
 * in base64url or back in base64 (a JWT) and form-decoded (`+` as a space): `alike`. The expressions are
 * built once per scrubber, and only when a text may hold a secret.
 *
 * @example
 * createScrubber(['hunter2']).text('wrong password hunter2'); // 'wrong password [redacted]'
 */
export function createScrubber(secrets: Iterable<string>, parts?: boolean): Scrubber {
  const unique = [...new Set(secrets)].filter(Boolean);
  if (!unique[0]) return NO_SCRUB;
  // Each secret, its NFC form (an echo that composes what was sent decomposed: also the shortest
  // an echo can be) and its NFKC form (what the Unicode decoder of `DECODERS` makes of any normal
  // form of it), and its lower and upper case (FIXSEC28 F1: the `i` flag, without `u`, folds one
  // character to one, never `ß` to `SS`, `İ` to `i̇`, `ẞ` to `ß` or an astral letter), with the
  // secret each stands for. (An ASCII text is its own NFC and NFKC form, and its cases are the
  // flag's: not asked, ~0.15 µs a token's scrubber hot.)
  const origin = new Map(unique.map((s) => [s, s]));
  for (const s of unique)
    if (NON_ASCII.test(s))
      for (const form of [s.normalize('NFC'), s.normalize('NFKC'), s.toLowerCase(), s.toUpperCase()])
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
  // text shorter than the shortest form (in code points) holds none (see `holds`). No byte form
  // (`bytes`, below) is shorter: each is 6 characters or more and (4n - 5) / 3 at least for a
  // text of n bytes, itself of n code points at most.
  const shortest = [...plain(list.at(-1)!)].length;
  // The forms of the secrets' bytes (`bytesOf`), each under the text it encodes in `origin` (a
  // form is judged by its secret: `long`), built when a text first has a run as long as one
  // (`hasRun`), in what errors carry and in a 2xx answer alike (REVIEW-AE AE-4). One list for
  // both: a 2xx text reads a 2FA code's forms too (`mayHold` may say yes for its hex, the walk then
  // leaves it: `dataPatterns`). Not built, and not searched, for a text without such a run: a held
  // token's (`n` > 50) for a login answer or a profile, whose anchors would cost every answer a
  // search per form (25438ed4: +32 % CPU a sign-in). A password's (`n` ~ 9) are built for the
  // one answer its call reads (a login answer has such runs): ~1 µs a sign-in.
  // `forms(run, errors)`: the anchors to look for (`needles`, or with the byte forms' once built;
  // the UTF-16LE ones' in what errors carry only: searched in every 2xx text, they cost a sign-in
  // 5-6 % CPU, review 106); `of`: every form, the byte forms among them once built.
  const bytes = new Set<string>();
  let of = list;
  let withBytes: string[] | undefined;
  let withWide: string[] | undefined;
  const forms = (run?: boolean, errors?: boolean) => {
    if (run && !withBytes) {
      const wide = new Set<string>();
      for (const s of [...unique, ...[...variants.values()].flatMap(spellingsOf)])
        for (const w of [0, 1])
          for (const form of bytesOf(s, !!w))
            if (!origin.has(form)) {
              bytes.add(form);
              origin.set(form, s);
              w && wide.add(form);
            }
      of = [...list, ...bytes].sort(byLength);
      const anchorsOf = (w: boolean) => [...bytes].filter((f) => wide.has(f) === w).map(anchorOf);
      withBytes = [...new Set([...needles, ...anchorsOf(false)])];
      withWide = [...new Set([...withBytes, ...anchorsOf(true)])];
    }
    return run ? (errors ? withWide : withBytes)! : needles;
  };
  // No byte form is shorter than (4n - 5) / 3 characters for a secret of n UTF-8 bytes (base64 at
  // offset 1 mod 3), nor than 6, and n is at least the secret's length (less 2 for a token's
  // spellings, unpadded): a text without a run that long (`hasRun`) is not looked at for them.
  const bytesMin = Math.max(6, (4 * Math.min(...unique.map((s) => s.length - 2)) - 5) / 3);
  // The adapter's (`parts`) are made while the request is on its way: those of a secret of 16
  // characters or fewer (a password, a 2FA code: runs that long are in nearly every answer, a
  // date, a token) build their byte forms then, not after the answer (~55 µs cold on a login's).
  // Only what `holds` searches for once a run is found: what each text holds is unchanged.
  parts && forms(bytesMin < 18);
  // A numeric secret (a 2FA code) may come back in an error body as a JSON number, its leading
  // zeros gone (beyond 2^53, as the number JSON.parse reads).
  const numbers = new Set(unique.filter((s) => /^\d+$/.test(s)).map((s) => String(+s)));
  // The expressions, built only when a text may hold a secret (one of its pieces: `holds`, then
  // `piecePattern`), each only when needed (an error body never builds a 2xx answer's); `(?!)`: none.
  // A byte form is matched as it is, in any letter case (not in every form of `ENCODERS`), then
  // any last character (base64's, which the bytes after it change; never a hex form's) and
  // padding; its `+` and `/` are base64url's `-` and `_` too, and PHP's JSON writes `\/`.
  const bytesPattern = (form: string) =>
    form.replace(/[+/]/g, '\\\\?[-+/_]') + (/^([\da-f]{2})+$/.test(form) ? '' : '[\\w+/-]?=*');
  const sources: Record<string, string> = Object.create(null);
  const sourceOf = (s: string) =>
    (sources[s] ??= bytes.has(s) ? bytesPattern(s) : echoPattern(plain(s), variants.has(s)));
  const join = (test: (s: string) => unknown, of = list) => of.filter(test).map(sourceOf).join('|') || '(?!)';
  let all: RegExp | undefined;
  const allPattern = () => (all ??= new RegExp(join(Boolean, forms(true) && of), 'gi'));
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
  // By index: 0 a whole value, then what rewrites a value in `scrubbed`'s mode 1, 2 and 3 (a 2xx
  // value, a plain-identifier key, another key), 4 the short ones alone, 5 the unambiguous ones'
  // byte forms (AE-4), after 1, 2 or 3: a byte form's last character, matched as any, never takes
  // the first of a secret glued after it (`<base64 of it><it>`). A short one's byte forms
  // rewrite nothing but a whole value (`NDgyOTEz` may be any data's). (0 and 5 read the byte
  // forms, built by then: `piecePattern` comes first.)
  type Five = [RegExp, RegExp, RegExp, RegExp, RegExp, RegExp];
  let data: Five | undefined;
  // (`longs`, `shorts`: each alternation joined once, for the expressions that share it.)
  const dataPatterns = () =>
    (data ??= ((longs: string, shorts: string): Five => [
      // A whole value: the secret (in any of its forms), nothing else but whitespace around it.
      new RegExp(`^\\s*(?:${join((s) => !bytes.has(s) || long(s), of)})\\s*$`, 'i'),
      new RegExp(`${longs}|${shorts}`, 'gi'),
      new RegExp(
        `(^|[^A-Za-z_])(?:${join((s) => long(s) && isWord(s))})(?![A-Za-z_])|${join((s) => long(s) && !isWord(s))}`,
        'gi',
      ),
      new RegExp(longs, 'gi'),
      // The short ones alone (no match spans a redaction: it is 10 characters, letters inside).
      new RegExp(shorts, 'gi'),
      new RegExp(
        join((s) => bytes.has(s) && long(s), of),
        'gi',
      ),
    ])(join(long), token(join((s) => !long(s) && s[1]))));
  // `ESCAPED_ALNUM` scans the whole text; a text without `%`, `&` or `\\` (most answers) skips it.
  // A text shorter than the shortest form (`shortest`) holds none: most values of an answer, which
  // then never build the expressions (a 1 kB token's took 0.5 s on a link with a query). An error
  // text is measured in its NFKC form, which may be longer than as written.
  const holds = (t: string, errors?: boolean, probe?: Probe) => {
    // What errors carry is read in its NFKC form when beyond ASCII (a scan cheaper than the form): a fullwidth echo
    // (`ｈｕｎｔｅｒ２`) has no anchor as written; the `DECODERS` peel it then (REVIEW-J LOW-3). Its
    // runs and its length too: NFKC lengthens one (`㉛` is `31`: a hex echo; `⑫㉞56` is `123456`).
    const u = errors && NON_ASCII.test(t) ? t.normalize('NFKC') : t;
    if (u.length < shortest) return false;
    const look = forms((probe as Runs)?.[-bytesMin] ?? hasRun(u, bytesMin, probe as Runs), errors);
    const [lower, escaped] = probe ?? probeOf(u);
    return (
      look.some((a) => lower.includes(a)) ||
      escaped ||
      // Or a `canon` anchor in the `canonical` reading of the text (read once per anchor: one per
      // token-like secret of short runs, so one for such a scrubber, none for most).
      (canon.length > 0 &&
        ((escapes(t) && ESCAPED_VARIANT.test(t)) || canon.some((a) => canonical(lower).includes(a))))
    );
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
          if (!holds(key) && '{,'.includes(head.at(-key.length - 4)!) && head.endsWith(`"${key}":`))
            return head.slice(0, -key.length - 3) + part;
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
  // (One for both kinds of text.)
  // A token-like secret's variant form has its piece (the last 8 characters of the token without
  // its padding, each as any `alike` one), and a padded token's own form its own.
  let pieces: RegExp | undefined;
  const piecePattern = () =>
    (pieces ??= new RegExp(
      (forms(true) && of)
        .map((s) =>
          bytes.has(s)
            ? bytesPattern(s.slice(-8))
            : echoPattern([...plain(s)].slice(-8).join(''), variants.has(s)),
        )
        .join('|'),
      'i',
    ));
  // `t` with the secrets' spans replaced: every secret in an error body (mode 0); in a 2xx answer
  // the whole value when it is a secret, else the unambiguous secrets' spans and the others'
  // tokens (1), their whole words in a plain-identifier key (2), their spans in another key (3),
  // then the unambiguous ones' byte forms (`rewrite`; a layer holds a secret when it rewrites
  // it: mode 2, a plain identifier, has no layer).
  // The whole of `t` is redacted when a secret is found only
  // once encodings applied one after another are peeled off (htmlspecialchars, then urlencode):
  // no span maps back, and hiding more is the safe side.
  // An expression the engine cannot build or run (a secret of many kilobytes: V8 throws
  // "Invalid regular expression: Stack overflow") hides the whole text: fail closed, never throw.
  const scrubbed = (t: string, mode: 0 | 1 | 2 | 3): string => {
    try {
      if (!holds(t, !mode)) return t;
      let out = t;
      let p: ReturnType<typeof dataPatterns> | undefined;
      const by = mode % 3 ? `$1${REDACTED}` : REDACTED;
      const rewrite = (u: string) =>
        p ? u.replace(p[mode], by).replace(p[5], REDACTED) : u.replace(allPattern(), by);
      // `holds` said yes: whether a piece of a secret is in `t` (below, in each layer: both).
      if (piecePattern().test(t)) {
        p = mode ? dataPatterns() : undefined;
        if (p?.[0].test(t)) return REDACTED;
        out = rewrite(t);
      }
      // Twelve decoding steps beyond the one layer `echoPattern` matches (three rounds of the four
      // `DECODERS`), while an escape or a character beyond ASCII is left: of what is left, and of `t`
      // (`own`, for the secrets' own forms) when only a byte form was rewritten in a 2xx value: its
      // any last character may take the first of a secret glued after it, escaped (CI 1820415887).
      // (Or a doubled quote: review 106.)
      // (Of `t` too when a secret of its own is also in it as written: one found there once peeled
      // that `t` does not show, counted, is one the byte form's last character cut: a seed of
      // ./szerr-scrub-same's property, `<base64 of it>` then `<it>` escaped twice.)
      const seen = (u: string) => u.match(p![mode])?.length ?? 0;
      for (let [layer, own] of (p && out !== t && t.search(p[5]) >= 0 ? [[out], [t, 1]] : [[out]]) as [
        string,
        1?,
      ][])
        for (
          let step = 0;
          step < 12 && (escapes(layer) || NON_ASCII.test(layer) || DOUBLED.test(layer));
          step++
        ) {
          const next = DECODERS[step % 4]!(layer);
          if (next === layer) continue;
          layer = next;
          if (holds(layer, !mode) && piecePattern().test(layer)) {
            p = mode ? dataPatterns() : undefined;
            if (own ? seen(layer) > seen(t) : p?.[0].test(layer) || rewrite(layer) !== layer) return REDACTED;
          }
        }
      // A secret's echo is not data: a short secret it touched (`<token>482913`) stands on its own
      // once the echo is redacted, so a 2xx value's short secrets are looked for again until nothing
      // changes (twice for most texts; only a text with a redaction pays). Not the long ones: one
      // found now would be made of a redaction's own letters.
      for (let last = t, n = 0; mode === 1 && p && out !== last; n++) {
        if (n > 7) return REDACTED;
        last = out;
        out = out.replace(p[4], by);
      }
      return out;
    } catch {
      return REDACTED;
    }
  };
  // With `parts` (the adapter's), in what errors carry: any run of 12 characters or more of a
  // secret is the secret (a cut echo: `<the token's first 20>…`, REVIEW-L 5). Found by the
  // secrets' 6-character pieces, a run of 12 being 7 in a row; a run of 12 or more made of pieces
  // is hidden (fail closed: one stitched of pieces too). Outside a run the text is read 7
  // characters on (a run that starts in between has a piece there): ~40 µs a scrubber on a
  // 1.6 kB error body; no 2xx work.
  let grams: Set<string> | undefined;
  const cut = (t: string) => {
    grams ??= new Set(unique.flatMap((s) => (s[11] ? [...s.slice(5)].map((_, i) => s.slice(i, i + 6)) : [])));
    const has = (i: number) => grams!.has(t.slice(i, i + 6));
    let out = '';
    let from = 0;
    // (`last`: where the last piece was not found.)
    for (let j = 0, last = -1; j <= t.length - 5; j++)
      if (!has(j)) {
        if (j - last > 7) {
          // With the rest of the word it is in (a token's characters on either side): another
          // secret sharing the run (a refreshed token and the one it replaced, a key and the
          // token) would leave its own characters beside the redaction, too few for its own
          // pieces (review 108).
          // A run that begins inside the last cut's widening joins that cut: its pieces are still
          // counted from where they begin (a widening that ate the start of the next run left the
          // rest of it, 8 characters of the secret, unseen: a seed of SPEED27B's property).
          let [a, b] = [last + 1, j + 5];
          while (a > from && RUN.test(t[a - 1]!)) a--;
          while (RUN.test(t[b] ?? '')) b++;
          if (a >= from) out += t.slice(from, a) + REDACTED;
          from = Math.max(from, b);
        }
        last = j;
        if (!has(j + 7)) last = j += 7;
      }
    return out + t.slice(from);
  };
  const once = (t: string) => (parts ? cut(scrubbed(t, 0)) : scrubbed(t, 0));
  // What errors carry is read again as it renders (REVIEW-U U-4): without its invisible characters
  // (soft hyphen, zero-width, bidi marks, word joiner, BOM), digits joined across up to 3 non-letters
  // (`123 456`, `(123) 456`: reviews 69, 71), single spaces closed up (`S e c r e t`, in a text with
  // four single characters in a row); kept when a secret was in it (more hidden, never less).
  const text = (t: string) => {
    const u = once(t);
    const d = u.replace(/(\d)[^\p{L}\p{N}]{1,3}(?=\d)/gu, '$1');
    const v = /[\xad\u200b-\u200f\u2060\ufeff]|\S\s\S\s\S\s\S/.test(d)
      ? d.replace(/[\xad\u200b-\u200f\u2060\ufeff]|(\S)\s(?=\S)/g, '$1')
      : d;
    const w = v === u ? v : once(v);
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
  // (`depth` last: the walk is the scrubber's `deep` itself, which every caller gives three at most.)
  const deep = (value: unknown, keep?: ReadonlySet<string>, data?: boolean, depth = 0): unknown =>
    typeof value === 'string'
      ? data
        ? scrubbed(value, 1)
        : text(value)
      : typeof value === 'number'
        ? !data && numbers.has(String(value))
          ? REDACTED
          : value
        : // 64 levels at most: deeper data is dropped (a hostile answer cannot exhaust the stack).
          depth > 63 && value && typeof value === 'object'
          ? REDACTED
          : rebuilt(
              value,
              (v, key) => (keep?.has(key) ? v : deep(v, keep, data, depth + 1)),
              (key) => keyText(key, data),
            );
  return { text, mayHold, deep: deep as Scrubber['deep'] };
}

// A 2xx answer is handed to the modules as is (it holds tokens the app needs), and its schema
// is checked later (parseResponse): the scrubber travels with the parsed value, so an error
// built from it knows the request's secrets too.
const attached = /* @__PURE__ */ new WeakMap<object, Scrubber>();

/** Remembers which secrets the request that fetched `value` sent (no-op for primitives). */
export function attachScrubber(value: unknown, scrubber: Scrubber): void {
  // (NO_SCRUB too: `scrubberOf` answers it for a value with none.)
  if (typeof value === 'object' && value !== null) attached.set(value, scrubber);
}

/** The scrubber of the request that fetched `value`, or one that changes nothing. */
export function scrubberOf(value: unknown): Scrubber {
  return (typeof value === 'object' && value !== null && attached.get(value)) || NO_SCRUB;
}
