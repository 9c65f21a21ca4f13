import * as z from 'zod/mini';

type Result = z.core.ParsePayload;

/**
 * `z.union(options)` for options that one look at the value tells apart: `pick(value)` is the
 * index of the one option that may pass (every other surely fails on that value, so when it fails
 * none passes; LoginResponse's options are told apart by `type`). The value and the issues are
 * z.union's: the picked option's value when it passes; else, as z.union decides, the issues of
 * the one option that failed without an aborting issue, if there is exactly one, else one
 * `invalid_union` holding every option's issues (toValidationIssues reports the closest). Why
 * (issue 33): z.union's class cost every bundle about 0.33 kB gz, and it tries the options in turn
 * (a login answer was read whole as a challenge first); only the picked one runs while the value
 * passes. Internal: the options run with zod's default parse context (an error map or
 * `reportInput` given to the whole parse does not reach the union's own issue).
 */
/* @__NO_SIDE_EFFECTS__ */
export function either<const O extends readonly z.ZodMiniType[]>(
  options: O,
  pick: (value: unknown) => number,
): z.ZodMiniType<z.output<O[number]>, z.input<O[number]>> {
  return z.transform((value: unknown, payload) => {
    const run = (option: z.ZodMiniType): Result =>
      option._zod.run({ value, issues: [] }, { async: false }) as Result;
    const picked = options[pick(value)]!;
    const first = run(picked);
    if (!first.issues.length) return first.value;
    // The picked option failed, so every option does: the issues z.union would give.
    const results = options.map((option) => (option === picked ? first : run(option)));
    const clean = results.filter(
      (result) => !result.aborted && result.issues.every((issue) => issue.continue === true),
    );
    if (clean.length === 1) {
      payload.issues.push(...clean[0]!.issues);
      return clean[0]!.value;
    }
    payload.issues.push({
      code: 'invalid_union',
      input: value,
      // Each option's issues as zod finalizes them (z.union's own form); a failed parse only.
      errors: options.map((option) => option.safeParse(value).error?.issues ?? []),
    });
  }) as unknown as z.ZodMiniType<z.output<O[number]>, z.input<O[number]>>;
}
