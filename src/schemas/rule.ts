import * as z from 'zod/mini';

/**
 * `z.refine(ok, { message, path })`, built on the lighter `z.check`: z.refine makes each rule a
 * `$ZodCustom` schema, which adds ~0.2 kB gz to every bundle that holds one. The issue is the one
 * refine raises (code `custom`, the message from the check's own `error`, `continue: true`), so
 * `safeParse` results and our `ValidationIssue`s are unchanged. Internal: not re-exported.
 */
/* @__NO_SIDE_EFFECTS__ */
export function rule<T>(
  ok: (value: T) => boolean,
  message: string,
  path: PropertyKey[] = [],
): z.core.$ZodCheck<T> {
  const check: z.core.$ZodCheck<T> = z.check<T>(
    (payload) => {
      if (!ok(payload.value)) {
        payload.issues.push({
          code: 'custom',
          input: payload.value,
          inst: check,
          path: [...path],
          continue: true,
        });
      }
    },
    { message },
  );
  return check;
}
