import { describe, expect, it } from 'vitest';
import { isPamError, RequestValidationError, Secret, secret } from '../../src/index';

// REVIEW-Y Y-4: `secret(form.password)` with an unbound field (undefined), a number, null or an
// object is a caller's bad input: a typed `RequestValidationError` (issue on `value`), never a
// raw TypeError, and the value is never quoted.

const CANARY = 'canary-Y4-5ecr3t';

describe('secret() of a non-string (Y-4)', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 424242],
    ['an object', { password: CANARY }],
    ['an array', [CANARY]],
    ['a String object', Object(CANARY)],
  ])('%s: RequestValidationError, the value not quoted', (_, value) => {
    for (const make of [() => secret(value as string), () => new Secret(value as string)]) {
      let error: unknown;
      try {
        make();
      } catch (e) {
        error = e;
      }
      expect(isPamError(error)).toBe(true);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error).toMatchObject({ code: 'invalid_request', operation: 'secret' });
      expect((error as RequestValidationError).issues.map((i) => [i.path, i.code])).toEqual([
        [['value'], 'invalid_type'],
      ]);
      const text = JSON.stringify(error) + String(error) + (error as Error).stack;
      expect(text).not.toContain(CANARY);
      expect(text).not.toContain('424242');
    }
  });
});
