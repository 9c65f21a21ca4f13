import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';

// REVIEW-D F5, the token variants' leaks left: (a) a JWT whose parts are re-encoded as padded
// base64 (`=` before each dot), (b) a stand-in character (base64url's `-` `_` for `+` `/`, a space
// for `+`) written as a CSS or Perl escape (`\5f `, `\x{5f}`), which the scrubber matched for the
// token's own characters only, (c) a variant inside base64-encoded bytes (a JSON blob holding the
// token in base64url). Every path: an error's text and JSON body, a 2xx answer.

const KEEP: ReadonlySet<string> = new Set(['access_token', 'token', 'refresh_token']);

/** Whether `left` (case ignored) is still in any path once `text` holding it is scrubbed. */
function leaks(token: string, text: string, left: string[]): string[] {
  const scrub = createScrubber([token]);
  const raw = JSON.stringify({ token, user: { name: text } });
  const outs = {
    'error text': scrub.text(text),
    'error body': JSON.stringify(scrub.deep({ message: text })),
    '2xx answer': scrub.mayHold(raw, KEEP) ? JSON.stringify(scrub.deep(JSON.parse(raw), KEEP, true)) : raw,
  };
  return Object.entries(outs)
    .filter(([, out]) =>
      left.some((l) => out.toLowerCase().split(token.toLowerCase()).join('').includes(l.toLowerCase())),
    )
    .map(([path, out]) => `${path}: ${out}`);
}

// A JWT (base64url parts, HS256): header, payload, signature; `-` and `_` in the last two.
const HEADER = Buffer.from('{"alg":"HS256","typ":"JWT","kid":"1"}').toString('base64url');
const PAYLOAD = Buffer.from('{"sub":"1234567890","n":"Jo~~~ão?>","iat":151623902}').toString('base64url');
const SIGNATURE = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 97 + 251) % 256)).toString(
  'base64url',
);
const JWT = `${HEADER}.${PAYLOAD}.${SIGNATURE}`;

const base64 = (part: string) => Buffer.from(part, 'base64url').toString('base64');

describe('F5: the token variants left', () => {
  it('the fixture JWT has parts padded with two and one `=` as base64, and base64url characters', () => {
    expect([HEADER, PAYLOAD, SIGNATURE].map((p) => p.length % 4)).toEqual([2, 3, 3]);
    expect(JWT).toMatch(/[-_]/);
  });

  it.each([
    ['each part as padded base64', JWT.split('.').map(base64).join('.')],
    [
      'each part padded, base64url kept',
      JWT.split('.')
        .map((p) => p.padEnd(Math.ceil(p.length / 4) * 4, '='))
        .join('.'),
    ],
    ['padded base64, PHP JSON', JWT.split('.').map(base64).join('.').replace(/\//g, '\\/')],
    ['padded base64, percent-encoded', encodeURIComponent(JWT.split('.').map(base64).join('.'))],
  ])('(a) a JWT echoed with %s', (_, echo) => {
    const parts = echo.split(/(?:=|%3D)*(?:\.|%2E)/i).map((p) => p.replace(/(?:=|%3D)+$/i, ''));
    expect(parts).toHaveLength(3);
    expect(
      leaks(
        JWT,
        `invalid token ${echo} here`,
        parts.map((p) => p.slice(-12)),
      ),
    ).toEqual([]);
  });

  const TOKEN = 'k8Qz+Wb/vRt+Yp2/Lm9x+Nc4/Hd7Jf==';
  const url = TOKEN.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  it.each([
    ['CSS escapes (\\2d \\5f )', url.replace(/-/g, '\\2d ').replace(/_/g, '\\5f ')],
    ['CSS escapes, six digits (\\00002d)', url.replace(/-/g, '\\00002D').replace(/_/g, '\\00005F')],
    ['Perl escapes (\\x{2d} \\x{5f})', url.replace(/-/g, '\\x{2d}').replace(/_/g, '\\x{5f}')],
    ['ES6 escapes (\\u{2d})', url.replace(/-/g, '\\u{2d}').replace(/_/g, '\\u{5F}')],
    ['a space for + as CSS (\\20 )', TOKEN.replace(/\+/g, '\\20 ')],
    ['a space for + as Perl (\\x{20})', TOKEN.replace(/\+/g, '\\x{20}')],
  ])('(b) base64url or form-decoded stand-ins written as %s', (_, echo) => {
    expect(leaks(TOKEN, `bad ${echo} here`, ['Yp2', 'Lm9x', 'Nc4', 'Hd7Jf'])).toEqual([]);
  });

  it.each([
    ['base64url', url],
    ['unpadded base64', TOKEN.replace(/=+$/, '')],
    ['form-decoded', TOKEN.replace(/\+/g, ' ')],
  ])('(c) the token as %s inside a base64-encoded JSON blob (an error body)', (_, variant) => {
    for (const pad of ['', 'x', 'xy']) {
      const blob = Buffer.from(`{"a":"${pad}","token":"${variant}","b":1}`).toString('base64');
      // What depends on the token's bytes alone: its middle, well inside.
      const inner = Buffer.from(`${pad}","token":"${variant}"`).toString('base64');
      const scrub = createScrubber([TOKEN]);
      const out = scrub.text(`failed: ${blob}`);
      expect({ pad, out: out.includes(inner.slice(20, 36)) || out.includes(blob) }).toEqual({
        pad,
        out: false,
      });
    }
  });

  it('ordinary text around a token is left as it is', () => {
    const scrub = createScrubber([JWT, TOKEN]);
    const text = 'on 2024-01-15 call +55 11 99999-0000 or write a_b-c x=1. ok= = .= \\5f \\x{5f} abc';
    expect(scrub.text(text)).toBe(text);
    expect(scrub.deep({ user: { name: text } }, KEEP, true)).toEqual({ user: { name: text } });
  });
});
