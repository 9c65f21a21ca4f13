import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';

// Issue 33 (speed): `createScrubber` asks an ASCII secret for no NFC or NFKC form (it is its
// own). The premise, on this runtime, against the slow path it skips: every ASCII text is its own
// NFC and NFKC form; and a non-ASCII secret keeps its forms.
const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)) });

describe('createScrubber: the ASCII fast path', () => {
  it('every ASCII text is its own NFC and NFKC form (property)', () => {
    for (let c = 0; c < 0x80; c++) {
      const s = String.fromCharCode(c);
      expect([s.normalize('NFC'), s.normalize('NFKC')]).toEqual([s, s]);
    }
    fc.assert(
      fc.property(ascii, (s) => {
        expect(s.normalize('NFC')).toBe(s);
        expect(s.normalize('NFKC')).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });

  it('still finds a non-ASCII secret in its other normal form, and an astral one', () => {
    // Sent decomposed (NFD), echoed composed: found by the secret's NFC form.
    expect(createScrubber(['Senhae\u0301x']).text('was Senha\u00e9x')).toBe('was [redacted]');
    // A secret shorter in code points than in units (an astral letter) still finds its echo.
    expect(createScrubber(['\ud835\udc00bc1']).text('x \ud835\udc00bc1 y')).toBe('x [redacted] y');
  });
});
