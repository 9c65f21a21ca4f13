import fc from 'fast-check';

// Reference implementations of what PHP, Python and JS back ends do to a string they echo,
// written from their documentation, independently of the encoders in src/errors/scrub.ts.

const LATIN1: Record<string, string> = {
  à: 'agrave',
  á: 'aacute',
  â: 'acirc',
  ã: 'atilde',
  ä: 'auml',
  ç: 'ccedil',
  è: 'egrave',
  é: 'eacute',
  ê: 'ecirc',
  í: 'iacute',
  ñ: 'ntilde',
  ó: 'oacute',
  ô: 'ocirc',
  õ: 'otilde',
  ö: 'ouml',
  ú: 'uacute',
  ü: 'uuml',
  Ã: 'Atilde',
  É: 'Eacute',
  Ç: 'Ccedil',
  ß: 'szlig',
  '§': 'sect',
  '£': 'pound',
  '°': 'deg',
};

const specials = (s: string, apos: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, apos);

const uEscape = (upper: boolean) => (c: string) => {
  const h = c.charCodeAt(0).toString(16).padStart(4, '0');
  return `\\u${upper ? h.toUpperCase() : h}`;
};

/** PHP's json_encode default: `\/`, non-ASCII as lower-case `\u` escapes. */
const phpJson = (s: string) =>
  JSON.stringify(s)
    .slice(1, -1)
    .replace(/\//g, '\\/')
    .replace(/[^\x20-\x7e]/g, uEscape(false));

/** Each back end's encoding of an echoed string, by name. */
export const ENCODERS: Readonly<Record<string, (s: string) => string>> = {
  identity: (s) => s,
  'htmlspecialchars (ENT_QUOTES, &#039;)': (s) => specials(s, '&#039;'),
  'htmlspecialchars ENT_HTML5 (&apos;)': (s) => specials(s, '&apos;'),
  'htmlspecialchars ENT_COMPAT (quote kept)': (s) => specials(s, "'"),
  'htmlentities (named accents)': (s) =>
    [...specials(s, '&#039;')].map((c) => (LATIN1[c] ? `&${LATIN1[c]};` : c)).join(''),
  'decimal entities': (s) => [...s].map((c) => (/[a-z0-9]/i.test(c) ? c : `&#${c.codePointAt(0)};`)).join(''),
  'decimal entities, zero-padded': (s) =>
    [...s].map((c) => (/[a-z0-9]/i.test(c) ? c : `&#${String(c.codePointAt(0)).padStart(4, '0')};`)).join(''),
  'hex entities': (s) =>
    [...s].map((c) => (/[a-z0-9]/i.test(c) ? c : `&#x${c.codePointAt(0)?.toString(16)};`)).join(''),
  'hex entities, zero-padded, upper case': (s) =>
    [...s]
      .map((c) =>
        /[a-z0-9]/i.test(c) ? c : `&#X${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')};`,
      )
      .join(''),
  'Python html.escape (&#x27;)': (s) => specials(s, '&#x27;'),
  'PHP urlencode (space as +)': (s) =>
    encodeURIComponent(s)
      .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/%20/g, '+'),
  'PHP rawurlencode': (s) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  'form encoding (URLSearchParams)': (s) => new URLSearchParams({ v: s }).toString().slice(2),
  'JS encodeURIComponent': (s) => encodeURIComponent(s),
  'PHP addslashes': (s) => s.replace(/[\\'"\0]/g, (c) => `\\${c}`),
  "PHP var_export (\\')": (s) => s.replace(/[\\']/g, (c) => `\\${c}`),
  'JSON (JSON.stringify)': (s) => JSON.stringify(s).slice(1, -1),
  'JSON twice': (s) => JSON.stringify(JSON.stringify(s)).slice(1, -1),
  'PHP json_encode (\\/ and \\u00e9)': phpJson,
  'JSON \\u escapes upper case (\\u00E9)': (s) =>
    JSON.stringify(s)
      .slice(1, -1)
      .replace(/[^\x20-\x7e]/g, uEscape(true)),
  'Python json.dumps (ensure_ascii)': (s) =>
    JSON.stringify(s)
      .slice(1, -1)
      .replace(/[^\x20-\x7e]/g, uEscape(false)),
  'JSON, every special as \\u (JSON_HEX_*)': (s) =>
    JSON.stringify(s)
      .slice(1, -1)
      .replace(/[<>&'"]|[^\x20-\x7e]/g, uEscape(false)),
  'htmlspecialchars inside PHP json_encode': (s) => phpJson(specials(s, '&#039;')),
};

/** The characters the echo properties draw passwords from. */
export const HOSTILE_CHARS = [
  "'",
  '"',
  '<',
  '>',
  '&',
  '/',
  '\\',
  'é',
  'ç',
  'ã',
  '%',
  '+',
  '~',
  '*',
  '(',
  ')',
  '!',
  ' ',
];

/** A password over the hostile characters, with a letter run (a single space would match every space). */
export const hostilePassword = fc
  .tuple(
    fc.array(fc.constantFrom(...HOSTILE_CHARS), { minLength: 1, maxLength: 8 }),
    fc.stringMatching(/^[A-Za-z0-9]{3,6}$/),
    fc.array(fc.constantFrom(...HOSTILE_CHARS), { maxLength: 6 }),
  )
  .map(([a, word, b]) => `${a.join('')}${word}${b.join('')}`);
