import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HeaderSafeToken } from '../../src/schemas/common';
import { MAX_SESSION_COUNTER, parseStoredSession } from '../../src/session/token';

// Issue 33 (sizes): parseStoredSession checks a stored session by hand; the zod schema it used
// (up to 2fca891) carried zod's integer, bound and nullable checks into every client bundle.
// The schema is kept here as the oracle: the same values are sessions, with the same fields.

const counter = () => z.number().check(z.int(), z.nonnegative(), z.lte(MAX_SESSION_COUNTER));
const Oracle = z.object({
  accessToken: HeaderSafeToken,
  tokenType: z.string().check(z.maxLength(64)),
  expiresAt: z.nullable(z.number()),
  savedAt: z.number(),
  userId: z.optional(
    z.number().check(z.int(), z.lte(Number.MAX_SAFE_INTEGER), z.gte(Number.MIN_SAFE_INTEGER)),
  ),
  seq: z.optional(counter()),
  sid: z.optional(counter()),
  timeBase: z.optional(z.string().check(z.maxLength(16))),
});

function oracle(value: unknown) {
  const result = Oracle.safeParse(value);
  if (!result.success) return null;
  const { userId, seq, sid, timeBase, ...rest } = result.data;
  return {
    ...rest,
    ...(timeBase === 'server' ? { timeBase } : {}),
    ...(userId === undefined ? {} : { userId }),
    ...(seq === undefined ? {} : { seq }),
    ...(sid === undefined ? {} : { sid }),
  };
}

// Values near every rule's edge, and others of every kind.
const edgy = fc.oneof(
  fc.constantFrom(
    null,
    undefined,
    0,
    -0,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 1,
    MAX_SESSION_COUNTER,
    MAX_SESSION_COUNTER + 1,
    '',
    'server',
    'device',
    'Bearer',
    'a'.repeat(16),
    'a'.repeat(17),
    'b'.repeat(64),
    'b'.repeat(65),
    'tok en',
    'tok\nen',
    '1|abc.DEF',
    'x'.repeat(16_384),
    'x'.repeat(16_385),
    true,
    [],
    {},
  ),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 70 }),
  // Outside the basic plane (an emoji is two UTF-16 units, one code point, as z.maxLength counts).
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '\u{1F642}'.repeat(33),
    '\u{1F642}'.repeat(9),
    '\u{1F642}'.repeat(65),
    '\u{1F642}'.repeat(17),
  ),
  fc.anything(),
);
const KEYS = ['accessToken', 'tokenType', 'expiresAt', 'savedAt', 'userId', 'seq', 'sid', 'timeBase'];
const good = { accessToken: 'a', tokenType: 'Bearer', expiresAt: null, savedAt: 1 };

describe('parseStoredSession', () => {
  it('takes exactly the values the zod schema took, with the same fields', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          // A good session with some fields replaced or removed (near misses).
          fc
            .dictionary(fc.constantFrom(...KEYS, 'extra'), fc.option(edgy, { nil: undefined }))
            .map((over) => ({ ...good, ...over })),
          fc.record(Object.fromEntries(KEYS.map((k) => [k, edgy])), {
            requiredKeys: ['accessToken', 'savedAt'],
          }),
          edgy,
        ),
        (value) => {
          const expected = oracle(value);
          const parsed = parseStoredSession(value);
          expect(parsed).toStrictEqual(expected === null ? null : expected);
          if (parsed) {
            expect(Object.isFrozen(parsed)).toBe(true);
            expect(Object.keys(parsed)).toEqual(Object.keys(expected ?? {}));
          }
        },
      ),
      { numRuns: 3000, seed: 33 },
    );
  });

  it('takes sessions at every bound and refuses one past it', () => {
    const session = (over: object) => parseStoredSession({ ...good, ...over });
    expect(session({ seq: MAX_SESSION_COUNTER, sid: 0, userId: Number.MIN_SAFE_INTEGER })).not.toBeNull();
    expect(session({ seq: MAX_SESSION_COUNTER + 1 })).toBeNull();
    expect(session({ sid: -1 })).toBeNull();
    expect(session({ userId: Number.MAX_SAFE_INTEGER + 1 })).toBeNull();
    expect(session({ tokenType: 'b'.repeat(64), timeBase: 'a'.repeat(16) })).not.toBeNull();
    expect(session({ tokenType: 'b'.repeat(65) })).toBeNull();
    expect(session({ timeBase: 'a'.repeat(17) })).toBeNull();
    expect(session({ expiresAt: Number.POSITIVE_INFINITY })).toBeNull();
    expect(session({ expiresAt: undefined })).toBeNull();
    expect(session({ savedAt: Number.NaN })).toBeNull();
    expect(session({ timeBase: 'server' })).toEqual({ ...good, timeBase: 'server' });
    expect(session({ timeBase: 'device' })).toEqual(good);
    // Not an object: an array holding a session's fields, a function.
    expect(parseStoredSession(Object.assign([], good))).toBeNull();
    expect(parseStoredSession(Object.assign(() => 0, good))).toBeNull();
    expect(oracle(Object.assign([], good))).toBeNull();
  });
});
