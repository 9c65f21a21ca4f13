import { describe, expect, it } from 'vitest';
import {
  asPamError,
  isPamError,
  ResponseValidationError,
  TwoFactorRejectedError,
  UnexpectedError,
} from '../../src/errors/index';
import { everyView } from './views';

describe('a foreign throw and a refused code have codes of their own', () => {
  for (const thrown of [
    new TypeError('cannot read x of hunter2'),
    'hunter2',
    { password: 'hunter2' },
    null,
  ]) {
    it(`asPamError(${typeof thrown === 'object' ? String(thrown?.constructor?.name) : typeof thrown}) is 'unexpected', not 'invalid_response'`, () => {
      const error = asPamError(thrown);
      expect(isPamError(error)).toBe(true);
      expect(error.code).toBe('unexpected');
      expect(error).toBeInstanceOf(UnexpectedError);
      expect(error).not.toBeInstanceOf(ResponseValidationError);
      expect(error.name).toBe('UnexpectedError');
      expect(error.message).toMatch(/^Unexpected failure \((TypeError|string|object)\)$/);
      expect(everyView(error)).not.toContain('hunter2');
    });
  }

  it('asPamError keeps a PamError as it is', () => {
    const error = new TwoFactorRejectedError();
    expect(asPamError(error)).toBe(error);
  });

  it("TwoFactorRejectedError is 'two_factor_rejected', brand-checked", () => {
    const error = new TwoFactorRejectedError();
    expect(isPamError(error) && error.code).toBe('two_factor_rejected');
    expect(error.toJSON()).toEqual({
      name: 'TwoFactorRejectedError',
      code: 'two_factor_rejected',
      message: 'The two-factor code was not accepted',
    });
  });
});
