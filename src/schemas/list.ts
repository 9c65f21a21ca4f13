import * as z from 'zod/mini';

/**
 * `z.array(element)` for the answers' lists, as a transform (issue 33, sizes: z.array's class cost
 * the bundles that read a list about 0.3 kB gz). The same value and issues: a non-array is
 * `invalid_type` (expected `array`); each item is read by `element`, its issues under its index,
 * and the output is a new array of what it read (a hole reads as `undefined`). Internal: the items
 * run with zod's default parse context (a parse's error map or `reportInput` does not reach them).
 */
/* @__NO_SIDE_EFFECTS__ */
export function list<T extends z.ZodMiniType>(element: T): z.ZodMiniType<z.output<T>[], z.input<T>[]> {
  return z.transform((value: unknown, payload) => {
    if (!Array.isArray(value)) {
      payload.issues.push({ code: 'invalid_type', expected: 'array', input: value });
      return value;
    }
    const out: unknown[] = Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = element._zod.run({ value: value[i], issues: [] }, { async: false }) as z.core.ParsePayload;
      for (const issue of item.issues) payload.issues.push({ ...issue, path: [i, ...(issue.path ?? [])] });
      out[i] = item.value;
    }
    return out;
  }) as unknown as z.ZodMiniType<z.output<T>[], z.input<T>[]>;
}
