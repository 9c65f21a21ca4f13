// REVIEW107 defect (Part A, c1cbd1db): the doubled-quote encoder (src/errors/scrub-forms.ts:37,
// `'` also as `''`) makes each quote of a password match one or two quotes of the text, and `''`
// also match two quotes of the password: a password with k quotes echoed SQL-doubled (`''` each,
// the very form the fix catches) is matched in exponentially many ways. Measured on this machine
// (scrubber.text of the echo, each k): 18 -> 29 ms, 20 -> 92 ms, 22 -> 338 ms, 26 -> ~5 s (x1.9
// per quote; RegExp.exec calls grow linearly, 132/144/156 for k = 10/14/18: the work is inside
// one regex's backtracking). A password is at most 1024 characters (PASSWORD_MAX): 30 quotes
// freeze the page's thread for over a minute when a database error echoes it.
// (The regex engine's work cannot be counted from JS, and a test is never timed: this one asks what
// the fix gives, the text replaced whole once the doubled quotes are read as one (a decoding layer,
// linear). c1cbd1db's encoder gave the span only, after ~6 s; 257c44e1 did not redact it at all.)
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';

describe('a password of quotes echoed with doubled quotes', () => {
  it('is redacted in linear work (26 quotes)', () => {
    const password = `ab${"'".repeat(26)}Z`;
    const s = createScrubber([password], true);
    // (Found once the doubled quotes are read as one, a decoding layer: the whole text goes, the
    // documented rule for a secret found only once decoded.)
    expect(s.text(`ERROR: invalid input 'ab${"''".repeat(26)}Z'`)).toBe('[redacted]');
  });
});
