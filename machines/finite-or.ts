// The one reader of a numeric setting from an input: a machine's intervals and shares fall back to
// their default rather than spin (0, NaN) or never fire (Infinity).

/** `value` when it is a finite number >= `min`, else `fallback` (undefined, NaN, too small). */
export const finiteOr = (value: number | undefined, fallback: number, min: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min ? value : fallback;
