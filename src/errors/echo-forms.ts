// The forms a secret takes once a back end echoes it (PHP, Python, JS), as ONE list of encoders
// applied character by character, so every combination of them is matched too (a message that is
// htmlspecialchars'd, then put in JSON with \u escapes, then urlencoded...).

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const hex = (n: number, width = 0) => n.toString(16).padStart(width, '0');

// HTML named entities of printable ASCII (HTML5, which PHP's htmlentities uses with ENT_HTML5;
// &apos; with htmlspecialchars ENT_HTML5): one character, then its name.
const ASCII_NAMES =
  '!excl"quot#num$dollar%percnt&amp\'apos(lpar)rpar*ast+plus,comma.period/sol:colon;semi<lt=equals>gt?quest@commat[lsqb\\bsol]rsqb^Hat_lowbar`grave{lcub|verbar}rcub';
// U+00A0..U+00BF, then the Latin-1 letters NFD cannot name.
const LATIN1_NAMES =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest'.split(
    ' ',
  );
const SPECIAL_NAMES: Record<string, string> = {
  æ: 'aelig',
  ð: 'eth',
  ø: 'oslash',
  þ: 'thorn',
  ß: 'szlig',
  '×': 'times',
  '÷': 'divide',
  '€': 'euro',
};
// The combining marks of the accented Latin-1 letters (é = e + U+0301 = &eacute;).
const MARKS: Record<string, string> = {
  '\u0300': 'grave',
  '\u0301': 'acute',
  '\u0302': 'circ',
  '\u0303': 'tilde',
  '\u0308': 'uml',
  '\u030a': 'ring',
  '\u0327': 'cedil',
};

/** htmlentities' name of `c` (HTML 4 Latin-1 and HTML5 ASCII names), or undefined. */
function entityName(c: string, cp: number): string | undefined {
  const at = ASCII_NAMES.indexOf(c);
  if (cp < 0x7f && at !== -1) return /^[a-z]+/i.exec(ASCII_NAMES.slice(at + 1))?.[0];
  if (cp >= 0xa0 && cp < 0xc0) return LATIN1_NAMES[cp - 0xa0];
  const lower = c.toLowerCase();
  if (SPECIAL_NAMES[lower]) return SPECIAL_NAMES[lower];
  const [base, mark] = lower.normalize('NFD');
  return cp < 0x100 && base && mark && MARKS[mark] ? base + MARKS[mark] : undefined;
}

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
  (c, cp) => {
    const name = entityName(c, cp);
    return name && `&${name};`;
  },
  // urlencode / rawurlencode / form encoding: the UTF-8 bytes (and Latin-1's one byte), space as +.
  (c) => [...utf8.encode(c)].map((b) => `%(?:25)*${hex(b, 2)}`).join(''),
  (_, cp) => (cp > 0x7f && cp < 0x100 ? `%(?:25)*${hex(cp, 2)}` : undefined),
  (c) => (c === ' ' ? '\\+' : undefined),
  // JSON \u escapes (PHP's json_encode, Python's ensure_ascii), surrogate pairs for astral ones.
  (c) => Array.from({ length: c.length }, (_, i) => `\\\\u${hex(c.charCodeAt(i), 4)}`).join(''),
  (c) => {
    const short = ({ '\n': 'n', '\r': 'r', '\t': 't', '\b': 'b', '\f': 'f' } as Record<string, string>)[c];
    return short && `\\\\${short}`;
  },
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
 * encoder changes (letters, digits, `-`, `_`, `.`), a numeric secret without its leading zeros
 * (a JSON number). Empty when there is none (then every text may hold it).
 */
export function anchorOf(secret: string): string {
  if (/^\d+$/.test(secret)) return secret.replace(/^0+(?=\d)/, '');
  let best = '';
  for (const run of secret.match(/[a-z0-9_.-]+/gi) ?? []) if (run.length > best.length) best = run;
  return best.toLowerCase();
}
