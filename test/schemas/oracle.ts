// A reader against its zod schema as the oracle (issue 33, sizes): what the app sees from
// `parseRequest`/`parseResponse` with either must be the same (the value, its keys in order, their
// prototypes; or the error: class, code, message, issues). Values near a valid one at any depth.
import fc from 'fast-check';
import { expect } from 'vitest';
import type * as z from 'zod/mini';
import { parseRequest, parseResponse } from '../../src/schemas/common';
import { hostile, scalars } from './arbitraries';

export type Schema = z.ZodMiniType;

/** What the app sees: the value read, or the error thrown (all of its own fields). */
export function outcome(parse: () => unknown) {
  try {
    const value = parse();
    return { value, order: order(value) };
  } catch (error) {
    const e = error as Error;
    return { error: { ...e, class: e.constructor.name, name: e.name, message: e.message } };
  }
}

/** Every object's keys in order, and its prototype: what toStrictEqual does not compare. */
function order(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || depth > 8) return typeof value;
  return [
    Object.getPrototypeOf(value) === Object.prototype ? 'plain' : String(Object.getPrototypeOf(value)),
    Reflect.ownKeys(value).map((key) => [
      String(key),
      order((value as Record<PropertyKey, unknown>)[key], depth + 1),
    ]),
  ];
}

/** The same outcome of `parse` with `oracle` and with `row` on `value`. */
export function same(kind: 'request' | 'response', oracle: Schema, row: Schema, value: unknown) {
  const parse = kind === 'request' ? parseRequest : parseResponse;
  sameOutcome(
    () => parse('op', oracle, value),
    () => parse('op', row, value),
  );
}

/** The same outcome of two calls. */
export function sameOutcome(expected_: () => unknown, actual_: () => unknown) {
  const expected = outcome(expected_);
  const actual = outcome(actual_);
  // Keys (absent or undefined), their order and prototypes by `order`; the values by toEqual
  // (toStrictEqual compares `constructor`s, and an own `constructor: NaN` is never equal to itself).
  expect(actual.order).toStrictEqual(expected.order);
  expect(actual).toEqual(expected);
}

/** Odd values: every scalar kind, long and astral strings at the bounds, -0, NaN. */
export const odd = fc.oneof(
  hostile,
  fc.constantFrom(
    '\u{1F642}',
    ' \u{1F642} ',
    'x'.repeat(16_385),
    'a b',
    '529.982.247-25',
    '111.111.111-11',
    '52998224725',
    52998224725,
    -0,
    Number.NaN,
    [''],
    { length: 0 },
    { length: '0' },
    '["BR"]',
    '[1]',
    'ana@example.com',
    'google',
    1900,
    9999,
    45,
    46,
    2 ** 53 - 1,
  ),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);

/** Values a field is likely to meet at its edges (`REMOVE`: the key absent). */
// Frozen, to the last nested value: the properties hand these very objects to many values, and one
// of them changed (a key set under it by a second near miss) was every later test's, in this file
// and the files after it in the worker (isolate: false). A CI run met one made cyclic.
export const EDGES: readonly unknown[] = deepFreeze([
  undefined,
  null,
  false,
  true,
  0,
  -0,
  1,
  -1,
  0.5,
  2,
  3,
  45,
  46,
  1899,
  2026,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '0',
  '1',
  '3',
  'false',
  '',
  ' ',
  'a b',
  'daily',
  'email',
  'sms',
  'lgpd',
  'download',
  'ana@example.com',
  'ana@',
  '["BR"]',
  '[]',
  '{}',
  '2000-01-01',
  '2020-01-01',
  '529.982.247-25',
  '111.111.111-11',
  { nested: 1 },
  [],
  [1, '2'],
]);

/** `value` and every object under it frozen. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Every object in `value` (itself too). */
function objectsIn(value: unknown, out = new Set<unknown>()): Set<unknown> {
  if (typeof value === 'object' && value !== null && !out.has(value)) {
    out.add(value);
    for (const v of Object.values(value)) objectsIn(v, out);
  }
  return out;
}

export const REMOVE = Symbol('remove');

/**
 * `base` with one value at any depth (a path to one of its values, or a new key under one of its
 * objects, `__proto__` and `constructor` too) set to another value, or removed.
 */
export const nearMiss = (base: object, times = 1) =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom(...pathsOf(base)),
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...EDGES, REMOVE) },
          { weight: 1, arbitrary: scalars },
          { weight: 1, arbitrary: odd },
        ),
      ),
      { minLength: times, maxLength: times },
    )
    .map((misses) => {
      const root = structuredClone(base) as Record<string, unknown>;
      // Only the clone's own objects are changed: a path into a value an earlier miss set (an
      // edge, a hostile value: shared by every run) sets nothing.
      const own = objectsIn(root);
      for (const [path, value] of misses) setAt(root, path, value, own);
      return root;
    });

function pathsOf(value: unknown, at: string[] = [], out: string[][] = []): string[][] {
  if (typeof value !== 'object' || value === null) return out;
  if (!Array.isArray(value))
    for (const extra of ['__proto__', 'constructor', 'extra']) out.push([...at, extra]);
  for (const [k, v] of Object.entries(value)) {
    out.push([...at, k]);
    pathsOf(v, [...at, k], out);
  }
  return out;
}

/**
 * `root` with the value at `path` set to `value` (an own key, `__proto__` too), or removed; with
 * `own`, only in one of those objects (else nothing is set).
 */
export function setAt(root: Record<string, unknown>, path: string[], value: unknown, own?: Set<unknown>) {
  let at: unknown = root;
  for (const key of path.slice(0, -1)) {
    // A path into a value another miss replaced by a scalar (or removed): nothing to set.
    if (typeof at !== 'object' || at === null) return root;
    at = (at as Record<string, unknown>)[key];
  }
  if (typeof at !== 'object' || at === null || !Object.isExtensible(at) || (own && !own.has(at))) return root;
  const last = path[path.length - 1]!;
  if (value === REMOVE) delete (at as Record<string, unknown>)[last];
  else Object.defineProperty(at, last, { value, enumerable: true, writable: true, configurable: true });
  return root;
}

/** An object whose one field is a getter. */
export const withGetter = (base: object, key: string, get: () => unknown) =>
  Object.defineProperty({ ...base }, key, { get, enumerable: true, configurable: true });
