import { describe, expect, it } from 'vitest';
import { LOGIN } from '../../src/auth/operations';
import { createScrubber } from '../../src/errors/scrub';

// A secret of many kilobytes (a hostile login answer's 20,000-character token, hunted in the rest
// of its answer) makes an expression V8 cannot build ("Invalid regular expression: Stack
// overflow"): the scrubber threw that SyntaxError out of the answer's schema. Fail closed: the text
// that held it is hidden whole, nothing throws.
const HUGE = 'x'.repeat(20_000);

describe('a secret too long for an expression', () => {
  it('hides the whole text in an error body, a 2xx value and a key, never throws', () => {
    const scrub = createScrubber([HUGE]);
    expect(scrub.text(`echo ${HUGE} here`)).toBe('[redacted]');
    expect(scrub.deep({ name: `Bearer ${HUGE}` }, undefined, true)).toEqual({ name: '[redacted]' });
    const out = scrub.deep({ [`k${HUGE}`]: 1 }) as Record<string, unknown>;
    expect(Object.keys(out).join()).not.toContain(HUGE);
  });

  it('a login answer with such a token is refused by its schema (invalid), not thrown through it', async () => {
    const answer = {
      access_token: HUGE,
      token_type: 'bearer',
      expires_in: 3600,
      user: { id: 1, name: HUGE },
    };
    const result = LOGIN.response.safeParse(answer);
    expect(result.success).toBe(false);
  });
});
