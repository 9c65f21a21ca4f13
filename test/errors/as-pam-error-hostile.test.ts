import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asPamError } from '../../src/errors/classify';
import { isPamError, UnexpectedError } from '../../src/index';

// REVIEW-K 1: asPamError, the one wrapper of foreign throws (an app's onStepUp, a server store,
// an actor), threw itself on a hostile value (a name getter that throws, a Proxy whose
// getPrototypeOf throws, a revoked Proxy, a Symbol name) and copied a foreign `name` into its
// message ("Unexpected failure (typed=Secret123!)"). It never throws, and keeps a class name only
// when it looks like one.

const SECRET = 'Secret123!';

const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};

const hostile: [string, () => unknown][] = [
  [
    'a name getter that throws',
    () =>
      Object.defineProperty(new Error('x'), 'name', {
        get: () => {
          throw new Error(`getter leaked ${SECRET}`);
        },
      }),
  ],
  [
    'a Proxy whose getPrototypeOf throws',
    () =>
      new Proxy(new Error('x'), {
        getPrototypeOf: () => {
          throw new Error(`proto ${SECRET}`);
        },
      }),
  ],
  [
    'a Proxy whose get throws',
    () =>
      new Proxy(
        {},
        {
          get: () => {
            throw new Error(`get ${SECRET}`);
          },
        },
      ),
  ],
  ['a revoked Proxy', revoked],
  ['a name that quotes a secret', () => Object.assign(new Error('x'), { name: `typed=${SECRET}` })],
  [
    'a name that converts to a secret',
    () => Object.assign(new Error('x'), { name: { toString: () => SECRET } }),
  ],
  ['a Symbol name', () => Object.assign(new Error('x'), { name: Symbol(SECRET) })],
  ['a very long name', () => Object.assign(new Error('x'), { name: `E${'a'.repeat(500)}` })],
];

describe('asPamError on hostile values', () => {
  for (const [what, make] of hostile) {
    it(`${what}: an UnexpectedError, nothing foreign in it`, () => {
      const e = asPamError(make());
      expect(e).toBeInstanceOf(UnexpectedError);
      expect(isPamError(e)).toBe(true);
      expect(e.message).not.toContain(SECRET);
      expect(e.message).toMatch(/^Unexpected failure \([A-Za-z]\w{0,40}\)$/);
      expect(String((e as { cause?: unknown }).cause)).not.toContain(SECRET);
    });
  }

  it('a plain class name is kept', () => {
    expect(asPamError(new RangeError('x')).message).toBe('Unexpected failure (RangeError)');
    expect(asPamError('text').message).toBe('Unexpected failure (string)');
  });

  it('any thrown value: never throws, never quotes a name that is no class name', () => {
    const NAME = /^Unexpected failure \([A-Za-z]\w{0,40}\)$/;
    fc.assert(
      fc.property(
        fc.anything(),
        fc.string({ minLength: 6 }).filter((x) => /[^\w]/.test(x)),
        (value, secret) => {
          expect(asPamError(value).message).toMatch(NAME);
          const e = asPamError(Object.assign(new Error('x'), { name: secret }));
          expect(isPamError(e)).toBe(true);
          expect(e.message).toBe('Unexpected failure (Error)');
        },
      ),
    );
  });
});
