import * as z from 'zod/mini';
import { isValidCpf, normalizeCpf } from '../responsible-gaming/cpf';
import { isAtLeastYearsOld } from '../responsible-gaming/time';
import {
  AppSource,
  booleanField,
  Captcha,
  CODE_MAX,
  CONTACT_OR_EMPTY,
  Contact,
  DOCUMENT_TEXT,
  documentText,
  EMAIL_MAX,
  HeaderSafeToken,
  integerField,
  matching,
  nonEmpty,
  nullableNumberField,
  nullableTextField,
  optionalBoolean,
  optionalInteger,
  optionalNumber,
  optionalString,
  optionalText,
  Password,
  PHONE_OR_EMPTY,
  secretText,
  sentEmail,
  typedText,
} from './common';
import { either } from './either';
import { UserLimitsFields } from './limits';
import { looseObject, strictObject } from './objects';
import {
  isJsonStringArray,
  isLoginText,
  loginAsSent,
  NATIONALITIES,
  NOT_LOGIN_TEXT,
  tokenLifeOf,
} from './readers/auth';
import { MIN_PLAYER_AGE } from './readers/core';
import { rule } from './rule';

/**
 * A login field: read as sent first (`loginAsSent`: a CPF as digits; anything else without its
 * invisible characters, trimmed), then refused when nothing is left, when longer than an e-mail may
 * be (`EMAIL_MAX`; a CPF is shorter: review 115, a 5 MB login was sent), or with a control
 * character (`isLoginText`, review 133). Its issues are on `login`.
 */
const Login = /* @__PURE__ */ (() =>
  z.string().check(z.overwrite(loginAsSent), nonEmpty(EMAIL_MAX), rule(isLoginText, NOT_LOGIN_TEXT)))();

/**
 * A two-factor code as sent (REVIEW-AC AC-3, AD-3, AF-2): its characters once read (`typedText`:
 * NFKC, any decimal digits as ASCII, nothing invisible or blank anywhere: a pasted '123456\n',
 * '\u0661\u0662\u0663 456' or '123456\u200B' spent one of the five attempts), then refused when
 * nothing is left.
 */
const Code = /* @__PURE__ */ (() => z.string().check(z.overwrite(typedText), nonEmpty(CODE_MAX)))();

/**
 * Spec 2.1. The login is sent trimmed, without invisible characters; one that is a CPF (11 digits
 * once `.`, `-` and white space are stripped, with valid check digits) is sent as digits only,
 * however the player typed it. `app_source` is 1 to 64 visible ASCII characters (`AppSource`).
 *
 * @example
 * await auth.login({ login: '529.982.247-25', password }); // sends login: '52998224725'
 * await auth.login({ login: ' ana@example.com ', password }); // sends login: 'ana@example.com'
 */
export const LoginPayload = /* @__PURE__ */ (() =>
  strictObject({
    login: Login,
    password: Password,
    captcha_token: Captcha,
    app_source: AppSource,
    two_factor_code: z.optional(Code),
  }))();
/** What `LoginPayload` reads: the body of `login`: e-mail or CPF, password, and the 2FA code on the second step. */
export type LoginPayload = z.infer<typeof LoginPayload>;

/** Optional text read tolerantly (a number becomes its decimal text). */
const text = optionalText;
const flag = optionalBoolean;

/**
 * `user.document`: the spec does not show its fields; the reference server and the service send
 * `{ type: 'cpf', number: '<11 digits>' }`. Other keys are kept.
 *
 * @example
 * const cpf = formatCpf(user.document?.number); // '529.982.247-25' or null
 */
export const AuthUserDocument = /* @__PURE__ */ (() => looseObject({ type: text(), number: text() }))();
export type AuthUserDocument = z.infer<typeof AuthUserDocument>;

/**
 * `user.country_data`: `{ code, name, ddi }` as the reference server shows it. Other keys are kept.
 *
 * @example
 * user.country_data?.name; // 'Brasil'
 */
export const AuthUserCountryData = /* @__PURE__ */ (() =>
  looseObject({ code: text(), name: text(), ddi: text() }))();
export type AuthUserCountryData = z.infer<typeof AuthUserCountryData>;

/**
 * `user.wallet` in the login answer: the spec's Wallet fields (2.14), each optional and read
 * tolerantly (`'12.50'`, `'1'`), other keys kept. For the wallet module's own answer, normalised
 * with every default, use `transformWalletResponse`.
 */
const AuthUserWallet = /* @__PURE__ */ (() => {
  const [n, b, t] = [optionalNumber, optionalBoolean, optionalText];
  return looseObject({
    real: z.optional(
      looseObject({
        credit: n(),
        walletId: n(),
        minWithdrawAmount: n(),
        maxWithdrawAmount: n(),
        withdrawEnabled: b(),
        hasWalletDeposit: b(),
        withdrawEnableNow: b(),
        withdrawNextDate: t(),
      }),
    ),
    bonus: z.optional(
      looseObject({
        credit: n(),
        creditHold: n(),
        sportsAmountHold: n(),
        casinoAmountHold: n(),
        expiryDatetime: t(),
      }),
    ),
    cashback: z.optional(looseObject({ credit: n(), expiresAt: t() })),
  });
})();

// Spec 2.3. No Required column, so every field is optional but typed when present
// (docs/contract.md). Numbers and booleans are read tolerantly (src/schemas/common.ts).
export const AuthUser = /* @__PURE__ */ (() =>
  z.object({
    id: optionalInteger(),
    email: text(),
    username: text(),
    name: text(),
    first_name: text(),
    last_name: text(),
    phone: text(),
    ddi: text(),
    birth_date: text(),
    gender: text(),
    country: text(),
    language: text(),
    currency: text(),
    document: z.optional(AuthUserDocument),
    country_data: z.optional(AuthUserCountryData),
    wallet: z.optional(AuthUserWallet),
    token: text(),
    is_active: flag(),
    cancelled_account: flag(),
    bonus_enabled: flag(),
    ftd_date: z.optional(nullableTextField()),
    ftd_value: z.optional(nullableNumberField()),
    mother_name: text(),
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
  validate_email_at: nullableTextField(),
  login_at: nullableTextField(), // NULL before a first login: no reason to refuse the sign-in
  login_attempt_qty: integerField(),
  seven_days_since_last_login: booleanField(),
  strong_password: booleanField(),
  force_request_kyc: booleanField(),
  two_factor_enabled: booleanField(),
  two_factor_type: text(),
}))();
export const AuthUserInfo = /* @__PURE__ */ (() => z.object(authUserInfoShape))();
export type AuthUserInfo = z.infer<typeof AuthUserInfo>;

/** The outcomes a login can announce instead of a session (spec 5, item 2). */
export const LoginChallengeType = /* @__PURE__ */ (() => {
  // z.literal's check as a transform (an answer's field, never described to JSON Schema): the
  // same issue (invalid_value with the values); z.literal's class left the bundles whose only
  // literal this was (issue 33, sizes).
  const types = ['cancelled_account', 'two_factor_code'] as const;
  return z.transform((value: unknown, payload) => {
    if (!types.includes(value as 'two_factor_code'))
      payload.issues.push({ code: 'invalid_value', values: [...types], input: value });
    return value;
  }) as unknown as z.ZodMiniType<(typeof types)[number], (typeof types)[number]>;
})();
export type LoginChallengeType = z.infer<typeof LoginChallengeType>;

// `expires_in`'s rule (`tokenLifeOf`) and the login's sent form (`loginAsSent`) are the readers'
// (readers/auth.ts), which the auth module's rows read with.
export {
  /**
   * The longest token life we believe (`expires_in`, seconds): readers/auth.ts's.
   *
   * @internal Kept for test/responsible-gaming/auth-schemas.test.ts, which imports it from here.
   */
  MAX_EXPIRES_IN_S,
} from './readers/auth';

/** `expires_in` as `tokenLifeOf` reads it. */
const ExpiresIn = /* @__PURE__ */ (() => z.transform(tokenLifeOf))();

/**
 * `type` absent (or `undefined`): `z.optional(z.undefined())` as a transform, the kind of schema
 * every answer's fields already are (the one issue `z.undefined()` raises, without its schema
 * class: issue 33, sizes).
 */
const NoType = /* @__PURE__ */ (() =>
  z.transform((value: unknown, ctx) => {
    if (value !== undefined) ctx.issues.push({ code: 'invalid_type', expected: 'undefined', input: value });
  }) as unknown as z.ZodMiniOptional<z.ZodMiniUndefined>)();

/** Spec 2.2 without `type`: a login that yields a session. The token must fit a header. */
export const LoginSuccess = /* @__PURE__ */ (() =>
  z.object({
    access_token: HeaderSafeToken,
    expires_in: ExpiresIn,
    token_type: z.string(),
    user: AuthUser,
    userInfo: AuthUserInfo,
    type: NoType,
  }))();
export type LoginSuccess = z.infer<typeof LoginSuccess>;

/** Spec 2.2 with `type` set: every other field may be absent (docs/contract.md gap default). */
export const LoginChallenge = /* @__PURE__ */ (() =>
  z.object({
    type: LoginChallengeType,
    access_token: z.optional(z.string()),
    expires_in: z.optional(ExpiresIn),
    token_type: text(),
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
export const LoginResponse = /* @__PURE__ */ (() =>
  // z.union([LoginChallenge, LoginSuccess]) told apart by `type` (see either.ts): only a
  // challenge has one, only a success has none.
  either([LoginChallenge, LoginSuccess], (value) =>
    (value as { type?: unknown } | null)?.type === undefined ? 1 : 0,
  ))();
/** What `LoginResponse` reads: what `login` and `registerSimplified` answer: a session or a challenge; narrow on `type`. */
export type LoginResponse = z.infer<typeof LoginResponse>;

/** What the profile fetch answers: userInfo also carries the user's limits (spec 2.4, 2.12). */
export const UserProfileInfo = /* @__PURE__ */ (() =>
  z.object({ ...authUserInfoShape, ...UserLimitsFields }))();
export type UserProfileInfo = z.infer<typeof UserProfileInfo>;
/**
 * What `getUserProfile` answers: `user` and `userInfo`. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = UserProfileResponse.safeParse(data);
 */
export const UserProfileResponse = /* @__PURE__ */ (() =>
  z.object({ user: AuthUser, userInfo: UserProfileInfo }))();
/** What `UserProfileResponse` reads: what `getUserProfile` answers: `user` and `userInfo`. */
export type UserProfileResponse = z.infer<typeof UserProfileResponse>;

// Spec 4.1
/**
 * What `refreshToken` answers: the new access token. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = RefreshTokenResponse.safeParse(data);
 */
export const RefreshTokenResponse = /* @__PURE__ */ (() => z.object({ access_token: HeaderSafeToken }))();
/** What `RefreshTokenResponse` reads: what `refreshToken` answers: the new access token. */
export type RefreshTokenResponse = z.infer<typeof RefreshTokenResponse>;

// Spec 2.5. `nationalities` is a JSON-encoded array of strings (`'["BR"]'`) of at most 1,024
// characters: we check it parses to one (`isJsonStringArray`, readers/auth.ts's, which the
// registration row reads with). Never the value in a message.
const JsonString = /* @__PURE__ */ (() => z.string().check(rule(isJsonStringArray, NATIONALITIES)))();

// The minimum age to register (`MIN_PLAYER_AGE`, Lei 14.790/2023, art. 26, I) is readers/core.ts's.

/**
 * `birth_date`'s rule wherever it is sent (registration, a profile update; readers/core.ts's
 * `checkBirthDate`): absent, or a `YYYY-MM-DD` date of a year from 1900 at least 18 years before
 * today's date in São Paulo. Its issue names the field, never the value.
 */
/* @__NO_SIDE_EFFECTS__ */
export const birthDateRule = () =>
  rule(
    (p: { birth_date?: string }) =>
      p.birth_date === undefined || isAtLeastYearsOld(p.birth_date, MIN_PLAYER_AGE),
    `must be a date (YYYY-MM-DD) at least ${MIN_PLAYER_AGE} years ago`,
    ['birth_date'],
  );

/**
 * Spec 2.5. Refused before sending: a `birth_date` under 18 years on today's date in São Paulo
 * (or unreadable), a `number` that is not a CPF with valid check digits (a valid CPF is sent as
 * digits only), `country`, `ddi`, `phone`, `affiliation_code` that are no contact data (REVIEW-AA
 * AA-13, review 133, as the profile's: common.ts's `Contact`, `Phone`), an `app_source` that is not
 * 1 to 64 visible ASCII characters (`AppSource`) and `nationalities` over 1,024 characters. Issues
 * name the field, never its value.
 *
 * @example
 * await auth.registerSimplified({ email, password, country: 'BR', nationalities: '["BR"]', optIn: true,
 *   number: '529.982.247-25', birth_date: '1990-05-01' }); // sends number: '52998224725'
 */
export const RegisterSimplifiedPayload = /* @__PURE__ */ (() =>
  strictObject({
    email: sentEmail(),
    password: Password,
    country: Contact,
    nationalities: JsonString,
    optIn: z.boolean(),
    // '' as a form's untouched input (REVIEW-AD AD-4).
    ddi: z.optional(matching('regex', PHONE_OR_EMPTY)),
    phone: z.optional(matching('regex', PHONE_OR_EMPTY)),
    name: z.optional(matching('regex', CONTACT_OR_EMPTY)),
    birth_date: optionalString(),
    number: optionalString(),
    captcha_token: Captcha,
    app_source: AppSource,
    // Contact text, as the profile's (review 124, 133).
    affiliation_code: z.optional(Contact),
  }).check(
    birthDateRule(),
    // Read as validateDocument reads it (`documentText`, REVIEW-AE AE-2, AF-1), sent as digits.
    z.overwrite((p) => {
      if (p.number !== undefined) p.number = normalizeCpf(p.number) ?? p.number;
      return p;
    }),
    rule((p: { number?: string }) => p.number === undefined || isValidCpf(p.number), 'must be a valid CPF', [
      'number',
    ]),
  ))();
/** What `RegisterSimplifiedPayload` reads: the body of `registerSimplified` (a new account). */
export type RegisterSimplifiedPayload = z.infer<typeof RegisterSimplifiedPayload>;

// Spec 2.6
/** Spec 2.6. The login is sent as `LoginPayload` sends it (trimmed, nothing invisible; a CPF as digits). */
export const ForgotPasswordPayload = /* @__PURE__ */ (() =>
  strictObject({
    login: Login,
    captcha_token: Captcha,
  }))();
/** What `ForgotPasswordPayload` reads: the body of `forgotPassword` (password recovery). */
export type ForgotPasswordPayload = z.infer<typeof ForgotPasswordPayload>;

/**
 * The body of `validateDocument`: the document (CPF) number, sent as its digits, as registration
 * sends it (1 to 20 once read: common.ts's `DOCUMENT_TEXT`; whether it is a valid CPF is the
 * answer's `docnumber_valid`). A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = ValidateDocumentPayload.safeParse(data);
 */
export const ValidateDocumentPayload = /* @__PURE__ */ (() =>
  strictObject({
    // Read as registration's and a CPF login's (`documentText`; REVIEW-AD AD-2, AE-2, AF-1: a
    // pasted '529.982.247-25\n', full-width digits, a tab inside), then 1 to 20 digits.
    number: z.string().check(z.overwrite(documentText), z.regex(DOCUMENT_TEXT)),
    captcha_token: Captcha,
  }))();
/** What `ValidateDocumentPayload` reads: the body of `validateDocument`: the document (CPF) number. */
export type ValidateDocumentPayload = z.infer<typeof ValidateDocumentPayload>;

/**
 * What `validateDocument` answers: whether the number is valid and what the registry knows. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = ValidateDocumentResponse.safeParse(data);
 */
export const ValidateDocumentResponse = /* @__PURE__ */ (() =>
  z.object({
    docnumber: text(),
    docnumber_valid: flag(),
    birth_date: text(),
    gender: text(),
    mother_name: text(),
    name: text(),
  }))();
/** What `ValidateDocumentResponse` reads: what `validateDocument` answers: whether the number is valid and what the registry knows. */
export type ValidateDocumentResponse = z.infer<typeof ValidateDocumentResponse>;
