// Old-versus-new equivalence of the SZADAPT size cuts (issue 33): the oracles are the modules
// before the cuts (889bdce), copied to test/szadapt-old/; the properties compare them with the
// shipped ones over generated JSON answers with the request's secrets echoed in them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { readResponse } from '../../src/http/exchange';
import { readResponse as oldReadResponse } from '../szadapt-old/exchange';
import { createScrubber as oldCreateScrubber } from '../szadapt-old/scrub';

const SECRETS = ['hunter2', '482913', 'tok_ABCdef-123_xyz/+QRS==', 'Sécret 1'];
const secret = fc.constantFrom(...SECRETS);
// Strings that often hold an echo (plain, glued, encoded) and keys that are token fields.
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  secret,
  fc.tuple(fc.string({ maxLength: 6 }), secret, fc.string({ maxLength: 6 })).map((p) => p.join('')),
  secret.map(encodeURIComponent),
  secret.map((s) => JSON.stringify(s).slice(1, -1)),
);
const key = fc.oneof(
  fc.constantFrom(
    'access_token',
    'token',
    'refreshToken',
    'message',
    'code',
    'errors',
    'password',
    '__proto__',
  ),
  text,
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.integer(),
    fc.constantFrom(482913, null, true),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4, noNullPrototype: false }),
  ),
})).value;

/** What reading `body` as an answer of `status` gives: the value, or the error's fields. */
const outcome = (read: typeof readResponse, scrub: unknown, status: number, body: string) => {
  try {
    // (A login's answer may carry its token: `Operation.tokens`, the old module's only rule.)
    const head = { status, headers: new Headers() };
    return { value: read(head, body, 'POST', '/auth/login', scrub as never, undefined, undefined, true) };
  } catch (e) {
    const { name, message, body: b, fieldErrors } = e as Record<string, unknown>;
    return { name, message, body: b, fieldErrors, json: JSON.stringify(e) };
  }
};

describe('SZADAPT equivalence (the modules before the cuts, copied, as oracles)', () => {
  it('property: a scrubber walks any JSON value as the old one did (errors and 2xx, kept keys)', () => {
    const keep = new Set(['access_token', 'token']);
    fc.assert(
      fc.property(fc.subarray(SECRETS, { minLength: 1 }), json, fc.boolean(), (secrets, value, data) => {
        const now = createScrubber(secrets, true);
        const old = oldCreateScrubber(secrets, true);
        expect(now.deep(value, keep, data)).toStrictEqual(old.deep(value, keep, data));
        expect(now.deep(value)).toStrictEqual(old.deep(value));
        // `mayHold` with the token keys kept (a member `"token":"<secret>"` does not count).
        const raw = JSON.stringify(value) ?? '';
        expect(now.mayHold(raw, keep)).toBe(old.mayHold(raw, keep));
      }),
      { numRuns: 300 },
    );
  });

  it('property: an answer (2xx or an error body, JSON or text) reads as before', () => {
    fc.assert(
      fc.property(
        fc.subarray(SECRETS),
        fc.oneof(
          json.map((v) => JSON.stringify(v) ?? ''),
          text,
        ),
        fc.constantFrom(200, 400, 401, 422, 429, 503),
        (secrets, body, status) => {
          expect(outcome(readResponse, createScrubber(secrets, true), status, body)).toStrictEqual(
            outcome(oldReadResponse as typeof readResponse, oldCreateScrubber(secrets, true), status, body),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
