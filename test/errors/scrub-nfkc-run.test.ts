import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';

// SCRUB23: what errors carry is read in its NFKC form (REVIEW-J LOW-3), but the run check that
// decides whether the byte forms are looked for (AE-4) read the text as written: a hex echo
// written with characters NFKC expands (`㉛` is `31`) is a run shorter than the shortest byte
// form, so it was never looked for, though NFKC makes it the hex itself.

describe('the run check of what errors carry reads its NFKC form (SCRUB23)', () => {
  it("a 5-digit code's hex in circled numbers, between short words, is hidden", () => {
    const scrub = createScrubber(['12345'], true);
    // 31 32 33 34 35: the hex of `12345`.
    const echo = '\u325b\u325c\u325d\u325e\u325f';
    expect(echo.normalize('NFKC')).toBe('3132333435');
    for (const text of [`bad ${echo} now`, echo, `x ${echo}`]) expect(scrub.text(text)).not.toContain(echo);
  });
});

describe('the shortest-length check of what errors carry reads its NFKC form too (SCRUB23 leftover)', () => {
  it('an echo NFKC lengthens to the secret (enclosed numbers) is hidden, however short as written', () => {
    // `⑫` is `12`, `㉞` is `34`, `⑳` is `20`, `㉑` is `21`: shorter as written than the secret.
    for (const [secret, echo] of [
      ['123456', '\u246b\u325e56'],
      ['2021', '\u2473\u3251'],
    ] as const) {
      expect(echo.normalize('NFKC')).toBe(secret);
      expect(echo.length).toBeLessThan(secret.length);
      const scrub = createScrubber([secret], true);
      for (const text of [echo, `x ${echo} y`]) expect(scrub.text(text)).not.toContain(echo);
    }
  });
});
