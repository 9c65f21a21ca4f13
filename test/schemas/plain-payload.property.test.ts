import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createUserModule, isPamError } from '../../src/index';

// REVIEW-U U-7: `updateProfile(id, x)` (every field optional) sent `{}` and resolved for an object
// that is no plain object: a Promise (a forgotten await), Map, Set, Date, Error, RegExp, a typed
// array, a class instance. Now every payload must be a plain object (prototype Object.prototype or
// null): anything else is `(root): expected object`, nothing sent.

class Foo {
  first_name = 'A';
}
const NOT_PLAIN: (() => unknown)[] = [
  () => Promise.resolve({ first_name: 'A' }),
  () => new Map([[1, 2]]),
  () => new Set([1]),
  () => new Date(0),
  () => new Error('x'),
  () => /re/,
  () => new Uint8Array(0),
  () => new Foo(),
  () => Object.create({ first_name: 'A' }),
];

const counting = () => {
  const sent: unknown[] = [];
  const method = async (path: string, body?: unknown) => {
    sent.push([path, body]);
    return {};
  };
  return { sent, http: { get: method, post: method, patch: method, delete: method } };
};

describe('a payload that is no plain object', () => {
  it('is refused by updateProfile, nothing sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NOT_PLAIN), async (make) => {
        const { sent, http } = counting();
        const e = (await createUserModule(http as never)
          .updateProfile(7, make() as never)
          .catch((x) => x)) as { issues?: unknown };
        expect(e).toMatchObject({ code: 'invalid_request' });
        expect(e.issues).toEqual([expect.objectContaining({ path: [], message: 'expected object' })]);
        expect(sent).toEqual([]);
      }),
    );
  });

  it('is refused by every payload row that takes an object (updateLimits, updateAddress)', async () => {
    for (const make of NOT_PLAIN) {
      const { sent, http } = counting();
      const user = createUserModule(http as never);
      for (const call of [
        () => user.updateLimits(make() as never),
        () => user.updateAddress(make() as never),
      ]) {
        const e = await call().catch((x) => x);
        expect(isPamError(e) && e.code).toBe('invalid_request');
      }
      expect(sent).toEqual([]);
    }
  });

  it('a plain object, or one with no prototype, is still sent', async () => {
    for (const payload of [
      { first_name: 'Ana' },
      Object.assign(Object.create(null), { first_name: 'Ana' }),
    ]) {
      const { sent, http } = counting();
      await createUserModule(http as never).updateProfile(7, payload);
      expect(sent).toEqual([['/users/update/7', { first_name: 'Ana' }]]);
    }
  });
});
