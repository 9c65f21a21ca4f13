import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { readResponse } from '../../src/http/exchange';
import { ENCODERS, hostilePassword } from '../errors/encoders';

// Issue 33: a 2xx answer is walked (`deep`) only when `mayHold` says its JSON text may hold a
// secret. The fast path must give what the walk gives, for every answer: these properties compare
// the two over answers that hold the request's secrets in every encoding back ends use (as whole
// values, inside longer ones, in keys, under the token keys, case changed), written compact,
// indented or escaped as PHP does (`\/`, `\u00e9`), and over answers that hold none.

/** The keys `readResponse` keeps as they are (`TOKEN_KEYS` of src/http/exchange.ts). */
const KEEP: ReadonlySet<string> = new Set([
  'access_token',
  'accessToken',
  'token',
  'refresh_token',
  'refreshToken',
]);

/** Data text, with the two characters whose lower case is (or starts with) ASCII: Kelvin and dotted I. */
const plain = fc.string({ unit: fc.constantFrom(...'abcXYZ019 .,:-/_@é\u212a\u0130%&\\'), maxLength: 10 });

const token = fc.stringMatching(/^[A-Za-z0-9|._-]{8,40}$/);
const code = fc.stringMatching(/^\d{1,6}$/);
const encoders = Object.values(ENCODERS);
const flipCase = (s: string) =>
  [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** One secret as an answer may carry it: encoded, case changed or not, alone or inside text. */
const echoOf = (secrets: readonly string[]) =>
  fc
    .tuple(
      fc.constantFrom(...secrets),
      fc.constantFrom(...encoders),
      fc.boolean(),
      fc.oneof(fc.constant(['', '']), fc.tuple(plain, plain)),
    )
    .map(([s, encode, flip, [a, b]]) => `${a}${encode(flip ? flipCase(s) : s)}${b}`);

/** A JSON answer holding `secrets` (or, when `secrets` is empty, only data). */
function answer(secrets: readonly string[], tokens: readonly string[]) {
  const text = secrets.length ? fc.oneof(plain, echoOf(secrets)) : plain;
  const leaf = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null));
  const key = fc.oneof(
    text.filter((k) => k !== '__proto__'),
    fc.constantFrom(...KEEP, 'user', 'message'),
  );
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    ),
  }));
  // The token under its own keys, at the top and in `user`, as a login or profile answer has it.
  const kept = tokens.length
    ? fc
        .record({ k: fc.constantFrom(...KEEP), t: fc.constantFrom(...tokens) })
        .map(({ k, t }) => ({ [k]: t }))
    : fc.constant({});
  return fc
    .tuple(fc.dictionary(key, value, { maxKeys: 5 }), kept, kept)
    .map(([body, top, user]) => ({ ...top, ...body, user: { ...user, name: 'Ana' } }));
}

/** How a back end writes the JSON text: compact, indented, or PHP's `\/` and `\u` escapes. */
const writers: ((v: unknown) => string)[] = [
  (v) => JSON.stringify(v),
  (v) => JSON.stringify(v, null, 1),
  (v) =>
    JSON.stringify(v)
      .replace(/\//g, '\\/')
      .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
];

const secretsOf = fc.tuple(hostilePassword, token, code);

describe('the 2xx fast path (mayHold) gives what the walk gives', () => {
  it('mayHold false means the walk changes nothing; readResponse equals the walk (property)', () => {
    const seen = { skipped: 0, walked: 0 };
    fc.assert(
      fc.property(
        secretsOf.chain(([password, tok, digits]) =>
          fc.tuple(
            fc.constant([password, tok, digits]),
            fc.oneof(answer([password, tok, digits], [tok]), answer([], [tok]), answer([], [])),
            fc.constantFrom(...writers),
          ),
        ),
        ([secrets, body, write]) => {
          const raw = write(body);
          const scrub = createScrubber(secrets);
          const walked = scrub.deep(JSON.parse(raw), KEEP, true);
          if (scrub.mayHold(raw, KEEP)) seen.walked += 1;
          else {
            seen.skipped += 1;
            // Nothing to replace: the walk hands back the very value it was given.
            const parsed = JSON.parse(raw);
            expect(scrub.deep(parsed, KEEP, true)).toBe(parsed);
          }
          // A call whose answer may carry its token (`Operation.tokens`) keeps the credential keys.
          const head = { status: 200, headers: new Headers() };
          const read = readResponse(head, raw, 'GET', '/x', scrub, undefined, undefined, true);
          expect(JSON.stringify(read)).toBe(JSON.stringify(walked));
          expect(read).toEqual(walked);
          // Any other call keeps none (review 93): the walk without keys to keep.
          const other = readResponse(head, raw, 'GET', '/x', scrub);
          expect(other).toEqual(scrub.deep(JSON.parse(raw), undefined, true));
        },
      ),
      { numRuns: 400, seed: 33 },
    );
    // Both paths ran, many times.
    expect(seen.skipped).toBeGreaterThan(50);
    expect(seen.walked).toBeGreaterThan(50);
  });

  it('a token only under its own keys is skipped; anywhere else, or a kept key the token spells, is walked', () => {
    const tok = 'Zq3xVb9KpLm2NcR8TfYw';
    const scrub = createScrubber([tok, 'Senha!123']);
    const kept = JSON.stringify({ access_token: tok, user: { id: 1, token: tok }, n: [{ token: tok }] });
    expect(scrub.mayHold(kept, KEEP)).toBe(false);
    for (const raw of [
      JSON.stringify({ access_token: tok, note: tok }),
      JSON.stringify({ access_token: tok, note: tok.toUpperCase() }),
      JSON.stringify({ token: tok, x: `a${tok}b` }),
      JSON.stringify({ xtoken: tok }),
      JSON.stringify({ token: tok, list: [tok] }),
      JSON.stringify({ token: tok, x: 'Senha!123' }),
      JSON.stringify({ token: tok, x: 'SENHA&#33;123' }),
      `{"token":"${tok}","x":"\\u005aq3xVb9KpLm2NcR8TfYw"}`,
    ]) {
      expect(scrub.mayHold(raw, KEEP), raw).toBe(true);
      expect(scrub.deep(JSON.parse(raw), KEEP, true), raw).not.toEqual(JSON.parse(raw));
    }
  });
});
