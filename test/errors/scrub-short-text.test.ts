// The scrubber builds its expressions (one alternation of every form of every character of every
// secret: compiling them for a 1 kB token took 0.5 s) only for a text that may hold a secret. A
// text shorter than the shortest secret holds none, in any form: every form of a character is at
// least one unit, and peeling encodings off only shortens a text. So the short values of an
// answer (a link with a query, `&y=2`, looks like an entity) never build them.

import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { countRegExpBuilds } from '../support/regexp-builds';

const built = () => {
  const seen = countRegExpBuilds();
  return () => seen.count;
};

const TOKEN = Array.from(
  { length: 1024 },
  (_, i) => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789-_.'[(i * 7919) % 49],
).join('');

describe('the scrubber on texts shorter than every secret', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds no expression for an answer whose strings are all shorter than the token', () => {
    const scrub = createScrubber([TOKEN]);
    const count = built();
    const answer = {
      user: { id: 1, avatar: 'https://cdn.example.com/a.png?x=1&y=2', note: '100%25 &amp; \\u0061' },
    };
    const raw = JSON.stringify(answer);
    const kept = new Set(['access_token']);
    const out = scrub.mayHold(raw, kept) ? scrub.deep(answer, kept, true) : answer;
    expect(out).toBe(answer);
    expect(scrub.text('wrong: &#97;%61\\u0061')).toBe('wrong: &#97;%61\\u0061');
    expect(count()).toBe(0);
  });

  it('still finds every echo of a secret at least as long as the text (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 8, maxLength: 40 }),
        fc.string({ maxLength: 20 }),
        (secret, around) => {
          fc.pre(secret.trim() !== '');
          const scrub = createScrubber([secret]);
          expect(scrub.text(`${around}${secret}${around}`)).not.toContain(secret);
          expect(scrub.text(encodeURIComponent(secret))).not.toContain(encodeURIComponent(secret));
          const shorter = secret.slice(0, -1);
          expect(scrub.text(shorter)).toBe(shorter);
        },
      ),
    );
  });
});
