import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError, TimeoutError } from '../../src/errors/index';
import { backoffDelay, retryDelay } from '../../src/http/waiting';

// retryDelay writes the GET retries' backoff out instead of calling backoffDelay (so the adapter
// alone does not carry the general one): the two must give the same wait.
describe("retryDelay's backoff is backoffDelay's, full jitter", () => {
  const transient = [
    new NetworkError('GET', '/x'),
    new TimeoutError('GET', '/x', 10),
    new HttpError({ status: 503, method: 'GET', path: '/x' }),
    new HttpError({ status: 429, method: 'GET', path: '/x' }),
  ];

  it('gives the same wait for any attempt and any random draw', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...transient),
        fc.oneof(fc.nat(12), fc.nat()),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (error, attempt, r) => {
          const random = () => r;
          expect(retryDelay(error, attempt, random)).toBe(backoffDelay(attempt, { jitter: 'full', random }));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('draws below 250 ms * 2^attempt, 5 s at most', () => {
    const top = () => 0.999999;
    expect([0, 1, 2, 3, 4, 5, 10].map((a) => retryDelay(transient[0], a, top))).toEqual([
      249, 499, 999, 1999, 3999, 4999, 4999,
    ]);
  });
});
