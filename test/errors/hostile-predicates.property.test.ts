import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPamError, isSecret, retryAfterMs, stepUpAttemptsLeftOf } from '../../src/index';

// REVIEW-U U-3: the predicates and readers an app calls on a caught error threw the trap's own error
// for a Proxy (or a getter) that throws: a `catch (e) { if (isPamError(e)) … }` rethrew something
// else. Now each answers false / undefined for what it cannot read.

const boom = () => {
  throw new Error('foreign trap hunter2');
};
// Factories (fast-check itself reads a generated value: it never holds the Proxy).
const hostile = fc.oneof(
  fc.constant(() => new Proxy({}, { get: boom })),
  fc.constant(() => new Proxy({}, { get: boom, has: boom, getPrototypeOf: boom, ownKeys: boom })),
  fc.constant(() => new Proxy(() => {}, { get: boom })),
  fc
    .constantFrom('code', 'status', 'retryAfter', 'reveal')
    .map((k) => () => Object.defineProperty({ code: 'http', status: 429 }, k, { get: boom })),
  fc.constant(() => Object.defineProperty(new Error('x'), 'code', { get: boom })),
);

describe('a value whose reading throws', () => {
  it('isPamError, isSecret: false; retryAfterMs, stepUpAttemptsLeftOf: undefined; never a throw', () => {
    fc.assert(
      fc.property(hostile, (make) => {
        const value = make();
        expect(isPamError(value)).toBe(false);
        expect(isSecret(value)).toBe(false);
        expect(retryAfterMs(value)).toBeUndefined();
        expect(stepUpAttemptsLeftOf(value)).toBeUndefined();
      }),
    );
  });
});
