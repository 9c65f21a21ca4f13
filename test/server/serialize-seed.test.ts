// REVIEW-AM AM-1: the seed is meant to be inlined in the page, and a plain `JSON.stringify` in a
// `<script>` runs a player's own `</script><script>…` name. `serializeSeed` is the safe form.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PamSessionSeed, serializeSeed } from '../../src/server/index';

const seedWith = (name: string, address: string): PamSessionSeed => ({
  status: 'signedIn',
  user: { id: 7, name, email: 'a@b.co', cancelled_account: false } as unknown as PamSessionSeed['user'],
  userInfo: { address, user_pause_at: null },
  readAt: 1_800_000_000_000,
  loginId: 'login-7',
  expiresAt: 1_800_000_900_000,
});

/** Whether `text`, inlined in a script element, could end it, open a comment or break a line of code. */
const breaksOut = (text: string) => /<\/script|<!--|<script|[\u2028\u2029<>&]/i.test(text);

describe('serializeSeed', () => {
  it('writes </script>, <!-- and the line separators as escapes', () => {
    const seed = seedWith('</script><script>alert(1)</script>', '<!-- \u2028 \u2029 & >');
    const text = serializeSeed(seed);
    expect(breaksOut(text)).toBe(false);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(seed);
    // Also as code: the same value.
    expect(new Function(`return ${text}`)()).toEqual(seed);
  });

  it('property: any name and address round-trip, and nothing can end the element', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    const tricky = fc.constantFrom(
      '</script>',
      '</SCRIPT >',
      '<!--',
      '-->',
      '\u2028',
      '\u2029',
      '&lt;',
      '<',
      '>',
    );
    const part = fc.array(fc.oneof(text, tricky), { maxLength: 6 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(part, part, (name, address) => {
        const seed = seedWith(name, address);
        const out = serializeSeed(seed);
        expect(breaksOut(out)).toBe(false);
        expect(JSON.parse(out)).toEqual(seed);
      }),
      { numRuns: 300 },
    );
  });
});
