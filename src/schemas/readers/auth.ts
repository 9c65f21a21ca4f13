// The auth module's rows read by hand (see core.ts): each reader gives what the zod schema of the
// same name in src/schemas/auth.ts gives, field for field, in its order
// (test/schemas/readers.property.test.ts). A field added to a schema there is added here too.

import { isValidCpf, normalizeCpf } from '../../responsible-gaming/cpf';
import {
  APP_SOURCE,
  CODE_MAX,
  CONTACT_OR_EMPTY,
  CONTACT_TEXT,
  DOCUMENT_TEXT,
  documentText,
  EMAIL_MAX,
  PASSWORD_MAX,
  PHONE_OR_EMPTY,
  readBoolean,
  readInteger,
  readNumber,
  readText,
  TOKEN_MAX,
  typedText,
  UNREADABLE,
} from '../common';
import {
  boolean,
  Contact,
  checkBirthDate,
  checked,
  fail,
  headerToken,
  type Issue,
  kept,
  kind,
  matching,
  nonEmpty,
  object,
  optional,
  type Run,
  rule,
  SentEmail,
  string,
  Text,
  tolerant,
  wrongType,
} from './core';

/**
 * A login in its one sent form: a CPF (11 digits with valid check digits, read as every document
 * number is: `documentText`, REVIEW-AF AF-1) as digits only. Anything else (an e-mail, a
 * username) without its format (invisible) and default-ignorable characters (`Cf`, `DI`: a pasted
 * ZERO WIDTH SPACE, soft hyphen, BOM or bidi override, as a CPF's and a 2FA code's; review 133),
 * trimmed. A control character left is refused (`isLoginText`), never sent.
 */
export const loginAsSent = (login: string): string =>
  isValidCpf(login) ? documentText(login) : login.replace(/[\p{Cf}\p{DI}]/gu, '').trim();

/**
 * Whether a login as sent holds no control character, lone surrogate, line or paragraph separator
 * (review 133: a pasted 'player@example.com\r\nBcc: …' or a NUL was sent); else `NOT_LOGIN_TEXT`.
 */
export const isLoginText = (login: string): boolean => !/[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]/u.test(login);
export const NOT_LOGIN_TEXT = 'must hold no control character';

/** The longest token life we believe (`expires_in`, seconds): one year. */
export const MAX_EXPIRES_IN_S: number = 31_536_000; // 365 days (a literal: CONTRIBUTING.md)

/**
 * The one rule for `expires_in` (seconds): a number read tolerantly (`3600`, `'3600'`) in
 * `(0, MAX_EXPIRES_IN_S]` is the token's life; anything else (negative, 0, longer than a year,
 * unreadable, null) is an UNKNOWN expiry, `null`: the session then relies on the server's 401,
 * never fails the login over it.
 *
 * @example
 * tokenLifeOf('3600'); // 3600
 * tokenLifeOf(-1); // null
 */
export function tokenLifeOf(value: unknown): number | null {
  const n = readNumber(value);
  return n === UNREADABLE || n === null || n <= 0 || n > MAX_EXPIRES_IN_S ? null : n;
}

/** A login: as sent (`loginAsSent`), then 1 to `EMAIL_MAX` characters, none a control (`isLoginText`). */
const Login: Run = /* @__PURE__ */ (() => {
  const length = nonEmpty(false, EMAIL_MAX);
  return (v, issues) => {
    if (typeof v !== 'string') return length(v, issues);
    v = length(loginAsSent(v), issues);
    rule(isLoginText(v as string), NOT_LOGIN_TEXT, issues);
    return v;
  };
})();

/** A payload with a login (LoginPayload, ForgotPasswordPayload). */
/* @__NO_SIDE_EFFECTS__ */
const withLogin = (shape: Record<string, Run>): Run => object({ login: Login, ...shape }, 0);

const Password = /* @__PURE__ */ nonEmpty(false, PASSWORD_MAX);
// (A pure closure: a call in a pure call's arguments is kept where the callee is another chunk's.)
const Captcha = /* @__PURE__ */ (() => optional(nonEmpty(false, TOKEN_MAX)))();
/** common.ts's `AppSource`: login's and registration's. */
const AppSource = /* @__PURE__ */ (() => optional(matching('regex', APP_SOURCE)))();

/** `LoginPayload` (a pure closure, as `Captcha`). */
export const LoginPayloadRun: Run = /* @__PURE__ */ (() =>
  withLogin({
    password: Password,
    captcha_token: Captcha,
    app_source: AppSource,
    // As the zod schema's `Code` (REVIEW-AC AC-3, AD-3, AF-2): its characters once read
    // (`typedText`), then not empty.
    two_factor_code: optional((v, issues) =>
      nonEmpty(true, CODE_MAX)(typeof v === 'string' ? typedText(v) : v, issues),
    ),
  }))();

/** `ForgotPasswordPayload`. */
export const ForgotPasswordRun: Run = /* @__PURE__ */ withLogin({ captcha_token: Captcha });

// The answers' fields (common.ts's tolerant fields). A reader holds no state: one serves many fields.
const NullableText = /* @__PURE__ */ tolerant(readText, 'a string', 1);
const loose = /* @__NO_SIDE_EFFECTS__ */ (shape: Record<string, Run>) => optional(object(shape, 1));

/** `AuthUser`. */
const AuthUser = /* @__PURE__ */ (() => {
  const [t, n, b] = [Text, tolerant(readNumber, 'a number', 2), tolerant(readBoolean, 'a boolean', 2)];
  return object({
    id: tolerant(readInteger, 'an integer', 2),
    email: t,
    username: t,
    name: t,
    first_name: t,
    last_name: t,
    phone: t,
    ddi: t,
    birth_date: t,
    gender: t,
    country: t,
    language: t,
    currency: t,
    document: loose({ type: t, number: t }),
    country_data: loose({ code: t, name: t, ddi: t }),
    wallet: loose({
      real: loose({
        credit: n,
        walletId: n,
        minWithdrawAmount: n,
        maxWithdrawAmount: n,
        withdrawEnabled: b,
        hasWalletDeposit: b,
        withdrawEnableNow: b,
        withdrawNextDate: t,
      }),
      bonus: loose({ credit: n, creditHold: n, sportsAmountHold: n, casinoAmountHold: n, expiryDatetime: t }),
      cashback: loose({ credit: n, expiresAt: t }),
    }),
    token: t,
    is_active: b,
    cancelled_account: b,
    bonus_enabled: b,
    ftd_date: optional(NullableText),
    ftd_value: optional(tolerant(readNumber, 'a number', 1)),
    mother_name: t,
  });
})();

/** `authUserInfoShape` (a new shape each time: LoginChallenge makes its fields optional). */
const userInfoShape = /* @__NO_SIDE_EFFECTS__ */ (): Record<string, Run> => ({
  validate_email_at: NullableText,
  login_at: NullableText,
  login_attempt_qty: tolerant(readInteger, 'an integer'),
  seven_days_since_last_login: tolerant(readBoolean, 'a boolean'),
  strong_password: tolerant(readBoolean, 'a boolean'),
  force_request_kyc: tolerant(readBoolean, 'a boolean'),
  two_factor_enabled: tolerant(readBoolean, 'a boolean'),
  two_factor_type: Text,
});

/** `expires_in` (`tokenLifeOf`). */
const ExpiresIn = /* @__PURE__ */ kind((v) => tokenLifeOf(v), 1);

const CHALLENGES = ['cancelled_account', 'two_factor_code'];

/** `LoginChallenge`. */
const LoginChallenge = /* @__PURE__ */ (() => {
  const info = userInfoShape();
  for (const key in info) info[key] = optional(info[key]!);
  return object({
    type: kind((v, issues) => {
      if (!CHALLENGES.includes(v as string)) fail(issues, 'invalid_value', { values: CHALLENGES });
      return v;
    }, 1),
    access_token: optional(string),
    expires_in: optional(ExpiresIn),
    token_type: Text,
    user: optional(AuthUser),
    userInfo: optional(object(info)),
    message: optional(string),
  });
})();

/** `LoginSuccess`. */
const LoginSuccess = /* @__PURE__ */ object({
  access_token: headerToken,
  expires_in: ExpiresIn,
  token_type: string,
  user: AuthUser,
  userInfo: /* @__PURE__ */ object(userInfoShape()),
  type: /* @__PURE__ */ kind((v, issues) => {
    if (v !== undefined) wrongType(issues, 'undefined');
  }, 1),
});

/**
 * `LoginResponse` (`either` of schemas/either.ts): the option `type` picks (none: a session, set:
 * a challenge) reads the answer; its value and its issues are the result.
 */
export const LoginResponseRun: Run = (value, issues) =>
  ((value as { type?: unknown } | null)?.type === undefined ? LoginSuccess : LoginChallenge)(value, issues);

/** `RefreshTokenResponse`. */
export const RefreshTokenRun: Run = /* @__PURE__ */ object({ access_token: headerToken });

const keptFlag = (v: unknown) => {
  const b = readBoolean(v);
  return b === UNREADABLE || b === null ? b : b ? 1 : 0;
};

/**
 * `UserProfileResponse`'s `userInfo` fields: `UserLimitsFields` too, each kept as sent when
 * unreadable (a new shape each time: `readHeard` makes them optional).
 */
const profileInfoShape = /* @__NO_SIDE_EFFECTS__ */ (): Record<string, Run> => {
  const info = userInfoShape();
  const [at, n, f] = [kept(readText), kept(readNumber), kept(keptFlag)];
  const times = { _at: at, _in: at, _min: at };
  const excluded = { '': f, _at: at, _note: at };
  const parts: [string, Record<string, Run>][] = [
    ['user_pause', { '': n, ...times }],
    ['user_exclusion', { '': n, ...times }],
    ...['deposit', 'bet', 'loss', 'time'].map((k): [string, Record<string, Run>] => [
      `user_limit_${k}`,
      { '': n, _active: f, _period: at, _change: at },
    ]),
    ['operator_exclusion', excluded],
    ['spa_exclusion', excluded],
  ];
  for (const [name, fields] of parts) for (const end in fields) info[name + end] = fields[end]!;
  return info;
};

/** `UserProfileResponse`. */
export const UserProfileRun: Run = /* @__PURE__ */ object({
  user: AuthUser,
  userInfo: object(profileInfoShape()),
});

/** A profile's `userInfo` as `readHeard` takes it: each field the answer's, optional. */
const HeardInfo = /* @__PURE__ */ (() => {
  const info = profileInfoShape();
  for (const key in info) info[key] = optional(info[key]!);
  return object(info);
})();

/**
 * A user (`AuthUser`) or, `info` set, a profile's `userInfo` that another tab told, as this tab's
 * own read of the answer would take it: only the spec's fields, each read as an answer's (any may
 * be missing: what a view cannot read of it stays unknown, never free); undefined where that read
 * refuses it. What a view can hold is the schemas' to say, whichever way it came in (review 105:
 * another tab's keys, a token among them, reached `view.userInfo` as told).
 *
 * @example
 * readHeard({ id: 1, access_token: 't' }); // { id: 1 }
 */
export const readHeard = (v: unknown, info?: boolean): Record<string, unknown> | undefined => {
  const issues: Issue[] = [];
  const out = (info ? HeardInfo : AuthUser)(v, issues);
  return issues.length ? undefined : (out as Record<string, unknown>);
};

/**
 * Whether `s` is a JSON-encoded array of strings (`'["BR"]'`: `nationalities`, spec 2.5) of at most
 * 1,024 characters (a country's code or name each: some hundreds of them; review 133, 100 kB was
 * sent).
 */
export const isJsonStringArray = (s: string): boolean => {
  if (s.length > 1024) return false;
  try {
    const v: unknown = JSON.parse(s);
    // Each a nationality's text, as every other free text of the payload (review 149: a NUL, a
    // line break, a bidi override, an empty item were sent).
    return Array.isArray(v) && v.every((x) => typeof x === 'string' && CONTACT_TEXT.test(x));
  } catch {
    return false;
  }
};

/** `isJsonStringArray`'s refusal (the zod schema's too). */
export const NATIONALITIES =
  'must be a JSON-encoded array of texts (no control or invisible character; at most 1024 characters)';

const OptionalString = /* @__PURE__ */ (() => optional(string))();

/** `RegisterSimplifiedPayload`: its two rules, then a valid CPF as digits. */
export const RegisterSimplifiedRun: Run = /* @__PURE__ */ (() =>
  checked(
    object(
      {
        email: SentEmail,
        password: Password,
        country: Contact,
        nationalities: (v, issues) => {
          if (typeof v !== 'string') return string(v, issues);
          rule(isJsonStringArray(v), NATIONALITIES, issues);
          return v;
        },
        optIn: boolean,
        // '' as a form's untouched input (REVIEW-AD AD-4).
        ddi: optional(matching('regex', PHONE_OR_EMPTY)),
        phone: optional(matching('regex', PHONE_OR_EMPTY)),
        name: optional(matching('regex', CONTACT_OR_EMPTY)),
        birth_date: OptionalString,
        number: OptionalString,
        captcha_token: Captcha,
        app_source: AppSource,
        // Contact text, as the profile's (review 124, 133).
        affiliation_code: optional(Contact),
      },
      0,
    ),
    (p: { birth_date?: string; number?: string }, issues) => {
      checkBirthDate(p, issues);
      // Read as validateDocument reads it (`documentText`), then sent as digits.
      if (p.number !== undefined) p.number = normalizeCpf(p.number) ?? p.number;
      rule(p.number === undefined || isValidCpf(p.number), 'must be a valid CPF', issues, ['number']);
    },
  ))();

/** `ValidateDocumentPayload`: the number read by `documentText`, sent as digits (common.ts's `DOCUMENT_TEXT`). */
export const ValidateDocumentRun: Run = /* @__PURE__ */ (() =>
  object(
    {
      // Read as the zod schema reads it (REVIEW-AD AD-2, AE-2, AF-1).
      number: (v, issues) =>
        matching('regex', DOCUMENT_TEXT)(typeof v === 'string' ? documentText(v) : v, issues),
      captcha_token: Captcha,
    },
    0,
  ))();

/** `ValidateDocumentResponse`. */
export const ValidateDocumentResponseRun: Run = /* @__PURE__ */ (() =>
  object({
    docnumber: Text,
    docnumber_valid: tolerant(readBoolean, 'a boolean', 2),
    birth_date: Text,
    gender: Text,
    mother_name: Text,
    name: Text,
  }))();
