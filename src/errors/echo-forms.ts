// The forms a secret takes once a back end echoes it (PHP, Python, JS), as ONE list of encoders
// applied character by character, so every combination of them is matched too (a message that is
// htmlspecialchars'd, then put in JSON with \u escapes, then urlencoded...).

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const hex = (n: number, width = 0) => n.toString(16).padStart(width, '0');

// Any named entity (&apos; &sol; &eacute; &ccedil; &atilde; ... of htmlentities, HTML 4 or 5) may
// stand for a character that is not a letter or digit: no name table is shipped, and a text that
// has another entity in that place is redacted too (fail closed: more is hidden, never less).
const NAMED_ENTITY = '&[a-z][a-z0-9]{1,31};';

const utf8 = /* @__PURE__ */ (() => new TextEncoder())();

/**
 * The encoders: each gives the regex source of one way a back end writes character `c`
 * (code point `cp`), or nothing when it leaves `c` as it is. Percent forms allow `%25` repeats
 * (encoded twice); backslash escapes (addslashes, var_export's \', JSON's \" and \/, a JSON string
 * inside JSON) come from the `\\{0,8}` every character may carry.
 */
const ENCODERS: readonly ((c: string, cp: number) => string | undefined)[] = [
  (c) => escapeRegExp(c),
  // Decimal and hex entities, with or without leading zeros (&#39; &#039; &#x27; &#X0027;).
  (_, cp) => `&#0*${cp};`,
  (_, cp) => `&#x0*${hex(cp)};`,
  (c) => (/[a-z0-9]/i.test(c) ? undefined : NAMED_ENTITY),
  // urlencode / rawurlencode / form encoding: the UTF-8 bytes (encoded once or more), space as +.
  (c) => [...utf8.encode(c)].map((b) => `%(?:25)*${hex(b, 2)}`).join(''),
  (c) => (c === ' ' ? '\\+' : undefined),
  // JSON \u escapes (PHP's json_encode, Python's ensure_ascii), surrogate pairs for astral ones.
  // (`\n`, `\t`… of a control character: the backslash decoder of `DECODERS` peels them.)
  (c) => Array.from({ length: c.length }, (_, i) => `\\\\u${hex(c.charCodeAt(i), 4)}`).join(''),
];

/**
 * The regex source (to be used with the `i` flag) matching `secret` in any mix of the forms of
 * `ENCODERS`, character by character.
 *
 * @example
 * new RegExp(echoPattern("a'b"), 'i').test('a&#039;b'); // true
 */
export function echoPattern(secret: string): string {
  let source = '';
  for (const c of secret) {
    const cp = c.codePointAt(0) ?? 0;
    const forms = new Set<string>();
    for (const encode of ENCODERS) {
      const form = encode(c, cp);
      if (form) forms.add(form);
    }
    source += `\\\\{0,8}(?:${[...forms].join('|')})`;
  }
  return source;
}

/**
 * What every echo of `secret` contains, lower-cased: its longest run of characters that no
 * encoder changes (letters, digits, `-`, `_`, `.`). Empty when there is none (then every text may
 * hold it).
 */
export function anchorOf(secret: string): string {
  let best = '';
  for (const run of secret.match(/[a-z0-9_.-]+/gi) ?? []) if (run.length > best.length) best = run;
  return best.toLowerCase();
}

const char = (code: string, radix: number) => {
  const cp = Number.parseInt(code, radix);
  return cp > 0x10ffff ? '' : String.fromCodePoint(cp);
};

/**
 * The decoders, each undoing one layer of one kind: percent escapes (UTF-8), HTML entities
 * (`&amp;`, decimal, hex; named ones stay, `echoPattern` matches them) and backslash escapes
 * (JSON `\u`, `\n`, `\'`, `\\`). Applied in turn a few times, with a match tried after each, they peel
 * encoders applied one after another (htmlspecialchars, then urlencode).
 *
 * @example
 * DECODERS.reduce((t, decode) => decode(t), 'Pa%26%23039%3Bss'); // "Pa'ss"
 */
export const DECODERS: readonly ((text: string) => string)[] = [
  (t) =>
    t.replace(/(?:%[\da-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return unescape(run);
      }
    }),
  (t) =>
    t.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|amp);/gi, (_, d?: string, h?: string) =>
      d ? char(d, 10) : h ? char(h, 16) : '&',
    ),
  (t) =>
    t.replace(/\\(u[\da-f]{4}|.)/gis, (_, c: string) =>
      c[1]
        ? char(c.slice(1), 16)
        : (({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[c] ?? c),
    ),
];
