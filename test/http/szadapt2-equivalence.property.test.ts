// Old-versus-new equivalence of the SZADAPT2 size cut in the error body's step-up code (issue 33):
// the code word was read `typeof parsed === 'object' && parsed && Object.getOwnPropertyDescriptor(
// parsed, 'code')?.value`, now `Object.getOwnPropertyDescriptor(Object(parsed), 'code')?.value`. The
// oracle is the old expression, copied; the shipped `readResponse` is then checked over any JSON body.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPamError } from '../../src/errors/base';
import { createScrubber } from '../../src/errors/scrub';
import { readResponse } from '../../src/http/exchange';

const STEP_UP = /^password_check_(required|invalid)$/;
/** What the body gets back as its code: the word when it is a step-up's, else nothing. */
const restored = (code: unknown) => (typeof code === 'string' && STEP_UP.test(code) ? code : undefined);
const oldCode = (parsed: unknown) =>
  typeof parsed === 'object' && parsed && Object.getOwnPropertyDescriptor(parsed, 'code')?.value;
const newCode = (parsed: unknown) => Object.getOwnPropertyDescriptor(Object(parsed), 'code')?.value;

/** What reading `text` as a 422 answer to a request that sent `secret` throws. */
const errorOf = (text: string, secret: string): unknown => {
  try {
    readResponse({ status: 422, headers: new Headers() }, text, 'POST', '/x', createScrubber([secret], true));
  } catch (e) {
    return e;
  }
};

const WORDS = ['password_check_required', 'password_check_invalid', 'password_check', 'required'];
const codes = fc.oneof(
  fc.constantFrom(...WORDS),
  fc.jsonValue(),
  fc.constantFrom(...WORDS).map((w) => [w]),
);
const bodies = fc.oneof(
  fc.jsonValue(),
  fc.record({ code: codes, message: fc.string() }, { requiredKeys: ['code'] }),
  codes.map((code) => [{ code }]),
);

describe('SZADAPT2: the step-up code of an error body', () => {
  it('the same code restored as before, for any JSON body', () => {
    fc.assert(
      fc.property(bodies, (body) => {
        const parsed = JSON.parse(JSON.stringify(body) ?? 'null');
        expect(restored(newCode(parsed))).toEqual(restored(oldCode(parsed)));
      }),
      { numRuns: 2000 },
    );
  });

  it('readResponse: any JSON error body is an HttpError, and a step-up word is kept whole', () => {
    fc.assert(
      fc.property(bodies, fc.constantFrom('password', 'check', 'required', 'x'), (body, secret) => {
        const text = JSON.stringify(body) ?? 'null';
        const parsed = JSON.parse(text);
        const error = errorOf(text, secret);
        expect(isPamError(error)).toBe(true);
        const code = restored(oldCode(parsed));
        if (code !== undefined) expect((error as { body: { code: unknown } }).body.code).toEqual(code);
        expect((error as { code: string }).code).toBe(typeof code === 'string' ? 'step_up_required' : 'http');
      }),
      { numRuns: 500 },
    );
  });
});

describe('a hostile error body whose code cannot be made a string', () => {
  // CI-like full run, seed 591116582: `{"code":{"toString":null}}` made readResponse throw a
  // TypeError ("Cannot convert object to primitive value"), not a PamError (before and after SZADAPT2).
  it.each(['password', 'x'])('is an HttpError (secret %s)', (secret) => {
    const error = errorOf('{"code":{"toString":null,"valueOf":null},"message":"password x"}', secret);
    expect(isPamError(error)).toBe(true);
  });
});
