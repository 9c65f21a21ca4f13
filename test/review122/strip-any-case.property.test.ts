// Review 122, the class: a dropped value echoed in any mix of cases (each character in its own
// case, where that keeps its length), beside characters whose case maps change lengths, is never
// passed on; and a text holding none of the values comes back unchanged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { scrubTokens } from '../../src/server/strip';

const ODD = ['İ', 'ß', 'ŉ', 'ﬁ', 'Σ', 'ς', 'σ', 'K', 'ſ', '𐐀', '𐐨', 'ı', 'a', 'Z', '-', '$', '('];
const piece = fc.oneof(fc.constantFrom(...ODD), fc.string({ maxLength: 3, unit: 'grapheme-ascii' }));
const text = fc.array(piece, { maxLength: 8 }).map((xs) => xs.join(''));
const value = fc
  .tuple(fc.string({ minLength: 16, maxLength: 30, unit: 'grapheme-ascii' }), text)
  .map(([a, b]) => `${a}${b}`)
  .filter((v) => v.length >= 16 && !/[[\]]/.test(v));

/** `v` with each code point in upper or lower case as `flips` says, where that keeps its length. */
const recased = (v: string, flips: boolean[]) =>
  [...v]
    .map((c, i) => {
      const o = flips[i % Math.max(1, flips.length)] ? c.toUpperCase() : c.toLowerCase();
      return o.length === c.length ? o : c;
    })
    .join('');

describe('review 122 (property): dropped values hunted in any case, nothing else touched', () => {
  it('an echo in any mix of cases never survives', () => {
    fc.assert(
      fc.property(
        value,
        text,
        text,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        (v, a, b, flips) => {
          const echo = recased(v, flips);
          const out = scrubTokens({ message: `${a}${echo}${b}` }, [], createScrubber, [v]) as {
            message: string;
          };
          expect(out.message).not.toContain(echo);
          expect(out.message).toContain('[redacted]');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a text that holds no form of the value comes back as it was', () => {
    fc.assert(
      fc.property(value, text, (v, t) => {
        fc.pre(!t.toLowerCase().includes(v.toLowerCase().slice(0, 8)));
        const out = scrubTokens({ message: t }, [], createScrubber, [v]) as { message: string };
        expect(out.message).toBe(t);
      }),
      { numRuns: 300 },
    );
  });
});
