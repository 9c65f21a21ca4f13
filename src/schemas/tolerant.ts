import * as z from 'zod/mini';

// The response-field schemas built on the readers of ./read (issue 23: tolerant reading of
// answers, strict writing of requests).
import { readBoolean, readInteger, readNumber, readText, UNREADABLE, type Unreadable } from './read';

type Reader<T> = (value: unknown) => T | null | Unreadable;

/** `required`: null is an issue; `nullable`: null kept; `optional`: null read as absent. */
type Mode = 'required' | 'nullable' | 'optional';

/* @__NO_SIDE_EFFECTS__ */
function strict<T>(read: Reader<T>, expected: string, mode: Mode) {
  return z.transform((value: unknown, ctx): T | null | undefined => {
    const read_ = read(value);
    if (read_ === null && mode !== 'required') return mode === 'optional' ? undefined : null;
    if (read_ === UNREADABLE || read_ === null) {
      ctx.issues.push({ code: 'custom', message: `expected ${expected}`, input: value });
      return null;
    }
    return read_;
  });
}

type Field<T> = z.ZodMiniType<T, unknown>;

// Response fields: the value read, or an issue (an invalid answer) when it cannot be read.
/** An integer as `readInteger` reads it (ids, counts, statuses). */
export const integerField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readInteger, 'an integer', 'required') as unknown as Field<number>;
/** A boolean as `readBoolean` reads it. */
export const booleanField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readBoolean, 'a boolean', 'required') as unknown as Field<boolean>;
/** A number or null. */
export const nullableNumberField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readNumber, 'a number', 'nullable') as unknown as Field<number | null>;
/** Text as `readText` reads it. */
export const textField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readText, 'a string', 'required') as unknown as Field<string>;
/** Text or null. */
export const nullableTextField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readText, 'a string', 'nullable') as unknown as Field<string | null>;

// Optional response fields: absent or null (a NULL column) reads as absent. No `z.optional`
// around them: a transform is already optional on input (zod never reports an absent key it
// reads), and the reader gives `undefined` for null or absent, so an absent key stays absent and
// the wrapper's layer (one more run per field of every answer) changed nothing but the type.
// The type is the wrapper's, so `z.infer` still makes the key optional (`id?: number`).
type Optional<T> = z.ZodMiniOptional<Field<T | undefined>>;
/** An optional number; null reads as absent. */
export const optionalNumber = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readNumber, 'a number', 'optional') as unknown as Optional<number>;
/** An optional integer; null reads as absent. */
export const optionalInteger = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readInteger, 'an integer', 'optional') as unknown as Optional<number>;
/** An optional boolean; null reads as absent. */
export const optionalBoolean = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readBoolean, 'a boolean', 'optional') as unknown as Optional<boolean>;
/** Optional text; null reads as absent. */
export const optionalText = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readText, 'a string', 'optional') as unknown as Optional<string>;

/**
 * What a restriction field of the profile holds after reading: the canonical value, `null` (not
 * sent), or, when it could not be read, the value exactly as the server sent it (so
 * `restrictionsOf` reports it in `unreadable` and the restrictions as unknown).
 */
export type Kept<T> = T | null | UnreadableValue;
/** A value the server sent that could not be read (kept as sent): never a number. */
export type UnreadableValue = string | boolean | object;

/* @__NO_SIDE_EFFECTS__ */
function keeping<T>(read: Reader<T>) {
  return z.transform((value: unknown): Kept<T> => {
    const read_ = read(value);
    return read_ === UNREADABLE ? (value as UnreadableValue) : read_;
  }) as unknown as z.ZodMiniType<Kept<T>, unknown>;
}

/** A restriction number (days, months, amounts): read, or kept as sent; never an issue. */
export const keptNumber = /* @__NO_SIDE_EFFECTS__ */ () => keeping(readNumber);
/** A restriction flag (`*_active`, `*_exclusion`) as 1 or 0: read, or kept as sent; never an issue. */
export const keptFlag = /* @__NO_SIDE_EFFECTS__ */ () =>
  keeping((v) => {
    const b = readBoolean(v);
    return b === UNREADABLE || b === null ? b : b ? 1 : 0;
  });
/** A restriction text (periods, timestamps, notes): read, or kept as sent; never an issue. */
export const keptText = /* @__NO_SIDE_EFFECTS__ */ () => keeping(readText);
