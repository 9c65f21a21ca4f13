import * as z from 'zod/mini';

type Result = z.core.ParsePayload;

/**
 * `z.union(options)` for options that one look at the value tells apart, as a discriminated
 * union: `pick(value)` is the index of the option the value means (every other surely fails on
 * it; LoginResponse's options are told apart by `type`), and that option alone reads it: its value
 * and its issues are the result. So a login answer without `type` that lacks `access_token` says
 * so (REVIEW-N), where z.union named the option with the fewest issues (the challenge's `type`, on
 * a tie). Why not z.union (issue 33): its class cost every bundle about 0.33 kB gz, and it tries
 * the options in turn (a login answer was read whole as a challenge first). Internal: the option
 * runs with zod's default parse context (an error map or `reportInput` given to the whole parse
 * does not reach it).
 */
/* @__NO_SIDE_EFFECTS__ */
export function either<const O extends readonly z.ZodMiniType[]>(
  options: O,
  pick: (value: unknown) => number,
): z.ZodMiniType<z.output<O[number]>, z.input<O[number]>> {
  return z.transform((value: unknown, payload) => {
    const result = options[pick(value)]!._zod.run({ value, issues: [] }, { async: false }) as Result;
    payload.issues.push(...result.issues);
    return result.value;
  }) as unknown as z.ZodMiniType<z.output<O[number]>, z.input<O[number]>>;
}
