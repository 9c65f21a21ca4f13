// Values for property tests of the schemas: every schema the modules validate with, and values
// shaped like each (valid ones, near misses) or hostile (prototype keys, -0, huge numbers, escapes).
import fc from 'fast-check';
import * as z from 'zod/mini';
import * as auth from '../../src/schemas/auth';
import { PositiveInt, SocialType } from '../../src/schemas/common';
import * as report from '../../src/schemas/income-report';
import * as limits from '../../src/schemas/limits';
import * as user from '../../src/schemas/user';
import * as wallet from '../../src/schemas/wallet';

export type Schema = z.ZodMiniType;
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && '_zod' in v;

/** Every schema the modules validate with, their parts included (they are read through the whole). */
export const OURS: [string, Schema][] = Object.entries<unknown>({
  ...auth,
  ...report,
  ...limits,
  ...user,
  ...wallet,
  PositiveInt,
  SocialType,
}).filter((entry): entry is [string, Schema] => isSchema(entry[1]));

const sym = Symbol('field');
export const withProtoKey = (shape: Record<string, Schema>, field: Schema) => {
  Object.defineProperty(shape, '__proto__', {
    value: field,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return shape;
};

/** Kinds none of our schemas has today: the reader must read them as zod does, or leave them to zod. */
export const OTHER_KINDS: [string, Schema][] = [
  ['required unknown', z.object({ a: z.unknown(), b: z.any() })],
  ['default', z.object({ a: z._default(z.string(), 'd'), b: z.optional(z._default(z.number(), 1)) })],
  ['prefault', z.object({ a: z.prefault(z.string(), 'p') })],
  [
    'exactOptional + nullable',
    z.object({ a: z.exactOptional(z.nullable(z.string())), b: z.nullable(z.number()) }),
  ],
  [
    'transform reading undefined',
    z.object({
      a: z.transform((v: unknown) => (v === undefined ? 'none' : v)),
      b: z.optional(z.transform(String)),
    }),
  ],
  ['__proto__ field', z.object(withProtoKey({ a: z.string() }, z.unknown()))],
  [
    '__proto__ field, loose',
    z.looseObject(withProtoKey({ a: z.optional(z.string()) }, z.optional(z.unknown()))),
  ],
  ['symbol field', z.object({ a: z.string(), [sym]: z.optional(z.number()) })],
  ['array of a union', z.array(z.union([z.string(), z.number(), z.object({ k: z.literal('x') })]))],
  ['xor', z.xor([z.object({ a: z.string() }), z.object({ b: z.string() })])],
  [
    'discriminated union',
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), x: z.string() }),
      z.object({ kind: z.literal('b'), y: z.number() }),
    ]),
  ],
  ['union of one', z.union([z.object({ kind: z.literal('a'), x: z.optional(z.string()) })])],
  [
    'union with a guard',
    z.union([z.object({ kind: z.enum(['a', 'b']), x: z.string() }), z.object({ x: z.optional(z.string()) })]),
  ],
  ['object with a check', z.object({ a: z.string() }).check(z.refine((v) => v.a !== 'no'))],
  ['array with a check', z.array(z.number()).check(z.maxLength(2))],
  ['strict object', z.strictObject({ a: z.string(), b: z.optional(z.number()) })],
  ['loose object', z.looseObject({ a: z.optional(z.string()) })],
  ['catchall string', z.catchall(z.object({ a: z.optional(z.string()) }), z.string())],
  ['catchall number', z.catchall(z.object({ a: z.optional(z.string()) }), z.number())],
  ['record', z.record(z.string(), z.number())],
  ['tuple', z.tuple([z.string(), z.optional(z.number())])],
  ['nested optional array', z.object({ list: z.optional(z.array(z.object({ id: z.number() }))) })],
  [
    'pipe',
    z.pipe(
      z.string(),
      z.transform((s) => s.length),
    ),
  ],
  ['inherited keys', z.object({ toString: z.optional(z.unknown()), constructor: z.optional(z.unknown()) })],
];

export const SCHEMAS: [string, Schema][] = [...OURS, ...OTHER_KINDS];

// Values: generated from each schema's shape (valid ones and near misses), and hostile ones.

export const scalars = fc.oneof(
  fc.constantFrom(
    null,
    undefined,
    true,
    false,
    0,
    -0,
    1,
    2,
    -1,
    0.5,
    '',
    ' ',
    '0',
    '1',
    '1.00',
    ' 7 ',
    '7.5',
    'true',
    'FALSE',
    'abc',
    '0x10',
    'Infinity',
    '1e999',
    '2026-11-29',
    'daily',
    'two_factor_code',
    'cancelled_account',
    'Bearer',
    '1|abc',
    'a\nb',
    'quote"back\\slash\u0000\u2028',
    '%2F&amp;',
    '9'.repeat(400),
    2 ** 53,
    -(2 ** 53),
    2 ** 53 + 2,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NaN,
    '__proto__',
  ),
  fc.integer(),
  fc.double(),
  fc.string(),
);

/** A plain object holding `__proto__` as an own key, as JSON.parse builds it. */
export const protoKeyed = fc
  .tuple(fc.dictionary(fc.string(), scalars, { maxKeys: 2 }), scalars)
  .map(([o, v]) => {
    const out = JSON.parse(JSON.stringify(o)) as Record<string, unknown>;
    Object.defineProperty(out, '__proto__', {
      value: v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return out;
  });

export const hostile = fc.oneof(
  scalars,
  protoKeyed,
  fc.constantFrom(
    Object.create(null),
    Object.create({ inherited: 1, id: 3, email: 'x@y.z' }),
    new Date(0),
    new Map([['a', 1]]),
    // An array with a hole (index 0 absent).
    Object.assign(new Array(2), { 1: 1 }),
    [],
    {},
    1n,
    Symbol('s'),
    () => 1,
    JSON.parse('{"__proto__": {"polluted": 1}, "id": 1}'),
  ),
  fc.anything({
    maxDepth: 2,
    withNullPrototype: true,
    withSparseArray: true,
    withDate: true,
    withMap: true,
    withBigInt: true,
    withBoxedValues: true,
  }),
);

interface Def {
  type: string;
  shape?: Record<PropertyKey, Schema>;
  element?: Schema;
  innerType?: Schema;
  options?: Schema[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  items?: Schema[];
}

/** Values shaped like `schema` (any key may go missing, some keys are extra), with near misses. */
export function valuesLike(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const def = schema._zod.def as unknown as Def;
  if (depth > 4) return hostile;
  const near = (arb: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 6, arbitrary: arb }, { weight: 1, arbitrary: hostile });
  switch (def.type) {
    case 'object': {
      const keys = Reflect.ownKeys(def.shape ?? {});
      const fields = keys.map((key) =>
        fc.tuple(fc.constant(key), valuesLike(def.shape![key as string]!, depth + 1), fc.nat(9)),
      );
      return near(
        fc
          .tuple(
            fc.tuple(...fields),
            fc.dictionary(fc.constantFrom('extra', 'x', 'id', '__proto__', 'a'), scalars, { maxKeys: 2 }),
          )
          .map(([entries, extra]) => {
            const out: Record<PropertyKey, unknown> = {};
            // 1 in 10 absent, 1 in 10 present as undefined, 1 in 10 null.
            // Own keys, `__proto__` too (as JSON.parse makes them), never the prototype's setter.
            const own = (key: PropertyKey, value: unknown) =>
              Object.defineProperty(out, key, {
                value,
                enumerable: true,
                writable: true,
                configurable: true,
              });
            for (const [key, value, roll] of entries) {
              if (roll === 0) continue;
              own(key, roll === 1 ? undefined : roll === 2 ? null : value);
            }
            for (const [key, value] of Object.entries(extra)) own(key, value);
            return out;
          }),
      );
    }
    case 'array':
      return near(fc.array(valuesLike(def.element!, depth + 1), { maxLength: 3 }));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return fc.oneof(fc.constantFrom(undefined, null), valuesLike(def.innerType!, depth + 1));
    case 'union':
      return fc.oneof(...def.options!.map((option) => valuesLike(option, depth + 1)));
    case 'enum':
      return near(fc.constantFrom(...Object.values(def.entries ?? {}), 'other'));
    case 'literal':
      return near(fc.constantFrom(...(def.values ?? []), 'other'));
    case 'tuple':
      return near(fc.tuple(...def.items!.map((item) => valuesLike(item, depth + 1))));
    default:
      return near(scalars);
  }
}
