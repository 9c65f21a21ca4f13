// DEFECTS 3: a secret echoed with an escape in front of a character its anchor is made of (a
// backslash before every letter, `\p\a\s\s`; `hun\ter2`; a `preg_quote`d `abc\.def1`; a JSON string
// inside JSON, `\\p\\a\\s\\s`; a named entity for a `.`, `-` or `_`, `&period;`) got past the
// scrubber's quick test (`holds`): no anchor (the secret's longest run of letters, digits, `_`, `.`,
// `-`) was left whole, and only `\u`, `&#` and `%` escapes sent a text on to the expressions, which
// do match these forms. So the echo reached the error's message, body and `describeError`.
// Properties over generated secrets (passwords, 2FA codes, captcha and access tokens) and a per-
// character encoding: as is, `\` or `\\` before it, JSON `\u` escapes in lower, upper or mixed-case
// hex (surrogate pairs for astral characters, each half cased on its own), or JSON in JSON.
// The review of that fix (SCRUB): three more forms reached the expressions but no decoder, so an
// echo in them stayed (`&#104&#117…`, `\x68\x75…`, `\u{68}\u{75}…`): decimal and hex entities
// without their `;`, `\x` escapes (of each UTF-8 byte, PHP's and C's, or of a code point below
// 256, Python's; or in JSON in JSON), ES6 `\u{…}` and Python `\U0001f600` code point escapes, each
// in lower, upper or mixed-case hex, are forms of the property now. With them it also found that
// an astral character as `\\ud83d\\ude00` (JSON in JSON) was matched only once decoded, where a
// backslash form beside it (`\f`, a form feed once decoded) hid the secret (on HEAD too).
import fc from 'fast-check';
import { createOfetchAdapter, describeError, isPamError } from 'pam-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { rejectionOf } from '../http/helpers';
import { everyView } from './views';

/** The characters secrets are drawn from: anchor characters, punctuation, accents, astral ones. */
const CHARS = [...'abcXYZ0189._-', "'", '"', '/', '\\', '&', '%', '+', ' ', 'é', 'Ç', 'ã', '😀', '𝄞'];

const password = fc
  .tuple(
    fc.array(fc.constantFrom(...CHARS), { maxLength: 4 }),
    fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{2,8}$/),
    fc.array(fc.constantFrom(...CHARS), { maxLength: 4 }),
  )
  .map(([a, word, b]) => `${a.join('')}${word}${b.join('')}`);
const code = fc.stringMatching(/^\d{4,8}$/);
const captcha = fc.stringMatching(/^[A-Za-z0-9_-]{6,24}$/);
const accessToken = fc
  .tuple(...[0, 1, 2].map(() => fc.stringMatching(/^[A-Za-z0-9_-]{4,12}$/)))
  .map((parts) => parts.join('.'));
const secret = fc.oneof(password, code, captcha, accessToken);

/** Hex digits, each in a case of its own (`e9` as `E9`, `e9` or `E9`...). */
const mixedHex = (n: number, cases: boolean[], width = 4) =>
  [...n.toString(16).padStart(width, '0')]
    .map((d, i) => (cases[i % cases.length] ? d.toUpperCase() : d))
    .join('');

type Form =
  | 'as is'
  | 'backslash'
  | 'two backslashes'
  | 'u lower'
  | 'u upper'
  | 'u mixed'
  | 'u in JSON'
  | 'decimal entity without ;'
  | 'hex entity without ;'
  | 'x of UTF-8 bytes'
  | 'x in JSON'
  | 'x of a code point'
  | 'u braces'
  | 'U eight digits';
const FORMS: Form[] = [
  'as is',
  'backslash',
  'two backslashes',
  'u lower',
  'u upper',
  'u mixed',
  'u in JSON',
  'decimal entity without ;',
  'hex entity without ;',
  'x of UTF-8 bytes',
  'x in JSON',
  'x of a code point',
  'u braces',
  'U eight digits',
];

/**
 * One character (a code point: an astral one is two code units) in one form. `cases` cases the
 * hex digits of the newer forms (all upper, all lower or mixed) and the `x` of a hex entity.
 */
function encodeChar(c: string, form: Form, cases: boolean[]): string {
  const units = Array.from({ length: c.length }, (_, i) => c.charCodeAt(i));
  const cp = c.codePointAt(0) ?? 0;
  const u = (hex: (n: number) => string, slash = '\\') => units.map((n) => `${slash}u${hex(n)}`).join('');
  const x = (bytes: Iterable<number>, slash = '\\') =>
    [...bytes].map((b) => `${slash}x${mixedHex(b, cases, 2)}`).join('');
  switch (form) {
    case 'as is':
      return c;
    case 'backslash':
      return `\\${c}`;
    case 'two backslashes':
      return `\\\\${c}`;
    case 'u lower':
      return u((n) => n.toString(16).padStart(4, '0'));
    case 'u upper':
      return u((n) => n.toString(16).padStart(4, '0').toUpperCase());
    case 'u mixed':
      return u((n) => mixedHex(n, cases));
    case 'u in JSON':
      return u((n) => n.toString(16).padStart(4, '0'), '\\\\');
    case 'decimal entity without ;':
      return `&#${cp}`;
    case 'hex entity without ;':
      return `&#${cases.at(-1) ? 'X' : 'x'}${mixedHex(cp, cases, 1)}`;
    case 'x of UTF-8 bytes':
      return x(new TextEncoder().encode(c));
    case 'x in JSON':
      return x(new TextEncoder().encode(c), '\\\\');
    case 'x of a code point':
      return cp < 256 ? x([cp]) : u((n) => n.toString(16).padStart(4, '0'));
    case 'u braces':
      return `\\u{${mixedHex(cp, cases, 1)}}`;
    case 'U eight digits':
      return `\\U${mixedHex(cp, cases, 8)}`;
  }
}

/**
 * A secret and its echo: every character in a form of its own, drawn from a few forms the echo
 * uses (a back end's mix: only backslashes is as likely as any), at least one escaped.
 */
const escapedForms = FORMS.filter((f) => f !== 'as is');
const echoed = fc
  .tuple(secret, fc.subarray(escapedForms, { minLength: 1 }), fc.boolean())
  .chain(([s, some, asIs]) =>
    fc
      .tuple(
        fc.array(fc.constantFrom(...some, ...(asIs ? (['as is'] as const) : [])), {
          minLength: [...s].length,
          maxLength: [...s].length,
        }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
      )
      .filter(([forms]) => forms.some((f) => f !== 'as is'))
      .map(([forms, cases]) => ({
        secret: s,
        echo: [...s].map((c, i) => encodeChar(c, forms[i]!, cases)).join(''),
      })),
  );

/**
 * Every JSON string escape undone (and `\x`, `\u{…}`, `\U`, numeric entities with or without `;`),
 * and backslashes before other characters dropped, in layers. In a run of `\x` escapes, each
 * UTF-8 sequence of 2 to 4 bytes is a character, and any other byte a code point below 256.
 */
function decoded(text: string): string {
  let out = text;
  for (let i = 0; i < 4; i++)
    out = out
      .replace(/(?:\\x[\da-f]{2})+/gi, (run) => {
        const bytes = run.split(/\\x/i).slice(1);
        let chars = '';
        for (let at = 0; at < bytes.length; ) {
          const utf8 = [4, 3, 2].find((n) => {
            try {
              decodeURIComponent(`%${bytes.slice(at, at + n).join('%')}`);
              return at + n <= bytes.length;
            } catch {
              return false;
            }
          });
          const n = utf8 ?? 1;
          chars += utf8
            ? decodeURIComponent(`%${bytes.slice(at, at + n).join('%')}`)
            : String.fromCharCode(Number.parseInt(bytes[at] ?? '', 16));
          at += n;
        }
        return chars;
      })
      .replace(/\\U([\da-fA-F]{8})/g, (_, h: string) =>
        String.fromCodePoint(Math.min(Number.parseInt(h, 16), 0x10ffff)),
      )
      .replace(/\\u\{([\da-f]+)\}|&#x([\da-f]+);?|&#(\d+);?/gi, (_, u?: string, h?: string, d?: string) =>
        String.fromCodePoint(Math.min(Number.parseInt(u ?? h ?? d ?? '', d ? 10 : 16), 0x10ffff)),
      )
      .replace(/\\(u[\da-f]{4}|.)/gis, (_, c: string) =>
        c.length === 5 ? String.fromCharCode(Number.parseInt(c.slice(1), 16)) : c,
      );
  return out;
}

/** Whether `text` still spells `secret` once every escape is undone (case ignored). */
const spells = (text: string, s: string) => decoded(text).toLowerCase().includes(s.toLowerCase());

describe('the scrubber and an echo escaped character by character', () => {
  it('the backslash forms (examples): each reaches no text, and a JSON answer with it is walked', () => {
    for (const [s, echo] of [
      ['pass', '\\p\\a\\s\\s'],
      ['pass', '\\\\p\\\\a\\\\s\\\\s'],
      ['hunter2', 'hun\\ter2'],
      ['abc.def1', 'abc\\.def1'],
      ['A1b2-C3d4_E5', 'A1b2\\-C3d4\\_E5'],
      ['abc.def1', 'abc&period;def1'],
      ['abc-def1', 'abc&hyphen;def1'],
      ['abc_def1', 'abc&lowbar;def1'],
      // The review's three (SCRUB), and their kin.
      ['hunter2.Pass', [...'hunter2.Pass'].map((c) => `&#${c.charCodeAt(0)}`).join('')],
      ['hunter2.Pass', [...'hunter2.Pass'].map((c) => `&#x${c.charCodeAt(0).toString(16)}`).join('')],
      ['hunter2.Pass', [...'hunter2.Pass'].map((c) => `\\x${c.charCodeAt(0).toString(16)}`).join('')],
      ['hunter2.Pass', [...'hunter2.Pass'].map((c) => `\\u{${c.charCodeAt(0).toString(16)}}`).join('')],
      ['hunter2.Pass', '&#104\\x75\\u{6E}&#X74&#101r2.Pass'],
      ['pàss', 'p\\xc3\\xa0ss'],
      ['p😀ss', 'p\\u{1F600}ss'],
      ['p😀ss', 'p\\U0001f600ss'],
      ['pàss', 'p\\xE0ss'],
      ['pàss', 'p\\x{e0}ss'],
      ['Çava1', '\\xc7\\u{61}v&#97\\x31'],
      ['p😀ss', 'p\\\\xf0\\\\x9f\\\\x98\\\\x80ss'],
      ['p😀ss', 'p\\\\ud83d\\\\ude00ss'],
    ] as const) {
      const scrub = createScrubber([s]);
      const message = `rejected: ${echo} (try again)`;
      expect(scrub.text(message), message).toBe('rejected: [redacted] (try again)');
      expect(scrub.mayHold(JSON.stringify({ message })), message).toBe(true);
      expect(scrub.deep(JSON.parse(JSON.stringify({ message }))), message).toEqual({
        message: 'rejected: [redacted] (try again)',
      });
    }
  });

  it('property: no text, error body or 2xx value keeps a secret, whatever each character’s escape', () => {
    fc.assert(
      fc.property(echoed, ({ secret: s, echo }) => {
        const scrub = createScrubber([s]);
        const message = `rejected: ${echo} (try again)`;
        const text = scrub.text(message);
        expect(spells(text, s), `${message} -> ${text}`).toBe(false);
        expect(text).toContain('[redacted]');
        // An error body: the raw JSON is walked, and its parsed strings (and keys) keep no echo.
        const raw = JSON.stringify({ message, errors: { [echo]: [message] } });
        expect(scrub.mayHold(raw), raw).toBe(true);
        const body = JSON.stringify(scrub.deep(JSON.parse(raw)));
        expect(spells(JSON.parse(body).message, s), body).toBe(false);
        expect(body.includes(JSON.stringify(echo).slice(1, -1)), body).toBe(false);
        // A 2xx value that is the secret as a whole is replaced (a schema never reads it).
        const data = JSON.stringify({ value: echo });
        expect(scrub.mayHold(data), data).toBe(true);
        expect(scrub.deep(JSON.parse(data), undefined, true)).toEqual({ value: '[redacted]' });
      }),
      { numRuns: 400, seed: 3303 },
    );
  });
});

describe('the adapter and an echo escaped character by character (a real socket)', () => {
  let echo: EchoServer;
  beforeAll(async () => {
    echo = await startEchoServer();
  });
  afterAll(() => echo?.close());

  it('a password and a 2FA code echoed with a backslash before every character reach no view of the error', async () => {
    const password = 'Kestrel9.Dog';
    const code = '204815';
    const slashed = (s: string) => [...s].map((c) => `\\${c}`).join('');
    echo.answer = () => ({
      status: 422,
      body: { message: `rejected ${slashed(password)}, then ${slashed(code)}`, errors: {} },
    });
    const http = createOfetchAdapter({ baseURL: echo.url, retry: 0 });
    const error = await rejectionOf(
      http.post('/auth/login', { login: 'a@b.c', password, two_factor_code: code }),
    );
    expect(isPamError(error)).toBe(true);
    const seen = [everyView(error), JSON.stringify(describeError(error))].join('\n');
    expect(seen.includes(slashed(password)), seen).toBe(false);
    expect(seen.includes(JSON.stringify(slashed(password)).slice(1, -1)), seen).toBe(false);
    expect(seen.includes(slashed(code)), seen).toBe(false);
  });
});
