import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { WRAPPERS } from './echo-forms';

// FIXSEC28 F1, F2 (REVIEW28) as a property: a secret with characters beyond ASCII whose letter case
// the RegExp `i` flag does not fold (`ß`/`SS`, `ẞ`/`ß`, `İ`/`i̇`, the `ﬁ` `ﬀ` `ﬃ` ligatures, Greek
// with its final sigma, `ŉ`, `ǰ`, an astral letter), echoed upper- or lower-cased (its ASCII
// letters then in any case), and a Latin-1 secret's ISO-8859-1 bytes in base64, base64url and hex,
// each written as is, in PHP's JSON or HTML-escaped: no error path keeps it.

const SPECIAL = [
  'ß',
  'ẞ',
  'İ',
  'ı',
  'ﬁ',
  'ﬀ',
  'ﬃ',
  'ς',
  'σ',
  'Σ',
  'ΐ',
  'ŉ',
  'ǰ',
  'ſ',
  'K',
  'ç',
  'ã',
  'é',
  '𐐀',
  '𐐨',
];
const LATIN1 = ['ç', 'ã', 'é', 'ô', 'ß', 'Ç', 'Ã', 'ÿ', 'µ', '¿', 'ñ', 'Ö'];

const secretOf = (alphabet: string[]) =>
  fc
    .tuple(
      fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 4 }),
      fc.stringMatching(/^[A-Za-z0-9_.-]{3,10}$/),
      fc.array(fc.constantFrom(...alphabet, 'a', 'Z', '-', '2'), { maxLength: 4 }),
    )
    .map(([a, w, b]) => `${w}${a.join('')}${b.join('')}`);

/** Each ASCII letter of a cased echo upper-cased, lower-cased or kept, by `picks` (mixed case). */
const mixed = (s: string, picks: number[]) =>
  [...s]
    .map((c, i) => (c > '\x7f' ? c : [c, c.toUpperCase(), c.toLowerCase()][picks[i % picks.length]!]))
    .join('');

const latin1 = (s: string) => Buffer.from(s, 'latin1');
const BYTES: Record<string, (s: string) => string> = {
  base64: (s) => latin1(s).toString('base64'),
  'base64 unpadded': (s) => latin1(s).toString('base64').replace(/=+$/, ''),
  base64url: (s) => latin1(s).toString('base64url'),
  hex: (s) => latin1(s).toString('hex'),
  HEX: (s) => latin1(s).toString('hex').toUpperCase(),
};

/** What an error keeps of `echo` (in its text, its JSON body's values and keys). */
const errorPaths = (secret: string, echo: string) => {
  const scrub = createScrubber([secret], true);
  const message = `Senha ${echo} inválida`;
  return [
    scrub.text(message),
    JSON.stringify(scrub.deep({ message, errors: { password: [message] }, [echo]: 1 })),
  ];
};

describe('a secret echoed in another letter case, or as its Latin-1 bytes (FIXSEC28 F1, F2)', () => {
  it('property: every letter case, every wrapper, no error path keeps it', () => {
    fc.assert(
      fc.property(
        secretOf(SPECIAL),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...Object.keys(WRAPPERS)),
        (secret, picks, wrapper) => {
          const cases = [secret.toUpperCase(), secret.toLowerCase()];
          for (const form of [...cases, ...cases.map((c) => mixed(c, picks))]) {
            const echo = WRAPPERS[wrapper]!(form);
            for (const out of errorPaths(secret, echo)) {
              expect(out, `${secret} as ${echo}`).not.toContain(form);
              expect(out.toLowerCase(), `${secret} as ${echo}`).not.toContain(form.toLowerCase());
            }
          }
        },
      ),
      { numRuns: 150, seed: 2801 },
    );
  }, 120_000);

  it('property: a Latin-1 secret (not all ASCII) as its ISO-8859-1 bytes, in every byte form', () => {
    fc.assert(
      fc.property(
        secretOf(LATIN1),
        fc.constantFrom(...Object.keys(BYTES)),
        fc.constantFrom(...Object.keys(WRAPPERS)),
        (secret, kind, wrapper) => {
          const form = BYTES[kind]!(secret);
          // (Its last character and padding depend on the bytes after it: the rest must go.)
          const core = form.replace(/=+$/, '').slice(0, -1).toLowerCase();
          for (const out of errorPaths(secret, WRAPPERS[wrapper]!(form)))
            expect(out.toLowerCase(), `${secret} as ${form}`).not.toContain(core);
        },
      ),
      { numRuns: 150, seed: 2802 },
    );
  }, 120_000);
});
