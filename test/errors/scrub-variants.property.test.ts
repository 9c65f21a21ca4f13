import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { EMBEDDINGS, variantOf, variantToken } from './scrub-variants';

// A base64 or JWT-like token (an access token, a refresh token) echoed in a form equivalent to it:
// (a) without its `=`/`==` padding, (b) in base64url (`-` `_` for `+` `/`) or back in base64 (a
// JWT's `-` `_` as `+` `/`), (c) form-decoded (`+` read as a space), or any mix of them. The
// scrubber matched the token's characters as sent: every one of these reached errors and 2xx data.
// (The variants: ./scrub-variants.ts.)

/** The part of the echo that must not be left: the variant without its padding. */
const core = (v: string) => v.replace(/=+$/, '').trim();

describe('a token echoed in a variant of its encoding', () => {
  it.each([
    ['without padding', 'aGVsbG8tdG9rZW4rKzE/Pw==', 'aGVsbG8tdG9rZW4rKzE/Pw'],
    ['base64url', 'aGVsbG8tdG9rZW4rKzE/Pw==', 'aGVsbG8tdG9rZW4rKzE_Pw'],
    ['form-decoded', 'a+b/c+dGVzdHRva2VuMTIz', 'a b/c dGVzdHRva2VuMTIz'],
    // No run of 7 letters or digits: what every echo holds is read with the variants as one.
    ['short runs, base64url', 'A+b/C+d/E+f/G+h/I+j=', 'A-b_C-d_E-f_G-h_I-j'],
    ['short runs, form-decoded', 'A+b/C+d/E+f/G+h/I+j=', 'A b/C d/E f/G h/I j='],
    ['short runs, percent-encoded', 'A+b/C+d/E+f/G+h/I+j=', 'A%2Bb%2FC%2Bd%2FE%2Bf%2FG%2Bh%2FI%2Bj'],
    ['short runs, PHP JSON', 'A+b/C+d/E+f/G+h/I+j=', 'A+b\\/C+d\\/E+f\\/G+h\\/I+j'],
    [
      'a JWT as base64',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.Sfl-KxwRJ_SflKxwRJ',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.Sfl+KxwRJ/SflKxwRJ',
    ],
  ])('%s: %s echoed as %s is redacted in errors and 2xx data', (_, token, echo) => {
    const scrub = createScrubber([token]);
    expect(scrub.text(`oops ${echo} here`)).not.toContain(core(echo));
    expect(JSON.stringify(scrub.deep({ message: `x ${echo}` }))).not.toContain(core(echo));
    expect(JSON.stringify(scrub.deep({ user: { name: `x ${echo}` } }, undefined, true))).not.toContain(
      core(echo),
    );
  });

  it('property: any variant, in any embedding, is redacted in every path', () => {
    fc.assert(
      fc.property(
        variantToken,
        variantOf,
        fc.constantFrom(...Object.keys(EMBEDDINGS)),
        (token, variant, where) => {
          const echo = variant.apply(token);
          const value = EMBEDDINGS[where]!(echo);
          const scrub = createScrubber([token]);
          const left = core(echo);
          const raw = JSON.stringify({ user: { name: value, list: [value] } });
          const twoXX = scrub.mayHold(raw) ? scrub.deep(JSON.parse(raw), undefined, true) : JSON.parse(raw);
          const outs = {
            'error text': scrub.text(value),
            'error JSON body': JSON.stringify(scrub.deep({ message: value, errors: { [value]: [value] } })),
            '2xx answer': JSON.stringify(twoXX),
          };
          for (const [path, out] of Object.entries(outs)) {
            expect(out, `${path}: ${variant.names.join(' + ')}: ${value}`).not.toContain(left);
            expect(out, path).toContain('[redacted]');
          }
        },
      ),
      { numRuns: 200, seed: 3301 },
    );
  }, 120_000);
});
