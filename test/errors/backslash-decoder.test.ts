// The backslash decoder of `DECODERS` (src/errors/scrub-forms.ts): octal escapes of a byte
// (review 106: PostgreSQL's bytea, C's) beside the hex and code point ones, in either letter case.
// An uppercase `\X41` once went down the octal branch (`'X41' < 'a'`) and threw (a code point NaN):
// the scrubber then redacted a whole text that held a secret only once (fail closed, but wrong).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECODERS } from '../../src/errors/scrub-forms';

const backslashes = DECODERS[3]!;

describe('the backslash decoder', () => {
  it.each([
    ['\\101', 'A'],
    ['\\303\\247', '\xc3\xa7'],
    ['\\x41', 'A'],
    ['\\X41', 'A'],
    ['\\u0041', 'A'],
    ['\\U0041', 'A'],
    ['\\u{1F600}', '😀'],
    ['\\n', '\n'],
    ['\\8', '8'],
    ['\\400', '400'],
    ['\\7', '7'],
  ])('%s reads %s', (text, read) => {
    expect(backslashes(text)).toBe(read);
  });

  it('never throws, whatever follows a backslash', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant('\\'), fc.string({ maxLength: 4 }))), (parts) => {
        expect(typeof backslashes(parts.join(''))).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });

  it('the octal bytes of a UTF-8 text read back as that text with the other decoders', () => {
    const octal = [...new TextEncoder().encode('Coração')]
      .map((b) => `\\${b.toString(8).padStart(3, '0')}`)
      .join('');
    const once = backslashes(octal);
    expect(DECODERS[0]!(once)).toBe('Coração');
  });
});
