// The user module's rows read by hand (see core.ts): each reader gives what the zod schema of the
// same name in src/schemas/user.ts, limits.ts, income-report.ts (and call.ts's path parameters)
// gives, field for field, in its order (test/schemas/readers-user.property.test.ts). A field added
// to a schema there is added here too.

import {
  GENDER_MAX,
  PASSWORD_MAX,
  readBoolean,
  readInteger,
  readText,
  SOCIAL_TYPE,
  TOKEN_MAX,
} from '../common';
import {
  boolean,
  Contact,
  checkBirthDate,
  checked,
  each,
  fail,
  type Issue,
  kind,
  list,
  literal,
  matching,
  nonEmpty,
  number,
  object,
  optional,
  Phone,
  type Run,
  rule,
  SentEmail,
  string,
  Text,
  tolerant,
} from './core';

const Password = /* @__PURE__ */ (() => nonEmpty(false, PASSWORD_MAX))();
const Captcha = /* @__PURE__ */ (() => optional(nonEmpty(false, TOKEN_MAX)))();
const Int = /* @__PURE__ */ (() => number(true))();
const PositiveInt = /* @__PURE__ */ (() => number(true, 1))();

/** common.ts's `sensitiveFields`. */
const Sensitive = /* @__PURE__ */ (() => ({
  password_check: optional(Password),
  kyc_id: optional(Int),
}))();

/** `strictObject(shape)`. */
const strict = /* @__NO_SIDE_EFFECTS__ */ (shape: Record<string, Run>) => object(shape, 0);

// call.ts's path parameters.
/** `{ id: PositiveInt }` (a `{id}` segment; `{ page }`: the same rule). */
export const IdParamRun: Run = /* @__PURE__ */ (() => object({ id: PositiveInt }))();
export const PageParamRun: Run = /* @__PURE__ */ (() => object({ page: PositiveInt }))();
/** `{ type: SocialType }`. */
export const SocialTypeParamRun: Run = /* @__PURE__ */ (() =>
  object({ type: matching('regex', SOCIAL_TYPE) }))();

// user.ts
/** `UpdateUserPayload`: `birth_date` and `country` as registration checks them (`checkBirthDate`). */
export const UpdateUserRun: Run = /* @__PURE__ */ (() => {
  const s = optional(string);
  return checked(
    strict({
      captcha_token: Captcha,
      ...Sensitive,
      ...each('state zipcode city address', optional(Contact)),
      ...each('phone ddi', optional(Phone)),
      affiliation_code: optional(Contact),
      email: optional(SentEmail),
      birth_date: s,
      ...each('language timezone country first_name last_name mother_name', optional(Contact)),
      terms: optional(boolean),
      gender: optional(number(true, 0, GENDER_MAX)),
    }),
    checkBirthDate,
  );
})();

/** `UpdateEmailPayload`. */
export const UpdateEmailRun: Run = /* @__PURE__ */ (() => strict({ email: SentEmail, ...Sensitive }))();

/** `AddPhonePayload`. */
export const AddPhoneRun: Run = /* @__PURE__ */ (() =>
  strict({ ...each('phone ddi', Phone), ...Sensitive }))();

/** `UpdateAddressPayload`. */
export const UpdateAddressRun: Run = /* @__PURE__ */ (() =>
  strict({
    ...each('street city state zipcode', Contact),
    ...Sensitive,
  }))();

/** `UpdateContractsPayload`. */
export const UpdateContractsRun: Run = /* @__PURE__ */ (() =>
  strict({
    type: literal(['tc', 'privacy', 'lgpd', 'law', 'migrate', 'mkt']),
  }))();

/** `UpdateMarketingPayload`. */
export const UpdateMarketingRun: Run = /* @__PURE__ */ (() => strict({ mkt_accepted: boolean }))();

/** `UserAddress`. */
export const UserAddressRun: Run = /* @__PURE__ */ (() =>
  object(each('street city state zipcode', Text), 1))();

/** `ChangePasswordPayload`: the confirmation must match. */
export const ChangePasswordRun: Run = /* @__PURE__ */ (() =>
  checked(
    strict({
      ...each('old_password password password_confirmation', Password),
      captcha_token: Captcha,
      kyc_id: optional(Int),
    }),
    (p: { password: string; password_confirmation: string }, issues) =>
      rule(p.password === p.password_confirmation, 'must match password', issues, ['password_confirmation']),
  ))();

/** `TwoFactorPayload`. */
export const TwoFactorRun: Run = /* @__PURE__ */ (() =>
  strict({
    type: literal(['email', 'sms']),
    enabled: boolean,
  }))();

/** `CheckPasswordPayload`. */
export const CheckPasswordRun: Run = /* @__PURE__ */ (() => strict({ password: Password }))();

/** `CheckPasswordResult`. */
export const CheckPasswordResultRun: Run = /* @__PURE__ */ (() =>
  object({
    success: tolerant(readBoolean, 'a boolean'),
  }))();

const OptionalInt = /* @__PURE__ */ (() => tolerant(readInteger, 'an integer', 2))();
const IntField = /* @__PURE__ */ (() => tolerant(readInteger, 'an integer'))();

/** `SocialAccounts`. */
export const SocialAccountsRun: Run = /* @__PURE__ */ (() =>
  list(object({ id: OptionalInt, ...each('provider email connected_at', Text) }, 1)))();

/** `LoginHistoryResponse`. */
export const LoginHistoryRun: Run = /* @__PURE__ */ (() =>
  object({
    data: optional(
      list(
        object({
          ...each('id user_id', IntField),
          ...each('ip user_agent created_at', tolerant(readText, 'a string')),
          ...each('device location', Text),
        }),
      ),
    ),
    ...each('current_page last_page per_page total', OptionalInt),
  }))();

// limits.ts
const LIMITS = ['deposit', 'bet', 'loss', 'time'];

/** `UpdateLimitsPayload`: at least one limit; an amount without its flag sent active. */
export const UpdateLimitsRun: Run = /* @__PURE__ */ (() => {
  const shape: Record<string, Run> = {};
  for (const kind of LIMITS) {
    const key = `user_limit_${kind}`;
    shape[key] = optional(number(false, 0));
    shape[`${key}_active`] = optional(literal([0, 1]));
    shape[`${key}_period`] = optional(literal(['daily', 'weekly', 'monthly']));
  }
  const limits = Object.keys(shape);
  return checked(strict({ ...shape, ...Sensitive }), (p: Record<string, unknown>, issues) => {
    rule(
      limits.some((k) => p[k] !== undefined),
      'must set at least one limit field',
      issues,
    );
    for (const kind of LIMITS) {
      const key = `user_limit_${kind}`;
      if (p[key] !== undefined && p[`${key}_active`] === undefined) p[`${key}_active`] = 1;
    }
  });
})();

/** `TimeoutLimitsPayload`: a pause of 1 to 45 days. */
export const TimeoutLimitsRun: Run = /* @__PURE__ */ (() =>
  strict({
    user_pause: number(true, 1, 45),
    reason: Int,
    ...Sensitive,
  }))();

/** `SelfExclusionPayload`. */
export const SelfExclusionRun: Run = /* @__PURE__ */ (() =>
  strict({
    user_exclusion: literal([3, 6, 12, 24, 36, 60, -1]),
    reason: Int,
    ...Sensitive,
  }))();

// income-report.ts
const DeliveryType = /* @__PURE__ */ (() => literal(['email', 'download']))();
const STATUSES = [1, 2, 3, 4];

/** `IncomeReportGeneratePayload`. */
export const IncomeReportGenerateRun: Run = /* @__PURE__ */ (() =>
  strict({
    reference_year: number(true, 1900, 9999),
    type: DeliveryType,
  }))();

/** `IncomeReportData`. */
export const IncomeReportDataRun: Run = /* @__PURE__ */ (() => {
  // `stringOrNull()`: a string or null as sent, else z.string's issue.
  const stringOrNull = optional(kind((v, issues) => (v === null ? v : string(v, issues)), 1));
  return object({
    id: IntField,
    status: kind((v, issues: Issue[]) => {
      const status = readInteger(v);
      if (!STATUSES.includes(status as number)) fail(issues, 'invalid_value', { values: STATUSES });
      return status;
    }, 1),
    reference_year: OptionalInt,
    delivery_type: optional(DeliveryType),
    requested_at: Text,
    ...each('generated_at path download_url', stringOrNull),
  });
})();

/** `AvailableYearsResponse`. */
export const AvailableYearsRun: Run = /* @__PURE__ */ (() => object({ years: list(IntField) }))();
