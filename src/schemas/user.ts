import * as z from 'zod/mini';
import { birthDateRule } from './auth';
import {
  atLeast,
  atMost,
  booleanField,
  Captcha,
  Contact,
  GENDER_MAX,
  IntCode,
  int,
  integerField,
  optionalInteger,
  optionalString,
  optionalText,
  Password,
  Phone,
  sensitiveFields,
  sentEmail,
  textField,
} from './common';
import { list } from './list';
import { looseObject, strictObject } from './objects';
import { rule } from './rule';

// Spec 2.7: every field optional. `gender` is numeric here, unlike AuthUser.gender: a code, an
// integer 0-99 (review 124: 1e308 was sent); `affiliation_code` visible text as contact data. `birth_date`
// is refused as registration refuses it (under 18 years on São Paulo's date, unreadable or before
// 1900); `email` is its e-mail too; the address fields, `phone`, `ddi` and `country`, when sent,
// as contact data (`Contact`, `Phone`: no blank, no control character).
/**
 * The body of `updateProfile`. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = UpdateUserPayload.safeParse(data);
 */
export const UpdateUserPayload = /* @__PURE__ */ (() =>
  strictObject({
    captcha_token: Captcha,
    password_check: z.optional(Password),
    kyc_id: z.optional(IntCode),
    state: z.optional(Contact),
    zipcode: z.optional(Contact),
    city: z.optional(Contact),
    address: z.optional(Contact),
    phone: z.optional(Phone),
    ddi: z.optional(Phone),
    affiliation_code: z.optional(Contact),
    email: z.optional(sentEmail()),
    birth_date: optionalString(),
    language: z.optional(Contact),
    timezone: z.optional(Contact),
    country: z.optional(Contact),
    first_name: z.optional(Contact),
    last_name: z.optional(Contact),
    mother_name: z.optional(Contact),
    terms: z.optional(z.boolean()),
    gender: z.optional(int(atLeast(0), atMost(GENDER_MAX))),
  }).check(birthDateRule()))();
/** What `UpdateUserPayload` reads: the body of `updateProfile`. */
export type UpdateUserPayload = z.infer<typeof UpdateUserPayload>;

// Spec 2.8
/**
 * The body of `updateEmail`. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = UpdateEmailPayload.safeParse(data);
 */
export const UpdateEmailPayload = /* @__PURE__ */ (() =>
  strictObject({ email: sentEmail(), ...sensitiveFields }))();
/** What `UpdateEmailPayload` reads: the body of `updateEmail`. */
export type UpdateEmailPayload = z.infer<typeof UpdateEmailPayload>;

/**
 * The body of `addPhone`. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = AddPhonePayload.safeParse(data);
 */
export const AddPhonePayload = /* @__PURE__ */ (() =>
  strictObject({
    phone: Phone,
    ddi: Phone,
    ...sensitiveFields,
  }))();
/** What `AddPhonePayload` reads: the body of `addPhone`. */
export type AddPhonePayload = z.infer<typeof AddPhonePayload>;

/**
 * The body of `updateAddress`. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = UpdateAddressPayload.safeParse(data);
 */
export const UpdateAddressPayload = /* @__PURE__ */ (() =>
  strictObject({
    street: Contact,
    city: Contact,
    state: Contact,
    zipcode: Contact,
    ...sensitiveFields,
  }))();
/** What `UpdateAddressPayload` reads: the body of `updateAddress`. */
export type UpdateAddressPayload = z.infer<typeof UpdateAddressPayload>;

export const ContractType = /* @__PURE__ */ (() =>
  z.literal(['tc', 'privacy', 'lgpd', 'law', 'migrate', 'mkt']))();
export type ContractType = z.infer<typeof ContractType>;

/**
 * The body of `updateContracts`: `{ type }`. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = UpdateContractsPayload.safeParse(data);
 */
export const UpdateContractsPayload = /* @__PURE__ */ (() => strictObject({ type: ContractType }))();
/** What `UpdateContractsPayload` reads: the body of `updateContracts`: `{ type }`. */
export type UpdateContractsPayload = z.infer<typeof UpdateContractsPayload>;

/**
 * The body of `updateMarketing`: `{ mkt_accepted }`. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = UpdateMarketingPayload.safeParse(data);
 */
export const UpdateMarketingPayload = /* @__PURE__ */ (() => strictObject({ mkt_accepted: z.boolean() }))();
/** What `UpdateMarketingPayload` reads: the body of `updateMarketing`: `{ mkt_accepted }`. */
export type UpdateMarketingPayload = z.infer<typeof UpdateMarketingPayload>;

/**
 * The address record: the spec does not show its fields; the reference server answers `street`,
 * `city`, `state`, `zipcode` (read tolerantly, each optional). Other keys are kept.
 */
export const UserAddress = /* @__PURE__ */ (() =>
  looseObject({
    street: optionalText(),
    city: optionalText(),
    state: optionalText(),
    zipcode: optionalText(),
  }))();
/** What `UserAddress` reads: what `getAddress` answers (fields not shown by the spec: every key kept). */
export type UserAddress = z.infer<typeof UserAddress>;

// Spec 2.9. The confirmation must match: a mismatch is caught before anything is sent.
/**
 * The body of `changePassword`. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = ChangePasswordPayload.safeParse(data);
 */
export const ChangePasswordPayload = /* @__PURE__ */ (() =>
  strictObject({
    old_password: Password,
    password: Password,
    password_confirmation: Password,
    captcha_token: Captcha,
    kyc_id: z.optional(IntCode),
  }).check(
    rule(
      (p: { password: string; password_confirmation: string }) => p.password === p.password_confirmation,
      'must match password',
      ['password_confirmation'],
    ),
  ))();
/** What `ChangePasswordPayload` reads: the body of `changePassword`. */
export type ChangePasswordPayload = z.infer<typeof ChangePasswordPayload>;

export const TwoFactorType = /* @__PURE__ */ (() => z.literal(['email', 'sms']))();
export type TwoFactorType = z.infer<typeof TwoFactorType>;

/**
 * The body of `toggleTwoFactor`. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = TwoFactorPayload.safeParse(data);
 */
export const TwoFactorPayload = /* @__PURE__ */ (() =>
  strictObject({ type: TwoFactorType, enabled: z.boolean() }))();
/** What `TwoFactorPayload` reads: the body of `toggleTwoFactor`. */
export type TwoFactorPayload = z.infer<typeof TwoFactorPayload>;

/** The spec says only "fields of the request body"; docs/contract.md fixes `{ password }`. */
export const CheckPasswordPayload = /* @__PURE__ */ (() => strictObject({ password: Password }))();
/** What `CheckPasswordPayload` reads: the body of `checkPassword`: `{ password }`. */
export type CheckPasswordPayload = z.infer<typeof CheckPasswordPayload>;

/**
 * What `checkPassword` answers: `{ success }`. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = CheckPasswordResult.safeParse(data);
 */
export const CheckPasswordResult = /* @__PURE__ */ (() => z.object({ success: booleanField() }))();
/** What `CheckPasswordResult` reads: what `checkPassword` answers: `{ success }`. */
export type CheckPasswordResult = z.infer<typeof CheckPasswordResult>;

/**
 * A connected social account: the spec does not show its fields; the reference server answers
 * `id`, `provider`, `email`, `connected_at` (read tolerantly, each optional). Other keys are kept.
 */
export const SocialAccount = /* @__PURE__ */ (() =>
  looseObject({
    id: optionalInteger(),
    provider: optionalText(),
    email: optionalText(),
    connected_at: optionalText(),
  }))();
export type SocialAccount = z.infer<typeof SocialAccount>;
/**
 * What `getSocialAccounts` answers. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = SocialAccounts.safeParse(data);
 */
export const SocialAccounts = /* @__PURE__ */ (() => list(SocialAccount))();
/** What `SocialAccounts` reads: what `getSocialAccounts` answers. */
export type SocialAccounts = z.infer<typeof SocialAccounts>;

// Spec 2.10
export const LoginHistoryItem = /* @__PURE__ */ (() =>
  z.object({
    id: integerField(),
    user_id: integerField(),
    ip: textField(),
    user_agent: textField(),
    created_at: textField(),
    device: optionalText(),
    location: optionalText(),
  }))();
export type LoginHistoryItem = z.infer<typeof LoginHistoryItem>;

// The spec's table has no Required column: optional, but typed when present (docs/contract.md).
/**
 * What `getLoginHistory` answers: one page of the player's logins. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = LoginHistoryResponse.safeParse(data);
 */
export const LoginHistoryResponse = /* @__PURE__ */ (() =>
  z.object({
    data: z.optional(list(LoginHistoryItem)),
    current_page: optionalInteger(),
    last_page: optionalInteger(),
    per_page: optionalInteger(),
    total: optionalInteger(),
  }))();
/** What `LoginHistoryResponse` reads: what `getLoginHistory` answers: one page of the player's logins. */
export type LoginHistoryResponse = z.infer<typeof LoginHistoryResponse>;
