import * as z from 'zod/mini';
import { IntCode, NonEmptyString, optionalString, sensitiveFields } from './common';
import { rule } from './rule';
import { booleanField, integerField, textField } from './tolerant';

// Spec 2.7: every field optional. `gender` is numeric here, unlike AuthUser.gender.
export const UpdateUserPayload = /* @__PURE__ */ (() =>
  z.strictObject({
    captcha_token: z.optional(NonEmptyString),
    password_check: z.optional(NonEmptyString),
    kyc_id: z.optional(IntCode),
    state: optionalString(),
    zipcode: optionalString(),
    city: optionalString(),
    address: optionalString(),
    phone: optionalString(),
    ddi: optionalString(),
    affiliation_code: optionalString(),
    email: z.optional(z.email()),
    birth_date: optionalString(),
    language: optionalString(),
    timezone: optionalString(),
    country: optionalString(),
    first_name: optionalString(),
    last_name: optionalString(),
    mother_name: optionalString(),
    terms: z.optional(z.boolean()),
    gender: z.optional(z.number()),
  }))();
export type UpdateUserPayload = z.infer<typeof UpdateUserPayload>;

// Spec 2.8
export const UpdateEmailPayload = /* @__PURE__ */ (() =>
  z.strictObject({ email: z.email(), ...sensitiveFields }))();
export type UpdateEmailPayload = z.infer<typeof UpdateEmailPayload>;

export const AddPhonePayload = /* @__PURE__ */ (() =>
  z.strictObject({
    phone: NonEmptyString,
    ddi: NonEmptyString,
    ...sensitiveFields,
  }))();
export type AddPhonePayload = z.infer<typeof AddPhonePayload>;

export const UpdateAddressPayload = /* @__PURE__ */ (() =>
  z.strictObject({
    street: NonEmptyString,
    city: NonEmptyString,
    state: NonEmptyString,
    zipcode: NonEmptyString,
    ...sensitiveFields,
  }))();
export type UpdateAddressPayload = z.infer<typeof UpdateAddressPayload>;

export const ContractType = /* @__PURE__ */ (() =>
  z.enum(['tc', 'privacy', 'lgpd', 'law', 'migrate', 'mkt']))();
export type ContractType = z.infer<typeof ContractType>;

export const UpdateContractsPayload = /* @__PURE__ */ (() => z.strictObject({ type: ContractType }))();
export type UpdateContractsPayload = z.infer<typeof UpdateContractsPayload>;

export const UpdateMarketingPayload = /* @__PURE__ */ (() => z.strictObject({ mkt_accepted: z.boolean() }))();
export type UpdateMarketingPayload = z.infer<typeof UpdateMarketingPayload>;

/** Fields not shown by the spec: an object, every key kept. */
export const UserAddress = /* @__PURE__ */ (() => z.looseObject({}))();
export type UserAddress = z.infer<typeof UserAddress>;

// Spec 2.9. The confirmation must match: a mismatch is caught before anything is sent.
export const ChangePasswordPayload = /* @__PURE__ */ (() =>
  z
    .strictObject({
      old_password: NonEmptyString,
      password: NonEmptyString,
      password_confirmation: NonEmptyString,
      captcha_token: z.optional(NonEmptyString),
      kyc_id: z.optional(IntCode),
    })
    .check(
      rule(
        (p: { password: string; password_confirmation: string }) => p.password === p.password_confirmation,
        'must match password',
        ['password_confirmation'],
      ),
    ))();
export type ChangePasswordPayload = z.infer<typeof ChangePasswordPayload>;

export const TwoFactorType = /* @__PURE__ */ (() => z.enum(['email', 'sms']))();
export type TwoFactorType = z.infer<typeof TwoFactorType>;

export const TwoFactorPayload = /* @__PURE__ */ (() =>
  z.strictObject({ type: TwoFactorType, enabled: z.boolean() }))();
export type TwoFactorPayload = z.infer<typeof TwoFactorPayload>;

/** The spec says only "fields of the request body"; docs/contract.md fixes `{ password }`. */
export const CheckPasswordPayload = /* @__PURE__ */ (() => z.strictObject({ password: NonEmptyString }))();
export type CheckPasswordPayload = z.infer<typeof CheckPasswordPayload>;

export const CheckPasswordResult = /* @__PURE__ */ (() => z.object({ success: booleanField() }))();
export type CheckPasswordResult = z.infer<typeof CheckPasswordResult>;

/** Fields not shown by the spec: objects, every key kept. */
export const SocialAccount = /* @__PURE__ */ (() => z.looseObject({}))();
export type SocialAccount = z.infer<typeof SocialAccount>;
export const SocialAccounts = /* @__PURE__ */ (() => z.array(SocialAccount))();
export type SocialAccounts = z.infer<typeof SocialAccounts>;

// Spec 2.10
export const LoginHistoryItem = /* @__PURE__ */ (() =>
  z.object({
    id: integerField(),
    user_id: integerField(),
    ip: textField(),
    user_agent: textField(),
    created_at: textField(),
    device: z.optional(textField()),
    location: z.optional(textField()),
  }))();
export type LoginHistoryItem = z.infer<typeof LoginHistoryItem>;

// The spec's table has no Required column: optional, but typed when present (docs/contract.md).
export const LoginHistoryResponse = /* @__PURE__ */ (() =>
  z.object({
    data: z.optional(z.array(LoginHistoryItem)),
    current_page: z.optional(integerField()),
    last_page: z.optional(integerField()),
    per_page: z.optional(integerField()),
    total: z.optional(integerField()),
  }))();
export type LoginHistoryResponse = z.infer<typeof LoginHistoryResponse>;
