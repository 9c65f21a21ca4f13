import * as z from 'zod/mini';

// The response-field schemas built on the readers of ./read (issue 23: tolerant reading of
// answers, strict writing of requests).
import { readBoolean, readInteger, readNumber, readText, UNREADABLE, type Unreadable } from './read';

type Reader<T> = (value: unknown) => T | null | Unreadable;

/* @__NO_SIDE_EFFECTS__ */
function strict<T>(read: Reader<T>, expected: string, nullable: boolean) {
  return z.transform((value: unknown, ctx): T | null => {
    const read_ = read(value);
    if (read_ === UNREADABLE || (read_ === null && !nullable)) {
      ctx.issues.push({ code: 'custom', message: `expected ${expected}`, input: value });
      return null;
    }
    return read_;
  });
}

// Response fields: the value read, or an issue (an invalid answer) when it cannot be read.
/** A number as `readNumber` reads it (a response field). */
export const numberField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readNumber, 'a number', false) as unknown as z.ZodMiniType<number, unknown>;
/** An integer as `readInteger` reads it (ids, counts, statuses). */
export const integerField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readInteger, 'an integer', false) as unknown as z.ZodMiniType<number, unknown>;
/** A boolean as `readBoolean` reads it. */
export const booleanField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readBoolean, 'a boolean', false) as unknown as z.ZodMiniType<boolean, unknown>;
/** A number or null. */
export const nullableNumberField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readNumber, 'a number', true) as unknown as z.ZodMiniType<number | null, unknown>;
/** Text as `readText` reads it. */
export const textField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readText, 'a string', false) as unknown as z.ZodMiniType<string, unknown>;

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
