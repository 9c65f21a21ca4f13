import * as z from 'zod/mini';

// `z.strictObject` and `z.looseObject` as `z.object` with their catchall (issue 33, sizes): their
// catchalls, `z.never()` and `z.unknown()`, brought two schema classes into every bundle (row
// "createAuthModule + createOfetchAdapter, login only" -73 B gz, the lean client -75 B). Each
// catchall here is an instance of a class its bundles already hold, its `type` the schema's it
// stands for. A strict object reads only its catchall's `type` (`never`: every other key is
// `unrecognized_keys`, the catchall never runs), and so do z.toJSONSchema
// (`additionalProperties: false`) and zod's compiler; a loose object runs its catchall on each
// other key, and this one keeps the value as sent, as z.unknown() does (every loose object is an
// answer's, whose fields are transforms: the class is there). Checked against zod's own forms in
// test/auth/size-objects.test.ts.

/** `z.never()` as an object's catchall: only its `type` is ever read. */
const NEVER = /* @__PURE__ */ (() => new z.ZodMiniObject({ type: 'never', shape: {} } as never))();
/** `z.unknown()` as an object's catchall: the value as it came. */
const UNKNOWN = /* @__PURE__ */ (() =>
  new z.ZodMiniTransform({ type: 'unknown', transform: (value: unknown) => value } as never))();

/** `z.strictObject(shape)`: the same object (other keys refused), without z.never's class. */
/* @__NO_SIDE_EFFECTS__ */
export function strictObject<T extends z.core.$ZodLooseShape>(
  shape: T,
): z.ZodMiniObject<z.core.util.Writeable<T>, z.core.$strict> {
  return z.object(shape, { catchall: NEVER } as never) as never;
}

/** `z.looseObject(shape)`: the same object (other keys kept as sent), without z.unknown's class. */
/* @__NO_SIDE_EFFECTS__ */
export function looseObject<T extends z.core.$ZodLooseShape>(
  shape: T,
): z.ZodMiniObject<z.core.util.Writeable<T>, z.core.$loose> {
  return z.object(shape, { catchall: UNKNOWN } as never) as never;
}
