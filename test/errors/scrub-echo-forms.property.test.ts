import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import {
  anySecret,
  BYTE_FORMS,
  inBody,
  UNICODE_FORMS,
  unicodeSecret,
  WRAPPERS,
  windows1252,
} from './echo-forms';

// Review L1: a secret echoed (a) in JavaScript `escape()` form (`%uXXXX`, `%XX` of Latin-1), (b) in
// another Unicode normal form than the one sent (NFD, NFKC), (c) as its UTF-8 bytes read as
// Latin-1 or windows-1252 ("Ã©" for "é"), (d) in CSS hex escapes (`\e9 `), (e) as its UTF-8 bytes
// in base64, base64url or hex, alone or inside a longer encoded body, reached errors and 2xx data.
// Each form, with the hex and percent escapes in either case, written as is, in PHP's JSON (which
// splits a secret at each `/` with a backslash) or HTML-escaped, in every path the scrubber has:
// an error's text (`text`), an error's JSON body (`deep`), a 2xx answer (`mayHold`, then `deep`).

const latin1 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

/** The keys the 2xx path keeps (`TOKEN_KEYS` of src/http/exchange.ts). */
const KEEP: ReadonlySet<string> = new Set([
  'access_token',
  'accessToken',
  'token',
  'refresh_token',
  'refreshToken',
]);

/** How a back end writes a JSON text: compact, or PHP's `\/` and `\u00e9`. */
const php = (raw: string) =>
  raw
    .replace(/\//g, '\\/')
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** What each path lets out of `echo` placed in `Código <echo> enviado` (a token of its own). */
function paths(secrets: string[], echo: string): Record<string, string> {
  const scrub = createScrubber([...secrets, 'tok_ABCDEFGHIJKLMNOPQRSTUV_1']);
  const message = `Código ${echo} enviado`;
  const twoXX = (raw: string) => {
    const parsed = JSON.parse(raw);
    return JSON.stringify(scrub.mayHold(raw, KEEP) ? scrub.deep(parsed, KEEP, true) : parsed);
  };
  const body = { message, errors: { password: [message] }, [echo]: 1 };
  return {
    'error text': scrub.text(message),
    'error JSON body': JSON.stringify(scrub.deep(body)),
    '2xx answer': twoXX(JSON.stringify({ token: 'tok_ABCDEFGHIJKLMNOPQRSTUV_1', user: { name: message } })),
    '2xx answer, PHP JSON': twoXX(php(JSON.stringify({ user: { name: message } }))),
  };
}

/** The paths that still hold `form` (case ignored) once scrubbed. */
function leaks(secrets: string[], echo: string, form: string): string[] {
  return Object.entries(paths(secrets, echo))
    .filter(([, out]) => out.toLowerCase().includes(form.toLowerCase()) || out.includes(echo))
    .map(([path, out]) => `${path}: ${out}`);
}

// What the scrubber writes and the words around the echo: a form found there by chance is no echo.
const AROUND =
  '[redacted] código enviado message errors password token tok_abcdefghijklmnopqrstuv_1 user name';

describe('Unicode forms of an echo: escape(), normal forms, mojibake, CSS escapes', () => {
  it.each([
    ['escape() of Latin-1', 'Pässwörd1', 'P%E4ssw%F6rd1'],
    ['escape() of %u', 'Пароль-2024', '%u041F%u0430%u0440%u043E%u043B%u044C-2024'],
    ['escape() lower case, astral', 'key😀42', 'key%ud83d%ude0042'],
    ['NFD of an NFC secret', 'Senha-çãé1', 'Senha-çãé1'.normalize('NFD')],
    ['NFC of an NFD secret', 'Senha-çãé1'.normalize('NFD'), 'Senha-çãé1'],
    ['NFKC', 'ﬁle²Ａ-pass', 'file2A-pass'],
    ['UTF-8 as Latin-1', 'Senha-çã1', 'Senha-Ã§Ã£1'],
    ['UTF-8 as windows-1252, lowercase accents', 'Preço-ação1', windows1252(Buffer.from('Preço-ação1'))],
    ['UTF-8 as Latin-1, twice (double encoding)', 'Preço-ação1', latin1(latin1('Preço-ação1'))],
    ['CSS escapes', "it's-é1", 'it\\27 s-\\e9 1'],
    ['CSS escapes, six digits, upper case', "it's-é1", 'it\\000027s-\\0000E91'],
  ])('%s: %s echoed as %s is redacted in every path', (_, secret, echo) => {
    expect(leaks([secret], echo, echo)).toEqual([]);
  });

  it('property: any form, written as is, in PHP JSON or HTML-escaped, leaves no path', () => {
    fc.assert(
      fc.property(
        fc.oneof(unicodeSecret, anySecret),
        fc.constantFrom(...Object.keys(UNICODE_FORMS)),
        fc.constantFrom(...Object.keys(WRAPPERS)),
        (secret, formName, wrapperName) => {
          const form = UNICODE_FORMS[formName]!(secret);
          const echo = WRAPPERS[wrapperName]!(form);
          fc.pre(![form, echo, secret].some((f) => AROUND.includes(f.toLowerCase())));
          expect(leaks([secret], echo, form)).toEqual([]);
        },
      ),
      { numRuns: 200, seed: 1101 },
    );
  }, 120_000);
});

describe('byte forms of an echo in an error: base64, base64url, hex (alone or inside a longer encoded body)', () => {
  /** The error paths that still hold `form`. */
  const errorLeaks = (secrets: string[], echo: string, form: string) =>
    leaks(secrets, echo, form).filter((path) => path.startsWith('error'));

  it.each([
    ['base64', 'hunter2-Pass!', 'aHVudGVyMi1QYXNzIQ=='],
    ['base64url of Unicode', 'Senha-çã?>1', Buffer.from('Senha-çã?>1').toString('base64url')],
    ['HEX', 'hunter2-Pass!', Buffer.from('hunter2-Pass!').toString('hex').toUpperCase()],
    ['base64 with PHP JSON escaping its /', 'ÿ?>ÿ?>ÿ?>a', `${Buffer.from('ÿ?>ÿ?>ÿ?>a').toString('base64')}`],
  ])('%s: %s echoed as %s is redacted in every error path', (_, secret, echo) => {
    expect(errorLeaks([secret], echo, echo)).toEqual([]);
  });

  it('the secret inside a base64 body at offsets 0, 1 and 2 (mod 3)', () => {
    for (const before of [0, 1, 2, 5, 13]) {
      const { text, core } = inBody('hunter2-Pass!', before, 'base64');
      expect(errorLeaks(['hunter2-Pass!'], text, core), text).toEqual([]);
    }
  });

  it('property: a secret of 5 bytes or more, alone or inside a longer body, leaves no error path', () => {
    const kinds = [...Object.keys(BYTE_FORMS), 'base64 body', 'base64url body', 'hex body'];
    fc.assert(
      fc.property(
        anySecret.filter((s) => Buffer.byteLength(s) >= 5),
        fc.constantFrom(...kinds),
        fc.integer({ min: 0, max: 16 }),
        fc.constantFrom(...Object.keys(WRAPPERS)),
        (secret, kind, before, wrapperName) => {
          const body = kind.endsWith(' body');
          const encoded = body ? inBody(secret, before, kind.split(' ')[0] as 'base64') : undefined;
          const form = encoded?.text ?? BYTE_FORMS[kind]!(secret);
          // What must not be left: the encoded secret alone, or the body's characters that are the secret's.
          const piece = (encoded?.core ?? form).toLowerCase();
          const echo = WRAPPERS[wrapperName]!(form);
          // What errors carry only: a 2xx answer is not searched for these forms (see createScrubber).
          for (const [path, out] of Object.entries(paths([secret], echo)))
            if (path.startsWith('error')) expect(out.toLowerCase(), `${path}: ${echo}`).not.toContain(piece);
        },
      ),
      { numRuns: 150, seed: 1105 },
    );
  }, 120_000);
});
