import * as z from 'zod/mini';

// Every schema built at module level is wrapped in a `/* @__PURE__ */` IIFE (why: CONTRIBUTING.md,
// Bundle size). Minifiers inline the IIFEs: the full core bundle is byte-for-byte the same size.

// Building blocks shared by the request and response schemas. Bounds the spec leaves open
// are the defaults of docs/contract.md ("Gaps in the spec").

/** A positive integer: user ids, report ids, social account ids, pages (spec gap: ids). */
export const PositiveInt = /* @__PURE__ */ (() => z.int().check(z.gte(1)))();

/** An integer code (`reason`, `kyc_id`). */
export const IntCode = /* @__PURE__ */ (() => z.int())(); // zod leaves `int` unannotated

/** Non-empty text: a blank login or password is never worth a round trip. */
export const NonEmptyString = /* @__PURE__ */ (() => z.string().check(z.minLength(1)))();

/** Limit amounts: finite numbers >= 0 (z.number() already refuses NaN and Infinity). */
export const Amount = /* @__PURE__ */ (() => z.number().check(z.gte(0)))();

/** `*_active` flags of the limits are numbers in the spec; 0 or 1 is all that makes sense. */
export const ActiveFlag = /* @__PURE__ */ (() => z.literal([0, 1]))();

/** Spec section 8: the four `*_period` fields. */
export const LimitPeriod = /* @__PURE__ */ (() => z.enum(['daily', 'weekly', 'monthly']))();
export type LimitPeriod = z.infer<typeof LimitPeriod>;

/** The `{type}` segment of connectSocial (spec gap): lower-case slug, URI-encoded when sent. */
export const SocialType = /* @__PURE__ */ (() => z.string().check(z.regex(/^[a-z0-9_-]{1,32}$/)))();

/** Optional fields every sensitive update accepts (spec section 5, item 7). */
export const sensitiveFields = /* @__PURE__ */ (() => ({
  password_check: z.optional(NonEmptyString),
  kyc_id: z.optional(IntCode),
}))();

export const optionalString = /* @__NO_SIDE_EFFECTS__ */ () => z.optional(z.string());

// RFC 9110 field-value characters a token may hold: visible ASCII only (no space, no control
// character, no NUL, no line break, nothing beyond 0x7E). Bearer tokens (RFC 6750 b64token),
// JWTs and Sanctum's `id|secret` all fit.
const HEADER_SAFE_TOKEN = /^[\x21-\x7e]+$/;

/**
 * Whether `value` can be sent as a token in an `Authorization` header. The adapter refuses any
 * other token before sending; the login and refresh answers should refuse one too.
 *
 * @example
 * isHeaderSafeToken('1|abcDEF.xyz'); // true
 * isHeaderSafeToken('abc\ndef'); // false
 */
export function isHeaderSafeToken(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 16_384 && HEADER_SAFE_TOKEN.test(value);
}

/** A token that can be a header value (see `isHeaderSafeToken`): for `access_token`/`token` in answers. */
export const HeaderSafeToken = /* @__PURE__ */ (() =>
  z
    .string()
    .check(z.refine(isHeaderSafeToken, { message: 'must be a token that can be sent in a header' })))();
