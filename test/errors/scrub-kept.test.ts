import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';

// Issue 33 (speed): a 2xx answer whose only copy of the token is its own `token` field (the
// profile answer's `user.token`) needs no walk. `mayHold(raw, kept)` must still say "may hold"
// whenever the walk (keeping the same keys) would change anything.

const KEPT: ReadonlySet<string> = new Set([
  'access_token',
  'accessToken',
  'token',
  'refresh_token',
  'refreshToken',
]);

describe('mayHold with kept keys', () => {
  const token = '7|Zq3xVb9KpLm2NcR8TfYw';
  const scrub = createScrubber([token]);

  it('does not count the token answered under its own keys', () => {
    const profile = JSON.stringify({ user: { id: 1, name: 'Ana', token }, access_token: token });
    expect(scrub.mayHold(profile)).toBe(true);
    expect(scrub.mayHold(profile, KEPT)).toBe(false);
  });

  it('still counts the token anywhere else, or where the key is not surely a kept key', () => {
    for (const raw of [
      JSON.stringify({ token, note: `got ${token}` }),
      JSON.stringify({ user: { token }, other: token }),
      JSON.stringify({ [`${token}`]: 1, token }),
      // A key that ends in `token` after an escaped quote, and the member spelled inside a string.
      `{"x\\"token":"${token}"}`,
      JSON.stringify({ note: `"token":"${token}"` }),
      // Pretty-printed: not told apart (the walk decides).
      JSON.stringify({ token }, null, 2),
      // A longer value under a kept key is not the token itself.
      JSON.stringify({ token: `${token}x` }),
      JSON.stringify({ token: [token] }),
      // Escapes anywhere (in a text as long as the token: a shorter one cannot hold it), or the
      // token spelled otherwise than JSON.stringify does: the walk decides.
      JSON.stringify({ token, note: `\\u0041 ${'x'.repeat(token.length)}` }),
      `{"token":"${token.replace('|', '\\u007c')}"}`,
    ])
      expect(scrub.mayHold(raw, KEPT), raw).toBe(true);
  });

  it('counts a kept key whose name holds a secret (the walk rewrites that key)', () => {
    const s = createScrubber(['token']);
    expect(s.mayHold('{"token":"token"}', KEPT)).toBe(true);
    expect(JSON.stringify(s.deep({ token: 'token' }, KEPT, true))).not.toBe('{"token":"token"}');
  });

  it('is true whenever the walk that keeps the same keys would change the answer (property)', () => {
    const secrets = ['1|aB/cD.eF-gH_iJ', 'Senha"Forte/1'];
    const s = createScrubber(secrets);
    const piece = fc.oneof(
      fc.string({ maxLength: 5 }),
      fc.constantFrom(...secrets, ...secrets.map((x) => x.toUpperCase()), 'token', '\\/', '"', ':', ','),
    );
    const text = fc.array(piece, { maxLength: 3 }).map((parts) => parts.join(''));
    const key = fc.oneof(text, fc.constantFrom(...KEPT));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.constantFrom(...secrets),
        fc.integer(),
        fc.dictionary(key, tie('node'), { maxKeys: 4 }),
        fc.array(tie('node'), { maxLength: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.boolean(), (v, php) => {
        let raw = JSON.stringify(v);
        if (php) raw = raw.replace(/\//g, '\\/');
        const parsed = JSON.parse(raw);
        // Only a "no" is a promise: then the walk changes nothing.
        expect(s.mayHold(raw, KEPT) || s.deep(parsed, KEPT, true) === parsed).toBe(true);
      }),
      { numRuns: 2000, seed: 33 },
    );
  });
});
