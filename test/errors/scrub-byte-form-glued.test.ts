// A seed of ./szerr-scrub-same.property (CI, seed -1199572672): in a 2xx value, a token's base64
// glued to the token itself escaped twice (percent-encoded, its `%` an HTML entity), with another
// secret as written beside them. The base64 form's any last character took the token's first, and
// the token (less that character) was left once the byte form was redacted: the scrubber of
// cc4abd6 hid the whole value, this one showed 39 of the token's 40 characters.
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';

const secrets = ['PVCNBWRQIR', 'd8uPA+Io+2++u/5/+Pa+/Zr++/9l/8++rr8R/RE=', '/DIqaE+++a++K+g+y++B='];
const token = secrets[1]!;
const twice = (s: string) => encodeURIComponent(s).replaceAll('%', '&#0037;');

describe('a byte form glued to its secret escaped twice, in a 2xx value', () => {
  it.each([
    ['with another secret as written', secrets[0]!],
    ['alone', ''],
  ])('%s: hidden whole', (_name, other) => {
    // (The base64 of the token without its `=`, as the seed had it.)
    const text = `${Buffer.from(token.slice(0, -1)).toString('base64')}${twice(token)}${other}`;
    const out = createScrubber(secrets).deep(text, undefined, true);
    expect(out).toBe('[redacted]');
  });

  it('control: the byte form alone, with text around it, keeps the text', () => {
    const text = `report ${Buffer.from(token).toString('base64')} ready`;
    expect(createScrubber(secrets).deep(text, undefined, true)).toBe('report [redacted] ready');
  });
});
