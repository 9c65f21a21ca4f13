// Spec 4.2: profile and contact data. Responses are not shown by the spec: `{ success, message }`.
// E-mail, phone and address changes need `password_check` (our step-up rule, see guards.ts).

import { birthDateError } from './documents';
import { assertEmailFree, assertOwnId, assertPasswordCheck, SENSITIVE } from './guards';
import { invalid, json, success } from './http';
import type { ContractType } from './records';
import { type AuthedContext, authedRoute, type Route } from './routing';
import {
  type Check,
  isBoolean,
  isEmail,
  isNumber,
  isString,
  oneOf,
  optional,
  required,
  type Shape,
  validate,
} from './validation';

/**
 * Contact data (REVIEW-AA AA-13, REVIEW-AC AC-1; our rule, docs/contract.md): 1 to 255 characters
 * (code points), a letter or digit among them, and no control, format, surrogate, private-use,
 * unassigned or default-ignorable character (ZWNJ, ZWJ and the emoji variation selectors aside: Persian and
 * Indic names need them, REVIEW-AD AD-1) nor a line or paragraph separator, else the player's address became
 * blanks or invisible text. Written apart from the client's pattern (this file shares nothing with it).
 * Registration's `country` too (auth-routes.ts).
 */
export const isContactText: Check = (v, f) =>
  isString(v, f) ??
  ([...(v as string)].length > 255 ||
  !/[\p{L}\p{N}]/u.test(v as string) ||
  /[\p{C}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u.test(
    // biome-ignore lint/suspicious/noMisleadingCharacterClass: ZWNJ, ZWJ and the variation selectors on their own, on purpose (AD-1)
    (v as string).replace(/[\u180b-\u180d\u200c-\u200d\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu, ''),
  )
    ? `The ${f} field must be visible text of at most 255 characters.`
    : undefined);

/**
 * A phone or DDI: at most 24 characters after an optional leading `+`: digits, with spaces and `( ) . -` (none twice in a row) and a
 * leading `+` (`(11) 98765-4321`, `+55`). Registration's `phone` and `ddi` too (auth-routes.ts).
 */
export const isPhone: Check = (v, f) =>
  isString(v, f) ??
  ((v as string).replace(/^\+/, '').length <= 24 &&
  /^\+?[0-9 ().-]+$/.test(v as string) &&
  /[0-9]/.test(v as string) &&
  !/([ ().-])\1/.test(v as string)
    ? undefined
    : `The ${f} field must be a phone number (digits).`);

const CONTRACT_TYPES: readonly ContractType[] = ['tc', 'privacy', 'lgpd', 'law', 'migrate', 'mkt'];

/** The contact fields of a profile update: as the dedicated routes check them. */
const CONTACT_FIELDS = ['state', 'zipcode', 'city', 'address', 'country'] as const;

/** Text checked as contact data is, though no step-up guards it (REVIEW-AC AC-1): a name of '' wiped it. */
const TEXT_FIELDS = ['language', 'timezone', 'first_name', 'last_name', 'mother_name'] as const;

const STRING_FIELDS = [
  ...CONTACT_FIELDS,
  'phone',
  'ddi',
  'affiliation_code',
  'birth_date',
  'language',
  'timezone',
  'first_name',
  'last_name',
  'mother_name',
] as const;

/** Spec 2.7: every field optional. */
const UPDATE_USER: Shape = {
  ...SENSITIVE,
  captcha_token: optional(isString),
  ...Object.fromEntries(STRING_FIELDS.map((field) => [field, optional(isString)])),
  ...Object.fromEntries([...CONTACT_FIELDS, ...TEXT_FIELDS].map((field) => [field, optional(isContactText)])),
  phone: optional(isPhone),
  ddi: optional(isPhone),
  email: optional(isEmail),
  terms: optional(isBoolean),
  gender: optional(isNumber),
};

type UpdateUserBody = { [K in (typeof STRING_FIELDS)[number] | 'email' | 'password_check']?: string } & {
  terms?: boolean;
  gender?: number;
};

/** UpdateUserPayload sends the gender as a number; AuthUser shows a string (spec 2.3 vs 2.7). */
const GENDERS: Record<number, string> = { 1: 'M', 2: 'F' };

/**
 * Our step-up rule on the profile update: changing the e-mail, phone or address here needs
 * `password_check` as the dedicated routes do (else this route would be a way round them).
 */
function changesContactData(user: AuthedContext['user'], body: UpdateUserBody): boolean {
  const changed = (sent: string | undefined, current: string) => sent !== undefined && sent !== current;
  return (
    (body.email !== undefined && body.email.toLowerCase() !== user.email.toLowerCase()) ||
    changed(body.phone, user.phone) ||
    changed(body.ddi, user.ddi) ||
    changed(body.address, user.address.street) ||
    changed(body.city, user.address.city) ||
    changed(body.state, user.address.state) ||
    changed(body.zipcode, user.address.zipcode)
  );
}

function updateProfile(ctx: AuthedContext): Response {
  assertOwnId(ctx);
  const body = validate<UpdateUserBody>(ctx.body(), UPDATE_USER);
  const { user } = ctx;
  // birth_date and country as registration checks them (and the client's updateProfile): AA-5.
  const birthDate =
    body.birth_date === undefined ? undefined : birthDateError(body.birth_date, ctx.state.now());
  if (birthDate) throw invalid({ birth_date: [birthDate] });
  if (body.email !== undefined) assertEmailFree(ctx, body.email);
  assertPasswordCheck(ctx, body, changesContactData(user, body));
  if (body.email !== undefined) {
    if (body.email.toLowerCase() !== user.email.toLowerCase()) user.validate_email_at = null;
    user.email = body.email;
  }
  const direct = [
    'phone',
    'ddi',
    'birth_date',
    'language',
    'timezone',
    'country',
    'first_name',
    'last_name',
    'mother_name',
  ] as const;
  for (const field of direct) {
    const value = body[field];
    if (value !== undefined) user[field] = value;
  }
  if (body.affiliation_code !== undefined) user.affiliation_code = body.affiliation_code;
  if (body.address !== undefined) user.address.street = body.address;
  for (const field of ['state', 'zipcode', 'city'] as const) {
    const value = body[field];
    if (value !== undefined) user.address[field] = value;
  }
  if (body.gender !== undefined) user.gender = GENDERS[body.gender] ?? 'O';
  if (body.terms === true) user.contracts.tc = new Date(ctx.state.now()).toISOString();
  return success('Profile updated.');
}

const UPDATE_EMAIL: Shape = { ...SENSITIVE, email: required(isEmail) };
const ADD_PHONE: Shape = { ...SENSITIVE, phone: required(isPhone), ddi: required(isPhone) };
const UPDATE_ADDRESS: Shape = {
  ...SENSITIVE,
  street: required(isContactText),
  city: required(isContactText),
  state: required(isContactText),
  zipcode: required(isContactText),
};
const CONTRACT: Shape = { type: required(oneOf(CONTRACT_TYPES)) };
const MARKETING: Shape = { mkt_accepted: required(isBoolean) };

export const userRoutes: readonly Route[] = [
  authedRoute('POST', '/users/update/:id', updateProfile, { ids: ['id'] }),
  authedRoute('GET', '/bff/users/address-by-user', (ctx) => json(200, { ...ctx.user.address })),
  authedRoute('PATCH', '/bff/users/self-email', (ctx) => {
    const body = validate<{ email: string; password_check?: string }>(ctx.body(), UPDATE_EMAIL);
    assertEmailFree(ctx, body.email);
    assertPasswordCheck(ctx, body);
    if (body.email.toLowerCase() !== ctx.user.email.toLowerCase()) ctx.user.validate_email_at = null;
    ctx.user.email = body.email;
    return success('E-mail updated.');
  }),
  authedRoute('PATCH', '/bff/users/add-phone', (ctx) => {
    const body = validate<{ phone: string; ddi: string; password_check?: string }>(ctx.body(), ADD_PHONE);
    assertPasswordCheck(ctx, body);
    ctx.user.phone = body.phone;
    ctx.user.ddi = body.ddi;
    return success('Phone added.');
  }),
  authedRoute('PATCH', '/bff/users/update-address', (ctx) => {
    type Body = { street: string; city: string; state: string; zipcode: string; password_check?: string };
    const body = validate<Body>(ctx.body(), UPDATE_ADDRESS);
    assertPasswordCheck(ctx, body);
    const { street, city, state, zipcode } = body;
    Object.assign(ctx.user.address, { street, city, state, zipcode });
    return success('Address updated.');
  }),
  authedRoute('PATCH', '/bff/users/self-contracts', (ctx) => {
    const body = validate<{ type: ContractType }>(ctx.body(), CONTRACT);
    ctx.user.contracts[body.type] = new Date(ctx.state.now()).toISOString();
    return success('Contract accepted.');
  }),
  authedRoute('PATCH', '/bff/users/self-mkt', (ctx) => {
    const body = validate<{ mkt_accepted: boolean }>(ctx.body(), MARKETING);
    ctx.user.mkt_accepted = body.mkt_accepted;
    return success('Marketing preferences updated.');
  }),
];
