import * as z from 'zod/mini';

// Building blocks shared by the request and response schemas. Bounds the spec leaves open
// are the defaults of API.md ("Gaps in the spec").

/** A positive integer: user ids, report ids, social account ids, pages (spec gap: ids). */
export const PositiveInt = z.int().check(z.gte(1));

/** An integer code (`reason`, `kyc_id`). */
export const IntCode = z.int();

/** Non-empty text: a blank login or password is never worth a round trip. */
export const NonEmptyString = z.string().check(z.minLength(1));

/** Limit amounts: finite numbers >= 0 (z.number() already refuses NaN and Infinity). */
export const Amount = z.number().check(z.gte(0));

/** `*_active` flags of the limits are numbers in the spec; 0 or 1 is all that makes sense. */
export const ActiveFlag = z.literal([0, 1]);

/** Spec section 8: the four `*_period` fields. */
export const LimitPeriod = z.enum(['daily', 'weekly', 'monthly']);
export type LimitPeriod = z.infer<typeof LimitPeriod>;

/** The `{type}` segment of connectSocial (spec gap): lower-case slug, URI-encoded when sent. */
export const SocialType = z.string().check(z.regex(/^[a-z0-9_-]{1,32}$/));

/** Optional fields every sensitive update accepts (spec section 5, item 7). */
export const sensitiveFields = {
  password_check: z.optional(NonEmptyString),
  kyc_id: z.optional(IntCode),
};

export const optionalString = () => z.optional(z.string());
export const nullableString = () => z.nullable(z.string());
