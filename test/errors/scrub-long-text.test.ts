// The scrubber on long texts with escapes (the server proxy builds one scrubber per call, so each
// answer paid this): any such text made it build the secrets' expressions, one alternation of
// every form of every character of every secret (98 ms for a 1 kB token on a 2 kB error body,
// 250 ms for a 2 kB one). It now first looks for a piece of each secret (its last 8 characters,
// in the same forms): a text without one builds an expression as small as a short password's,
// whatever the token's length. Counted (RegExps built, their sources' length), never timed.

import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { countRegExpBuilds } from '../support/regexp-builds';
import { ENCODERS } from './encoders';

/** Counts the RegExps built and the length of their sources. */
const built = countRegExpBuilds;

const tokenOf = (length: number) =>
  Array.from({ length }, (_, i) => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789-_.'[(i * 7919) % 49]).join(
    '',
  );

/** A 2 kB error body with escapes of every kind (a link with a query, JSON, percent, entities). */
const BODY = 'Error: see https://x.example/a?b=1&c=2 for \\"details\\" 100%25 &amp; &#97;\\u0061 '
  .repeat(40)
  .slice(0, 2048);

describe('the scrubber on long texts with escapes', () => {
  afterEach(() => vi.unstubAllGlobals());

  for (const length of [64, 1024, 2048]) {
    it(`builds no expression of a ${length}-character token for a text without it, and still finds its echoes`, () => {
      const token = tokenOf(length);
      const seen = built();
      const scrub = createScrubber([token, "Senha'Forte!1"]);
      expect(scrub.text(BODY)).toBe(BODY);
      expect(scrub.deep({ message: BODY, errors: { [BODY]: [BODY] } })).toEqual({
        message: BODY,
        errors: { [BODY]: [BODY] },
      });
      const data = { message: BODY, list: [BODY, `${BODY}!`] };
      expect(scrub.deep(data, undefined, true)).toBe(data);
      // One expression, for the pieces (16 characters): about 2,200 source characters, any token
      // (on the old code: 4, of 20,136, 269,044 and 534,640 characters; about 1,100 before the
      // UTF-16LE byte forms and SQL's doubled quote, review 106).
      expect(seen.count).toBe(1);
      expect(seen.source).toBeLessThan(3_000);
      const echoes = [
        `${BODY} ${token}`,
        `${BODY} ${encodeURIComponent(encodeURIComponent(token))}`,
        `${BODY} ${[...token].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}`,
        `${BODY} ${token.replace(/[.-]/g, (c) => `&#${c.charCodeAt(0)};`)}`,
      ];
      for (const echo of echoes) expect(scrub.text(echo), echo.slice(-40)).toBe(`${BODY} [redacted]`);
      expect(scrub.deep({ m: echoes[2] }, undefined, true)).toEqual({ m: `${BODY} [redacted]` });
    });
  }
});

describe('the pieces (property)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const token = fc.stringMatching(/^[A-Za-z0-9._-]{16,300}$/);
  /** Text with escapes of every kind, drawn without the token. */
  const noise = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '%41',
          '%2541',
          '&amp;',
          '&#97;',
          '&#x62',
          '\\u0063',
          '\\\\',
          '\\"',
          '+',
          '&lt;',
          ' ',
        ),
        fc.string({ maxLength: 6 }),
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join(''));
  const encoders = Object.entries(ENCODERS);

  it('a text without the token comes back unchanged, with no expression built from the token', () => {
    fc.assert(
      fc.property(token, noise, (t, text) => {
        fc.pre(!text.toLowerCase().includes(t.slice(-8).toLowerCase()));
        const seen = built();
        const scrub = createScrubber([t]);
        expect(scrub.text(text)).toBe(text);
        // Only the pieces (`piecePattern`): up to 2.4 kB for a token ending in 8 stand-ins
        // (`--------`, each as `-`, `+` or a space in every form) with its spellings' bytes.
        expect(seen.source).toBeLessThan(3_000);
        vi.unstubAllGlobals();
      }),
      { numRuns: 300, seed: 4401 },
    );
  });

  it('the token echoed in any back end encoding, once or twice, inside the text, is never kept', () => {
    fc.assert(
      fc.property(
        token,
        noise,
        noise,
        fc.constantFrom(...encoders),
        fc.constantFrom(...encoders),
        (t, a, b, [, first], [, second]) => {
          const echo = second(first(t));
          const out = createScrubber([t]).text(`${a} ${echo} ${b}`);
          expect(out).not.toContain(echo);
          expect(out).not.toContain(t);
          expect(out).toContain('[redacted]');
        },
      ),
      { numRuns: 300, seed: 4402 },
    );
  });
});
