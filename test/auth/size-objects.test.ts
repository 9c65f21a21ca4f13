import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AuthUser } from '../../src/schemas/auth';
import * as schemas from '../../src/schemas/index';

// Issue 33 (sizes): strict and loose objects without z.never's and z.unknown's classes
// (src/schemas/objects.ts). Oracle: the same schema with zod's own catchall in its place.

type Schema = z.ZodMiniType;
type Def = { type: string; shape?: Record<string, Schema>; catchall?: Schema; innerType?: Schema };
const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

/** The schema with zod's own catchall (z.never() or z.unknown()) for ours: the same def otherwise. */
function withZodCatchall(schema: Schema): Schema {
  const def = defOf(schema);
  const catchall = def.catchall?._zod.def.type === 'never' ? z.never() : z.unknown();
  return new schema._zod.constr({ ...def, catchall }) as Schema;
}

/** Every object with a catchall in `schema`, through shapes and optionals (not inside transforms). */
function objectsIn(schema: Schema, out = new Set<Schema>()): Set<Schema> {
  const def = defOf(schema);
  if (def.catchall) out.add(schema);
  for (const field of Object.values(def.shape ?? {})) objectsIn(field, out);
  if (def.innerType) objectsIn(def.innerType, out);
  return out;
}

const exported = Object.values(schemas) as Schema[];
const strict = exported.filter((s) => defOf(s).catchall?._zod.def.type === 'never');
const loose = [...new Set([...exported, AuthUser].flatMap((s) => [...objectsIn(s)]))].filter(
  (s) => defOf(s).catchall?._zod.def.type === 'unknown',
);

const outcome = (schema: Schema, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? { data: r.data } : { issues: r.error.issues };
};

const jsonSchema = (schema: Schema, io: 'input' | 'output') => {
  try {
    return { json: z.toJSONSchema(schema, { io, unrepresentable: 'any' }) };
  } catch (error) {
    return { threw: String(error) };
  }
};

/** A value for `schema`: its own keys with odd values, some dropped, and other keys. */
const valueFor = (schema: Schema) =>
  fc.oneof(
    fc.anything(),
    fc
      .tuple(
        fc.subarray(Object.keys(defOf(schema).shape ?? {})),
        fc.array(fc.anything(), { minLength: 40, maxLength: 40 }),
        fc.dictionary(fc.constantFrom('extra', 'x', '__proto__', 'constructor', 'a b'), fc.anything()),
      )
      .map(([keys, values, extra]) => {
        const value: Record<string, unknown> = { ...extra };
        keys.forEach((key, i) => {
          value[key] = values[i];
        });
        return value;
      }),
  );

describe('strict and loose objects without z.never and z.unknown', () => {
  it('finds the schemas it checks', () => {
    expect(strict.length).toBeGreaterThanOrEqual(15);
    expect(loose.length).toBeGreaterThanOrEqual(7);
  });

  it('every strict request schema: the same output and issues as with z.never(), and the same JSON Schema', () => {
    for (const schema of strict) {
      const oracle = withZodCatchall(schema);
      expect(jsonSchema(schema, 'input')).toEqual(jsonSchema(oracle, 'input'));
      expect(jsonSchema(schema, 'output')).toEqual(jsonSchema(oracle, 'output'));
      fc.assert(
        fc.property(valueFor(schema), (value) => {
          expect(outcome(schema, value)).toEqual(outcome(oracle, value));
        }),
        { numRuns: 150, seed: 33 },
      );
    }
  });

  it('every loose answer object: the same output (other keys kept as sent) and issues as with z.unknown()', () => {
    for (const schema of loose) {
      const oracle = withZodCatchall(schema);
      fc.assert(
        fc.property(valueFor(schema), (value) => {
          expect(outcome(schema, value)).toEqual(outcome(oracle, value));
        }),
        { numRuns: 150, seed: 33 },
      );
    }
  });

  it('an unknown key of a request is refused, and one of an answer kept', () => {
    expect(outcome(schemas.CheckPasswordPayload, { password: 'p', extra: 1 })).toMatchObject({
      issues: [{ code: 'unrecognized_keys', keys: ['extra'] }],
    });
    expect(outcome(schemas.UserAddress, { city: 'Recife', extra: { a: 1 } })).toEqual({
      data: { city: 'Recife', extra: { a: 1 } },
    });
  });
});
