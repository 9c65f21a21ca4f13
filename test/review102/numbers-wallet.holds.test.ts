// Review 102 (holds): review 98's `readNumber` (decimals of 16+ significant digits read only when
// they come back as written) takes what a PHP back end legitimately sends, and still refuses what a
// double would change; `transformWalletResponse` lets only its own refusal out (a getter's
// re-entrant call, an earlier refusal thrown again, a foreign PamError).
import { isPamError, transformWalletResponse, UnauthorizedError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { readNumber, UNREADABLE } from '../../src/schemas/read-scalar';

describe('review 102: readNumber', () => {
  it.each([
    ['0.30000000000000004', 0.30000000000000004],
    ['1e21', 1e21],
    ['100.000000000000000000', 100],
    ['-0.000', 0],
    [' 12 ', 12],
    ['9007199254740991', 9007199254740991],
    ['12345678901234.56', 12345678901234.56],
    ['123456789012345600000', 123456789012345600000],
    ['0.1000000000000000055511151231257827', 0.1],
    ['1.7976931348623157e308', 1.7976931348623157e308],
    ['5e-324', 5e-324],
    ['+000000000000000000000042.50', 42.5],
    ['1234567890123456', 1234567890123456],
  ])('%s reads as %s', (text, value) => {
    expect(readNumber(text)).toBe(value);
  });

  it.each([
    '9007199254740993',
    '90071992547409.93',
    '12345678901234567890',
    '9999999999999999',
    '0.12345678901234567891',
  ])('%s is refused (no double is it)', (text) => {
    expect(readNumber(text)).toBe(UNREADABLE);
  });
});

describe('review 102: the wallet transform lets only its own refusal out', () => {
  it("a getter calling the transform re-entrantly: the outer call throws a refusal, never the getter's own", () => {
    const raw = {
      get real() {
        transformWalletResponse(42); // throws the transform's refusal, which propagates
        return {};
      },
    };
    let thrown: unknown;
    try {
      transformWalletResponse(raw);
    } catch (e) {
      thrown = e;
    }
    expect(isPamError(thrown) && thrown.code).toBe('invalid_response');
  });

  it('an earlier refusal thrown again by a getter, or a foreign UnauthorizedError: invalid_response', () => {
    let earlier: unknown;
    try {
      transformWalletResponse(null);
    } catch (e) {
      earlier = e;
    }
    for (const foreign of [
      earlier,
      new UnauthorizedError({ status: 401, method: 'GET', path: '/x', body: {} }),
    ]) {
      let thrown: unknown;
      try {
        transformWalletResponse({
          get real() {
            throw foreign;
          },
        });
      } catch (e) {
        thrown = e;
      }
      expect(isPamError(thrown) && thrown.code).toBe('invalid_response');
    }
  });
});
