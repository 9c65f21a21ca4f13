import * as z from 'zod/mini';
import { isValidCpf, normalizeCpf } from '../responsible-gaming/cpf';
import { isAtLeastYearsOld } from '../responsible-gaming/time';
import { HeaderSafeToken, NonEmptyString, optionalString } from './common';
import { UserLimitsFields } from './limits';
import { rule } from './rule';

/** A CPF login in its one sent form: digits only. Anything else (an e-mail, a username) as given. */
const cpfAsDigits = (login: string): string => {
  const digits = normalizeCpf(login);
  return digits !== null && isValidCpf(digits) ? digits : login;
};

/**
 * Spec 2.1. A login that is a CPF (11 digits once `.`, `-` and spaces are stripped, with valid
 * check digits) is sent as digits only, however the player typed it; e-mails are sent untouched.
 *
 * @example
 * await auth.login({ login: '529.982.247-25', password }); // sends login: '52998224725'
 */
export const LoginPayload = /* @__PURE__ */ (() =>
  z
    .strictObject({
      login: NonEmptyString,
      password: NonEmptyString,
      captcha_token: z.optional(NonEmptyString),
      app_source: optionalString(),
      two_factor_code: z.optional(NonEmptyString),
    })
    // A check, not a transform: input and output types stay the same (see UpdateLimitsPayload).
    .check(
      z.overwrite((p) => {
        p.login = cpfAsDigits(p.login);
        return p;
      }),
    ))();
export type LoginPayload = z.infer<typeof LoginPayload>;

// Spec 2.3. Fields of document, country_data and wallet are not shown: objects, keys kept.
// No Required column, so every field is optional but typed when present (docs/contract.md).
export const AuthUser = /* @__PURE__ */ (() =>
  z.object({
    id: z.optional(z.number()),
    email: optionalString(),
    username: optionalString(),
    name: optionalString(),
    first_name: optionalString(),
    last_name: optionalString(),
    phone: optionalString(),
    ddi: optionalString(),
    birth_date: optionalString(),
    gender: optionalString(),
    country: optionalString(),
    language: optionalString(),
    currency: optionalString(),
    document: z.optional(z.looseObject({})),
    country_data: z.optional(z.looseObject({})),
    wallet: z.optional(z.looseObject({})),
    token: optionalString(),
    is_active: z.optional(z.boolean()),
    cancelled_account: z.optional(z.boolean()),
    bonus_enabled: z.optional(z.boolean()),
    ftd_date: z.optional(z.nullable(z.string())),
    ftd_value: z.optional(z.nullable(z.number())),
    mother_name: optionalString(),
  }))();
export type AuthUser = z.infer<typeof AuthUser>;

/** `z.partial` of a shape, as a shape: every field wrapped in `z.optional`. */
/* @__NO_SIDE_EFFECTS__ */
function optionalFields<S extends Record<string, z.ZodMiniType>>(
  shape: S,
): { [K in keyof S]: z.ZodMiniOptional<S[K]> } {
  const out: Record<string, z.ZodMiniType> = {};
  for (const key in shape) out[key] = z.optional(shape[key]!);
  return out as { [K in keyof S]: z.ZodMiniOptional<S[K]> };
}

// Spec 2.4. The shape is kept apart so the profile's userInfo and the login challenge's partial
// userInfo are plain objects built from it (z.extend and z.partial would add ~0.7 kB gz to a bundle).
const authUserInfoShape = /* @__PURE__ */ (() => ({
  validate_email_at: z.nullable(z.string()),
  login_at: z.string(),
  login_attempt_qty: z.number(),
  seven_days_since_last_login: z.boolean(),
  strong_password: z.boolean(),
  force_request_kyc: z.boolean(),
  two_factor_enabled: z.boolean(),
  two_factor_type: optionalString(),
}))();
export const AuthUserInfo = /* @__PURE__ */ (() => z.object(authUserInfoShape))();
export type AuthUserInfo = z.infer<typeof AuthUserInfo>;

/** The outcomes a login can announce instead of a session (spec 5, item 2). */
export const LoginChallengeType = /* @__PURE__ */ (() => z.enum(['cancelled_account', 'two_factor_code']))();
export type LoginChallengeType = z.infer<typeof LoginChallengeType>;

/** The longest token life we believe (`expires_in`, seconds): one year. Longer is clamped to it. */
export const MAX_EXPIRES_IN_S: number = 31_536_000; // 365 days; a literal, so an unused import drops it

/** `expires_in`: a finite number of seconds >= 0 (zod refuses NaN/Infinity), clamped to one year. */
const ExpiresIn = /* @__PURE__ */ (() =>
  z.number().check(
    z.gte(0),
    z.overwrite((n) => Math.min(n, MAX_EXPIRES_IN_S)),
  ))();

/** Spec 2.2 without `type`: a login that yields a session. The token must fit a header. */
export const LoginSuccess = /* @__PURE__ */ (() =>
  z.object({
    access_token: HeaderSafeToken,
    expires_in: ExpiresIn,
    token_type: z.string(),
    user: AuthUser,
    userInfo: AuthUserInfo,
    type: z.optional(z.undefined()),
  }))();
export type LoginSuccess = z.infer<typeof LoginSuccess>;

/** Spec 2.2 with `type` set: every other field may be absent (docs/contract.md gap default). */
export const LoginChallenge = /* @__PURE__ */ (() =>
  z.object({
    type: LoginChallengeType,
    access_token: z.optional(z.string()),
    expires_in: z.optional(z.number()),
    token_type: optionalString(),
    user: z.optional(AuthUser),
    userInfo: z.optional(z.object(optionalFields(authUserInfoShape))),
    message: optionalString(),
  }))();
export type LoginChallenge = z.infer<typeof LoginChallenge>;

/**
 * Spec 2.2, also the result of registration. Narrow on `type`:
 *
 * @example
 * const r = await auth.login({ login, password });
 * if (r.type === 'two_factor_code') askForCode();
 * else if (r.type === undefined) save(r.access_token);
 */
export const LoginResponse = /* @__PURE__ */ (() => z.union([LoginChallenge, LoginSuccess]))();
export type LoginResponse = z.infer<typeof LoginResponse>;

/** What the profile fetch answers: userInfo also carries the user's limits (spec 2.4, 2.12). */
export const UserProfileInfo = /* @__PURE__ */ (() =>
  z.object({ ...authUserInfoShape, ...UserLimitsFields }))();
export type UserProfileInfo = z.infer<typeof UserProfileInfo>;
export const UserProfileResponse = /* @__PURE__ */ (() =>
  z.object({ user: AuthUser, userInfo: UserProfileInfo }))();
export type UserProfileResponse = z.infer<typeof UserProfileResponse>;

// Spec 4.1
export const RefreshTokenResponse = /* @__PURE__ */ (() => z.object({ access_token: HeaderSafeToken }))();
export type RefreshTokenResponse = z.infer<typeof RefreshTokenResponse>;

// Spec 2.5. `nationalities` is a JSON-encoded array of strings (`'["BR"]'`): we check it parses
// to one. Never the value in a message.
const isJsonStringArray = (s: string): boolean => {
  try {
    const v: unknown = JSON.parse(s);
    return Array.isArray(v) && v.every((x) => typeof x === 'string');
  } catch {
    return false;
  }
};
const JsonString = /* @__PURE__ */ (() =>
  z.string().check(rule(isJsonStringArray, 'must be a JSON-encoded array of strings')))();

/** Minimum age to register (Lei 14.790/2023, art. 26, I). */
export const MIN_PLAYER_AGE = 18;

/**
 * Spec 2.5. Refused before sending: a `birth_date` under 18 years on today's date in São Paulo
 * (or unreadable), and a `number` that is not a CPF with valid check digits; a valid CPF is sent
 * as digits only. Issues name the field, never its value.
 *
 * @example
 * await auth.registerSimplified({ email, password, country: 'BR', nationalities: '["BR"]', optIn: true,
 *   number: '529.982.247-25', birth_date: '1990-05-01' }); // sends number: '52998224725'
 */
export const RegisterSimplifiedPayload = /* @__PURE__ */ (() =>
  z
    .strictObject({
      email: z.email(),
      password: NonEmptyString,
      country: NonEmptyString,
      nationalities: JsonString,
      optIn: z.boolean(),
      ddi: optionalString(),
      phone: optionalString(),
      name: optionalString(),
      birth_date: optionalString(),
      number: optionalString(),
      captcha_token: z.optional(NonEmptyString),
      app_source: optionalString(),
      affiliation_code: optionalString(),
    })
    .check(
      rule(
        (p: { birth_date?: string }) =>
          p.birth_date === undefined || isAtLeastYearsOld(p.birth_date, MIN_PLAYER_AGE),
        `must be a date (YYYY-MM-DD) at least ${MIN_PLAYER_AGE} years ago`,
        ['birth_date'],
      ),
      rule(
        (p: { number?: string }) => p.number === undefined || isValidCpf(p.number),
        'must be a valid CPF',
        ['number'],
      ),
      z.overwrite((p) => {
        if (p.number !== undefined) p.number = normalizeCpf(p.number) ?? p.number;
        return p;
      }),
    ))();
export type RegisterSimplifiedPayload = z.infer<typeof RegisterSimplifiedPayload>;

// Spec 2.6
export const ForgotPasswordPayload = /* @__PURE__ */ (() =>
  z.strictObject({
    login: NonEmptyString,
    captcha_token: z.optional(NonEmptyString),
  }))();
export type ForgotPasswordPayload = z.infer<typeof ForgotPasswordPayload>;

export const ValidateDocumentPayload = /* @__PURE__ */ (() =>
  z.strictObject({
    number: NonEmptyString,
    captcha_token: z.optional(NonEmptyString),
  }))();
export type ValidateDocumentPayload = z.infer<typeof ValidateDocumentPayload>;

export const ValidateDocumentResponse = /* @__PURE__ */ (() =>
  z.object({
    docnumber: optionalString(),
    docnumber_valid: z.optional(z.boolean()),
    birth_date: optionalString(),
    gender: optionalString(),
    mother_name: optionalString(),
    name: optionalString(),
  }))();
export type ValidateDocumentResponse = z.infer<typeof ValidateDocumentResponse>;
