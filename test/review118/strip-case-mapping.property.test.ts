// Review 118, the class of the defect: whatever characters surround a value dropped with a
// token-named key, or fill it (case mappings that change lengths: `İ`, `ß`, `ŉ`, ligatures,
// astral letters), its verbatim echo in any string of the answer never passes `scrubTokens`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { droppedTokensOf, scrubTokens } from '../../src/server/strip';

// Characters whose case mappings change a string's length, or fold oddly, among plain ones.
const ODD = [
  'İ',
  'ß',
  'ŉ',
  'ﬁ',
  'ǰ',
  'ΐ',
  'ẞ',
  'K',
  'ſ',
  'Σ',
  'ς',
  '𐐀',
  '𐐨',
  'a',
  'Z',
  '-',
  '.',
  '$',
  '(',
  '\\',
];
const text = fc
  .array(fc.oneof(fc.constantFrom(...ODD), fc.string({ maxLength: 3, unit: 'binary' })), { maxLength: 8 })
  .map((xs) => xs.join(''));
const value = fc
  .tuple(fc.string({ minLength: 16, maxLength: 40, unit: 'grapheme-ascii' }), text)
  .map(([a, b]) => `${a}${b}`)
  .filter((v) => v.length >= 16 && !v.includes('[') && !v.includes(']'));

describe('review 118 (property): a dropped value is hunted in any text around it', () => {
  it('generated values and surroundings: the echo never survives', () => {
    fc.assert(
      fc.property(value, text, text, (v, before, after) => {
        const answer = { data: { reset_token: v }, message: `${before}${v}${after}`, list: [`${v}${after}`] };
        const dropped = droppedTokensOf(answer);
        expect(dropped.has(v)).toBe(true);
        const out = JSON.stringify(scrubTokens(answer, [], createScrubber, dropped));
        expect(JSON.parse(out).message).not.toContain(v);
        expect(JSON.parse(out).list[0]).not.toContain(v);
      }),
      { numRuns: 300, examples: [['straße-0123456789abcdef', 'Olá İsmail: ', '']] },
    );
  });
});
