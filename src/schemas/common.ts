// The schemas' common parts: the tolerant readers of answers (./read-scalar, re-exported), the
// fields built on them, and the checks of a request or an answer against its schema
// (`parseRequest`, `parseResponse`).

import type { core } from 'zod/mini';
import * as z from 'zod/mini';
import { RequestValidationError, ResponseValidationError, type ValidationIssue } from '../errors/index';
import { scrubberOf } from '../errors/scrub';
import { secretValuesOf } from '../secrets/secret';
import { readBoolean, readInteger, readNumber, readText, UNREADABLE, type Unreadable } from './read-scalar';
import { rule } from './rule';

export { readBoolean, readInteger, readNumber, readText, UNREADABLE, type Unreadable } from './read-scalar';
export { documentText, typedText } from './typed-text';

// Every schema built at module level is wrapped in a `/* @__PURE__ */` IIFE (why: CONTRIBUTING.md,
// Bundle size). Minifiers inline the IIFEs: the full core bundle is byte-for-byte the same size.

// Building blocks shared by the request and response schemas. Bounds the spec leaves open
// are the defaults of docs/contract.md ("Gaps in the spec").

/**
 * `z.int()` as `z.number()` with a plain check (issue 33, sizes: z.int's number-format classes and
 * range table cost a bundle about 0.3 kB gz). The same issues in the same order: a non-number is
 * z.number's; a fraction `invalid_type` (expected `int`, format `safeint`), which stops the checks
 * after it; an integer beyond the safe range `too_big`/`too_small` at the safe bound (origin `int`,
 * without zod's `note`), which does not. `checks` run after it, as `z.int().check(...checks)`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function int(...checks: z.core.$ZodCheck<number>[]): z.ZodMiniNumber<number> {
  const safe = plainCheck<number>(
    (input) =>
      !Number.isInteger(input)
        ? { code: 'invalid_type', expected: 'int', format: 'safeint', continue: false }
        : input > Number.MAX_SAFE_INTEGER
          ? { code: 'too_big', maximum: Number.MAX_SAFE_INTEGER, origin: 'int', inclusive: true }
          : input < Number.MIN_SAFE_INTEGER
            ? { code: 'too_small', minimum: Number.MIN_SAFE_INTEGER, origin: 'int', inclusive: true }
            : undefined,
    // Described as z.int()'s check (what z.toJSONSchema and zod's compiler read: an integer in the safe range).
    { check: 'number_format', format: 'safeint' },
  );
  return z.number().check(safe, ...checks);
}

/**
 * A check without a zod check class: the issue `issueOf` finds in a value (if any), pushed with the
 * value, the check and `continue: true` (unless the issue says otherwise), as zod's checks push
 * theirs; described to zod (z.toJSONSchema, its compiler) by `def`, as the check it stands for.
 */
/* @__NO_SIDE_EFFECTS__ */
function plainCheck<T>(issueOf: (input: T) => object | undefined, def: object): z.core.$ZodCheck<T> {
  const check = z.check<T>((payload) => {
    const issue = issueOf(payload.value);
    if (issue)
      payload.issues.push({
        input: payload.value,
        inst: check,
        continue: true,
        ...issue,
      } as never);
  });
  Object.assign(check._zod.def, def);
  return check;
}

/** zod's e-mail pattern (`z.regexes.email`, zod 4), which `z.email()` tests. */
export const EMAIL =
  // biome-ignore lint/complexity/noUselessEscapeInRegex: zod's source as it is (issues and JSON Schema show it)
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/**
 * A string that `pattern` matches, as `z.email()` (format `email`) or `z.string().check(z.regex(…))`
 * (format `regex`) check it, with a plain check (issue 33, sizes: zod's string-format classes). The
 * same issue (`invalid_format`, the format, the pattern), and described as their check (z.toJSONSchema:
 * the format and the pattern).
 */
/* @__NO_SIDE_EFFECTS__ */
export function matching(format: 'email' | 'regex', pattern: RegExp): z.ZodMiniString<string> {
  const check = plainCheck<string>(
    (input) =>
      pattern.test(input)
        ? undefined
        : { origin: 'string', code: 'invalid_format', format, pattern: String(pattern) },
    { check: 'string_format', format, pattern },
  );
  return z.string().check(check);
}

/** `z.email()`: the same pattern and issue (see `matching`). */
export const email = /* @__NO_SIDE_EFFECTS__ */ () => matching('email', EMAIL);

/**
 * The most characters of an e-mail address a request sends (RFC 5321's path: 254). A longer one
 * is `too_big`, nothing sent (review 113: a 1 MB address went out; every other text has its bound).
 */
export const EMAIL_MAX = 254;

/** The largest `gender` code a profile update sends (spec 2.7: a number; a code, review 124). */
export const GENDER_MAX = 99;

/** An e-mail address a request sends: `email()` and at most `EMAIL_MAX` characters. */
export const sentEmail = /* @__NO_SIDE_EFFECTS__ */ () => email().check(nonEmpty(EMAIL_MAX));

/**
 * `z.gte(n)` (`atMost`: `z.lte(n)`) on a number as a plain check (issue 33, sizes: zod's two bound
 * classes): the same issue (`too_small`/`too_big`, origin `number`, the bound, inclusive), and
 * described as their check (z.toJSONSchema: minimum, maximum).
 */
/* @__NO_SIDE_EFFECTS__ */
function bound(n: number, least: boolean): z.core.$ZodCheck<number> {
  return plainCheck<number>(
    (input) =>
      (least ? input < n : input > n)
        ? {
            origin: 'number',
            ...(least ? { code: 'too_small', minimum: n } : { code: 'too_big', maximum: n }),
            inclusive: true,
          }
        : undefined,
    { check: least ? 'greater_than' : 'less_than', value: n, inclusive: true },
  );
}
export const atLeast = /* @__NO_SIDE_EFFECTS__ */ (n: number) => bound(n, true);
export const atMost = /* @__NO_SIDE_EFFECTS__ */ (n: number) => bound(n, false);

/** A positive integer: user ids, report ids, social account ids, pages (spec gap: ids). */
export const PositiveInt = /* @__PURE__ */ (() => int(atLeast(1)))();

/** An integer code (`reason`, `kyc_id`). */
export const IntCode = /* @__PURE__ */ (() => int())();

/**
 * `z.minLength(1)`, the one least length our schemas set, as a plain check: z.minLength's class
 * (with its code-point counting, which a least length of 1 never needs) cost every bundle about
 * 0.28 kB gz (issue 33). The same issue, and run as zod runs it: on any value with a `length`,
 * also when the schema before it refused the value (an array passed for a string is also
 * `too_small` with origin `array` when empty).
 */
/* @__NO_SIDE_EFFECTS__ */
export function nonEmpty(max?: number): z.core.$ZodCheck<string> {
  const check = z.check<string>((payload) => {
    const input: unknown = payload.value;
    const n = (input as string).length;
    if (!(n >= 1) || n > max!)
      payload.issues.push({
        origin: Array.isArray(input) ? 'array' : typeof input === 'string' ? 'string' : 'unknown',
        ...(n > max! ? { code: 'too_big', maximum: max! } : { code: 'too_small', minimum: 1 }),
        inclusive: true,
        input,
        inst: check,
        continue: true,
      } as z.core.$ZodRawIssue);
  });
  // Described as z.minLength(1)'s check (what z.toJSONSchema and zod's compiler read: minLength 1).
  Object.assign(check._zod.def, {
    check: 'min_length',
    minimum: 1,
    when: ({ value }: { value: unknown }) => value != null && (value as string).length !== undefined,
  });
  return check;
}

/**
 * Non-empty text: a blank login or password is never worth a round trip.
 *
 * @internal A test seam (test/schemas/lighter-forms.property): no schema uses it since registration's
 * `country` became contact text (REVIEW-AA AA-13).
 */
export const NonEmptyString = /* @__PURE__ */ (() => z.string().check(nonEmpty()))();

/**
 * The most characters (UTF-16 units) a secret may have, refused before sending (REVIEW-S S-10: a
 * pasted document is no password, and scrubbing its echo froze the tab): a password (bcrypt reads
 * 72 bytes), a captcha token (reCAPTCHA/Turnstile: a few kB), a 2FA code.
 */
export const PASSWORD_MAX = 1024;
export const TOKEN_MAX = 8192;
export const CODE_MAX = 64;
/** Non-empty text of at most `max` characters: a secret. */
export const secretText = /* @__NO_SIDE_EFFECTS__ */ (max: number) => z.string().check(nonEmpty(max));
export const Password = /* @__PURE__ */ (() => secretText(PASSWORD_MAX))();
/** An optional captcha token. */
export const Captcha = /* @__PURE__ */ (() => z.optional(secretText(TOKEN_MAX)))();

/** Limit amounts: finite numbers >= 0 (z.number() already refuses NaN and Infinity). */
export const Amount = /* @__PURE__ */ (() => z.number().check(atLeast(0)))();

/** `*_active` flags of the limits are numbers in the spec; 0 or 1 is all that makes sense. */
export const ActiveFlag = /* @__PURE__ */ (() => z.literal([0, 1]))();

/**
 * Spec section 8: the four `*_period` fields. Our value sets are `z.literal([...])`, never `z.enum`:
 * the same issue (`invalid_value` with the values), one schema class fewer in a bundle (issue 33).
 */
export const LimitPeriod = /* @__PURE__ */ (() => z.literal(['daily', 'weekly', 'monthly']))();
export type LimitPeriod = z.infer<typeof LimitPeriod>;

/**
 * Contact data (REVIEW-AA AA-13, REVIEW-AC AC-1; the spec types it only as a string): 1 to 255
 * characters, one a letter or digit, none a control, format (invisible), surrogate, private-use,
 * unassigned or default-ignorable character (a Hangul filler) nor a line or paragraph separator
 * (`\p{C}`, `Zl`, `Zp`, `DI`; but ZWNJ, ZWJ and the emoji variation selectors, REVIEW-AD AD-1: Persian
 * and Indic names need them); a phone or DDI: 1 to 24 digits, spaces and `( ) . -` (none doubled:
 * `1` and 23 spaces is no phone, sixty-second pass) after an optional leading `+`
 * (`(11) 98765-4321`, `+55`). Blank or invisible text wiped the player's contact data.
 */
export const CONTACT_TEXT =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: ZWNJ, ZWJ and the variation selectors on their own, on purpose (AD-1)
  /^(?=.*[\p{L}\p{N}])(?:[^\p{C}\p{Zl}\p{Zp}\p{DI}]|[\u180b-\u180d\u200c-\u200d\ufe00-\ufe0f\u{e0100}-\u{e01ef}]){1,255}$/u;
export const PHONE_TEXT = /^(?!.*([ ().-])\1)(?!\D*$)\+?[\d ().-]{1,24}$/;
/**
 * A document (CPF) number as read (`documentText`: digits in any script, without `.`, `-`, white
 * space or invisible characters; REVIEW-AA AA-13, AF-1): 1 to 20 digits, sent so by
 * validateDocument as by registration. Whether it is a valid CPF is the registry's answer
 * (`docnumber_valid`), not refused here.
 */
export const DOCUMENT_TEXT = /^\d{1,20}$/;

/** Contact data and a phone or DDI as the zod schemas check them (`CONTACT_TEXT`, `PHONE_TEXT`). */
export const Contact = /* @__PURE__ */ (() => matching('regex', CONTACT_TEXT))();
export const Phone = /* @__PURE__ */ (() => matching('regex', PHONE_TEXT))();

/**
 * `CONTACT_TEXT` or `PHONE_TEXT`, or '': registration's optional `name`, `ddi` and `phone`, which a
 * sign-up form sends as '' when left blank (v-model, controlled inputs; REVIEW-AD AD-4). A new
 * account: nothing is wiped (the profile's fields refuse '').
 */
export const orEmpty = /* @__NO_SIDE_EFFECTS__ */ (p: RegExp): RegExp =>
  new RegExp(`^$|${p.source}`, p.flags);
export const CONTACT_OR_EMPTY = /* @__PURE__ */ orEmpty(CONTACT_TEXT);
export const PHONE_OR_EMPTY = /* @__PURE__ */ orEmpty(PHONE_TEXT);

/**
 * `app_source` (login, registration; the spec types it only as a string): the app's name as the
 * operator's reports group it (`web`, `ios`, `android`), 1 to 64 visible ASCII characters (review
 * 133: 100 kB, CR LF, a NUL, a bidi override were sent).
 */
export const APP_SOURCE = /^[\x21-\x7e]{1,64}$/;
export const AppSource = /* @__PURE__ */ (() => z.optional(matching('regex', APP_SOURCE)))();

/** The pattern of `SocialType`. */
export const SOCIAL_TYPE = /^[a-z0-9_-]{1,32}$/;

/** The `{type}` segment of connectSocial (spec gap): lower-case slug, URI-encoded when sent. */
export const SocialType = /* @__PURE__ */ (() => matching('regex', SOCIAL_TYPE))();

/** Optional fields every sensitive update accepts (spec section 5, item 7). */
export const sensitiveFields = /* @__PURE__ */ (() => ({
  password_check: z.optional(Password),
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

/**
 * A token that can be a header value (see `isHeaderSafeToken`): for `access_token`/`token` in
 * answers. A `rule`, not `z.refine` (the same issue; see rule.ts).
 */
export const HeaderSafeToken = /* @__PURE__ */ (() =>
  z.string().check(rule(isHeaderSafeToken, 'must be a token that can be sent in a header')))();

// Tolerant response fields: the schemas built on the readers above (issue 23: tolerant
// reading of answers, strict writing of requests).

type Reader<T> = (value: unknown) => T | null | Unreadable;

/** `required`: null is an issue; `nullable`: null kept; `optional`: null read as absent. */
type Mode = 'required' | 'nullable' | 'optional';

/* @__NO_SIDE_EFFECTS__ */
function strict<T>(read: Reader<T>, expected: string, mode: Mode) {
  return z.transform((value: unknown, ctx): T | null | undefined => {
    const read_ = read(value);
    if (read_ === null && mode !== 'required') return mode === 'optional' ? undefined : null;
    if (read_ === UNREADABLE || read_ === null) {
      ctx.issues.push({ code: 'custom', message: `expected ${expected}`, input: value });
      return null;
    }
    return read_;
  });
}

type Field<T> = z.ZodMiniType<T, unknown>;

// Response fields: the value read, or an issue (an invalid answer) when it cannot be read.
/** An integer as `readInteger` reads it (ids, counts, statuses). */
export const integerField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readInteger, 'an integer', 'required') as unknown as Field<number>;
/** A boolean as `readBoolean` reads it. */
export const booleanField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readBoolean, 'a boolean', 'required') as unknown as Field<boolean>;
/** A number or null. */
export const nullableNumberField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readNumber, 'a number', 'nullable') as unknown as Field<number | null>;
/** Text as `readText` reads it. */
export const textField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readText, 'a string', 'required') as unknown as Field<string>;
/** Text or null. */
export const nullableTextField = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readText, 'a string', 'nullable') as unknown as Field<string | null>;

// Optional response fields: absent or null (a NULL column) reads as absent. No `z.optional`
// around them: a transform is already optional on input (zod never reports an absent key it
// reads), and the reader gives `undefined` for null or absent, so an absent key stays absent and
// the wrapper's layer (one more run per field of every answer) changed nothing but the type.
// The type is the wrapper's, so `z.infer` still makes the key optional (`id?: number`).
type Optional<T> = z.ZodMiniOptional<Field<T | undefined>>;
/** An optional number; null reads as absent. */
export const optionalNumber = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readNumber, 'a number', 'optional') as unknown as Optional<number>;
/** An optional integer; null reads as absent. */
export const optionalInteger = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readInteger, 'an integer', 'optional') as unknown as Optional<number>;
/** An optional boolean; null reads as absent. */
export const optionalBoolean = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readBoolean, 'a boolean', 'optional') as unknown as Optional<boolean>;
/** Optional text; null reads as absent. */
export const optionalText = /* @__NO_SIDE_EFFECTS__ */ () =>
  strict(readText, 'a string', 'optional') as unknown as Optional<string>;

/**
 * What a restriction field of the profile holds after reading: the canonical value, `null` (not
 * sent), or, when it could not be read, the value exactly as the server sent it (so
 * `restrictionsOf` reports it in `unreadable` and the restrictions as unknown).
 */
export type Kept<T> = T | null | UnreadableValue;
/** A value the server sent that could not be read (kept as sent): never a number. */
export type UnreadableValue = string | boolean | object;

/* @__NO_SIDE_EFFECTS__ */
function keeping<T>(read: Reader<T>) {
  return z.transform((value: unknown): Kept<T> => {
    const read_ = read(value);
    return read_ === UNREADABLE ? (value as UnreadableValue) : read_;
  }) as unknown as z.ZodMiniType<Kept<T>, unknown>;
}

/** A restriction number (days, months, amounts): read, or kept as sent; never an issue. */
export const keptNumber = /* @__NO_SIDE_EFFECTS__ */ () => keeping(readNumber);
/** A restriction flag (`*_active`, `*_exclusion`) as 1 or 0: read, or kept as sent; never an issue. */
export const keptFlag = /* @__NO_SIDE_EFFECTS__ */ () =>
  keeping((v) => {
    const b = readBoolean(v);
    return b === UNREADABLE || b === null ? b : b ? 1 : 0;
  });
/** A restriction text (periods, timestamps, notes): read, or kept as sent; never an issue. */
export const keptText = /* @__NO_SIDE_EFFECTS__ */ () => keeping(readText);

// Checking a request or an answer against its schema.

/**
 * zod/mini loads no locale (that is what keeps it small), so its own messages are a bare
 * "Invalid input". We write short messages from the issue's structured fields instead, and
 * never from the input value: a message must not echo a password or code back.
 */
function messageFor(issue: core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'too_small':
    case 'too_big': {
      // The bounds our schemas set: a least length and a secret's most (of a string, or of an array
      // a caller passed instead) and a number's inclusive bounds (gte, lte, int's safe range). None
      // bounds a number exclusively, and none checks a step, a record's key or a
      // set's element: those codes have no words here, nor a union's (none is a union: see
      // toValidationIssues) (test/schemas/messages.property.test.ts).
      const small = issue.code === 'too_small';
      const bound = small ? issue.minimum : issue.maximum;
      if (issue.origin === 'string')
        return `must not be ${small ? 'shorter' : 'longer'} than ${bound} character${Number(bound) === 1 ? '' : 's'}`;
      if (issue.origin === 'array') return `must have at ${small ? 'least' : 'most'} ${bound} item(s)`;
      return `must be ${small ? '>' : '<'}= ${bound}`;
    }
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' && issue.pattern
        ? `must match ${issue.pattern}`
        : `must be a valid ${issue.format}`;
    case 'unrecognized_keys':
      return 'is not a known field';
    default:
      // `custom`: our refinements carry their own message.
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'is invalid';
  }
}

const pathOf = (path: readonly PropertyKey[]) =>
  path.filter((p): p is string | number => typeof p !== 'symbol');

/**
 * Flattens zod issues into ours: one issue per unknown key, with the key in the path. No schema of
 * ours is a union (`either`, schemas/either.ts, reads the one option a look at the value picks: its
 * issues are that option's own), so none raises `invalid_union` (test/schemas/messages.property
 * checks every schema): its closest option's issues are not looked for (LEAN21: that branch was
 * ~74 B gzipped on every row). One would still fail, as one issue worded 'is invalid'.
 */
export function toValidationIssues(issues: readonly core.$ZodIssue[]): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({
          path: [...pathOf(issue.path), key],
          code: 'unrecognized_key',
          message: messageFor(issue),
        });
      }
    } else {
      // Every issue names its code: the readers' (`fail`) and zod's (a check's issue without one is
      // `custom`, zod's `payload.issues.push`).
      out.push({ path: pathOf(issue.path), code: issue.code, message: messageFor(issue) });
    }
  }
  return out;
}

/**
 * `value` as `schema` reads it, else the error: a request's (`RequestValidationError`), or an
 * answer's (`ResponseValidationError`), its issues scrubbed of every secret the request holds
 * (`secretValuesOf`: a payload key that spells its own password, REVIEW-J LOW-3), or of every
 * secret the request that fetched `value` sent (the adapter attaches them): a server that echoes
 * the password as a key of its answer (`{"<password>": 1}`) puts it into an unknown-key path.
 */
function parse(operation: string, schema: z.ZodMiniType, value: unknown, answer?: 1): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // A request's own secrets are hidden as written (the adapter's scrubber, with every encoding of
  // them, would weigh on every row that validates a payload: +3 kB on the limits operations): a key
  // that is one, or holds one of 8 characters or more (a short one, `'b'`, is in every other word).
  const own = answer ? [] : secretValuesOf(value);
  const scrub = (text: string) =>
    answer
      ? scrubberOf(value).text(text)
      : own.includes(text)
        ? '[redacted]'
        : own.reduce((t, secret) => (secret.length > 7 ? t.split(secret).join('[redacted]') : t), text);
  // An answer's path segment is one of its keys, scrubbed as the scrubber does keys (a field name:
  // a short secret only as the whole key; REVIEW-AA AA-7), not as text (`succ[redacted]ss`).
  const issues = toValidationIssues(result.error.issues).map((issue) => ({
    path: issue.path.map((p) =>
      typeof p !== 'string'
        ? p
        : answer
          ? Object.keys(scrubberOf(value).deep({ [p]: 0 }, undefined, true))[0]!
          : scrub(p),
    ),
    code: issue.code,
    message: scrub(issue.message),
  }));
  throw answer
    ? new ResponseValidationError(operation, issues)
    : new RequestValidationError(operation, issues);
}

/** Validates what a caller passed, before anything is sent. */
export function parseRequest<S extends z.ZodMiniType>(
  operation: string,
  schema: S,
  value: unknown,
): z.output<S> {
  return parse(operation, schema, value) as z.output<S>;
}

/**
 * Validates what the server answered (2xx only; errors are mapped by the adapter). The issues
 * are scrubbed of every secret the request that fetched `value` sent (the adapter attaches them).
 */
export function parseResponse<S extends z.ZodMiniType>(
  operation: string,
  schema: S,
  value: unknown,
): z.output<S> {
  return parse(operation, schema, value, 1) as z.output<S>;
}
