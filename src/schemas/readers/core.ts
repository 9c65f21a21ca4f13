// Hand-written readers (issue 33, sizes): what every operation row checks with, in place of the
// zod schemas of src/schemas/*.ts, which stay what `pam-client/schemas` exports. A reader gives,
// for every value, the value zod's schema gives and the issues zod raises (their codes, paths and
// the fields `toValidationIssues` reads, in zod's order), so `parseRequest`/`parseResponse` make
// the same result or the same error of either (test/schemas/readers.property.test.ts,
// readers-user.property.test.ts: the zod schema as the oracle). They bundle no zod: a client
// carried its ~16 kB min (~5 kB gz) for the rows that read with it.
// Only the forms those rows use are here; each follows zod 4's own code (core/schemas.js).

import type * as z from 'zod/mini';
import { isAtLeastYearsOld } from '../../responsible-gaming/time';
import {
  CONTACT_TEXT,
  EMAIL,
  EMAIL_MAX,
  isHeaderSafeToken,
  PHONE_TEXT,
  readText,
  UNREADABLE,
  type Unreadable,
} from '../common';

/** An issue as zod raises it (before it is finalized): the fields `toValidationIssues` reads. */
export interface Issue {
  code: string;
  path: PropertyKey[];
  /** Set (true) on the issues after which zod goes on checking (a check's); absent: aborting. */
  continue?: true;
  message?: string;
  [field: string]: unknown;
}

/**
 * A reader: the value read from `value`, its issues pushed on `issues`. `k` says how an object
 * treats the field when its key is absent, as zod's `optin`/`optout` do: absent (undefined) a
 * required field (a string, an object: optin unset); 1 a transform (optional in only); 2
 * `z.optional` (optional in and out).
 */
export type Run = ((value: unknown, issues: Issue[]) => unknown) & { k?: 1 | 2 };

/** `run` as a field of kind `k` (see `Run`). */
/* @__NO_SIDE_EFFECTS__ */
export const kind = (run: Run, k: 1 | 2): Run => Object.assign(run, { k });

/** `z.optional(run)`: `undefined` read as itself, without running `run`. */
/* @__NO_SIDE_EFFECTS__ */
export const optional = (run: Run): Run => kind((v, issues) => (v === undefined ? v : run(v, issues)), 2);

/**
 * Pushes an issue `code` at the value itself (`path` []), with `fields`. Only the fields
 * `toValidationIssues` reads (and `continue`) are set: the issue is never seen before it.
 */
export const fail = (issues: Issue[], code: string, fields?: object): void => {
  issues.push({ code, path: [], ...fields });
};

/** `invalid_type` (aborting), expected `type`: what zod's type checks raise. */
export const wrongType = (issues: Issue[], type: string) => fail(issues, 'invalid_type', { expected: type });

/** `z.string()`: a string, else `invalid_type` (aborting). */
export const string: Run = (v, issues) => {
  if (typeof v !== 'string') wrongType(issues, 'string');
  return v;
};

/**
 * `z.string().check(nonEmpty())` (`trim`: `z.string().check(z.trim(), nonEmpty())`): the trim only
 * on a string (zod skips a check after an aborting issue); the least length checked on any value
 * with a `length`, as nonEmpty's `when` makes zod check it (an empty array is also `too_small`);
 * with `max`, a longer one `too_big` (common.ts's `secretText`).
 */
/* @__NO_SIDE_EFFECTS__ */
export const nonEmpty =
  (trim?: boolean, max?: number): Run =>
  (v, issues) => {
    string(v, issues);
    if (trim && typeof v === 'string') v = v.trim();
    const n = (v as string | undefined)?.length;
    if (n !== undefined && (!(n >= 1) || n > max!))
      fail(issues, n > max! ? 'too_big' : 'too_small', {
        origin: Array.isArray(v) ? 'array' : typeof v === 'string' ? 'string' : 'unknown',
        // Both bounds: `toValidationIssues` reads the one of the issue's code.
        minimum: 1,
        maximum: max,
        continue: true,
      });
    return v;
  };

/** `HeaderSafeToken`: a string, then the rule (a `custom` issue after which zod goes on). */
export const headerToken: Run = (v, issues) => {
  if (typeof v !== 'string') return string(v, issues);
  rule(isHeaderSafeToken(v), 'must be a token that can be sent in a header', issues);
  return v;
};

/** `z.boolean()`: a boolean, else `invalid_type` (aborting). */
export const boolean: Run = (v, issues) => {
  if (typeof v !== 'boolean') wrongType(issues, 'boolean');
  return v;
};

/** `z.literal(values)`: one of `values` (SameValueZero, as zod's Set), else `invalid_value` (aborting). */
/* @__NO_SIDE_EFFECTS__ */
export const literal =
  (values: unknown[]): Run =>
  (v, issues) => {
    if (!values.includes(v)) fail(issues, 'invalid_value', { values });
    return v;
  };

/**
 * `z.number()` (a finite number, else `invalid_type`, aborting), as common.ts's `int()` when
 * `whole` (a fraction `invalid_type` expected `int`, aborting; beyond the safe range `too_big` /
 * `too_small`), then `atLeast(least)`, `atMost(most)`: each bound an issue after which zod goes
 * on. (Their `origin`, `int` or `number`, and `inclusive` are left out: `toValidationIssues`
 * words both origins, inclusive, alike.)
 */
/* @__NO_SIDE_EFFECTS__ */
export const number =
  (whole?: boolean, least?: number, most?: number): Run =>
  (v, issues) => {
    const bound = (n: number | undefined, small?: boolean) => {
      if (n !== undefined && (small ? (v as number) < n : (v as number) > n))
        fail(
          issues,
          small ? 'too_small' : 'too_big',
          small ? { minimum: n, continue: true } : { maximum: n, continue: true },
        );
    };
    if (typeof v !== 'number' || !Number.isFinite(v)) wrongType(issues, 'number');
    else if (whole && !Number.isInteger(v)) wrongType(issues, 'int');
    else {
      if (whole) {
        // (Number.MAX_SAFE_INTEGER and MIN_SAFE_INTEGER, 2^53 - 1: literals, which esbuild prints
        // shorter than the member reads it keeps.)
        bound(9_007_199_254_740_991);
        bound(-9_007_199_254_740_991, true);
      }
      bound(least, true);
      bound(most);
    }
    return v;
  };

/** common.ts's `matching(format, pattern)`: a string `pattern` matches, else `invalid_format` (zod goes on). */
/* @__NO_SIDE_EFFECTS__ */
export const matching =
  (format: string, pattern: RegExp): Run =>
  (v, issues) => {
    if (typeof v !== 'string') return string(v, issues);
    if (!pattern.test(v))
      fail(issues, 'invalid_format', { format, pattern: String(pattern), continue: true });
    return v;
  };

/** common.ts's `sentEmail()`: the e-mail pattern, then at most `EMAIL_MAX` characters. */
/* (Its length is checked on any value with one, as zod checks it; `bound`'s own "expected string"
   is the format's, already told.) */
export const SentEmail: Run = /* @__PURE__ */ (
  (format: Run, bound: Run): Run =>
  (v, issues) => {
    format(v, issues);
    const more: Issue[] = [];
    bound(v, more);
    issues.push(...more.slice(typeof v === 'string' ? 0 : 1));
    return v;
  }
)(matching('email', EMAIL), nonEmpty(false, EMAIL_MAX));

/**
 * Contact data and a phone or DDI (REVIEW-AA AA-13; common.ts's `CONTACT_TEXT`, `PHONE_TEXT`):
 * the profile's fields and registration's `country`, `ddi`, `phone`.
 */
export const Contact: Run = /* @__PURE__ */ matching('regex', CONTACT_TEXT);
export const Phone: Run = /* @__PURE__ */ matching('regex', PHONE_TEXT);

/** A `rule` of rule.ts on `value` (its `custom` issue at `path`, after which zod goes on). */
export const rule = (ok: boolean, message: string, issues: Issue[], path: PropertyKey[] = []) => {
  if (!ok) fail(issues, 'custom', { message, path, continue: true });
};

/** Minimum age to register (Lei 14.790/2023, art. 26, I). */
export const MIN_PLAYER_AGE = 18;

/**
 * `birth_date`'s rule wherever it is sent (registration, a profile update; schemas/auth.ts's
 * `birthDateRule`): absent, or a `YYYY-MM-DD` date of a year from 1900 at least `MIN_PLAYER_AGE`
 * years before today's date in São Paulo (`isAtLeastYearsOld`), else an issue at `birth_date`
 * (never the value). Here, not in auth.ts, so a user row bundles no auth reader.
 */
export const checkBirthDate = (p: { birth_date?: string }, issues: Issue[]): void =>
  rule(
    p.birth_date === undefined || isAtLeastYearsOld(p.birth_date, MIN_PLAYER_AGE),
    `must be a date (YYYY-MM-DD) at least ${MIN_PLAYER_AGE} years ago`,
    issues,
    ['birth_date'],
  );

/**
 * `schema.check(...)`: `run`, then, unless it raised an issue after which zod stops, `checks` on
 * its value (rules, overwrites), in order, as zod's `runChecks`.
 */
/* @__NO_SIDE_EFFECTS__ */
export const checked =
  (run: Run, check: (value: never, issues: Issue[]) => void): Run =>
  (v, issues) => {
    const from = issues.length;
    const out = run(v, issues);
    if (issues.slice(from).every((issue) => issue.continue)) check(out as never, issues);
    return out;
  };

/**
 * list.ts's `list(element)` (z.array as a transform): an array, else `invalid_type` (aborting);
 * each item read by `run`, its issues under its index, into a new array.
 */
/* @__NO_SIDE_EFFECTS__ */
export const list = (run: Run): Run =>
  kind((v, issues) => {
    if (!Array.isArray(v)) {
      wrongType(issues, 'array');
      return v;
    }
    const out: unknown[] = Array(v.length);
    for (let i = 0; i < v.length; i++) {
      const own: Issue[] = [];
      out[i] = run(v[i], own);
      for (const issue of own) issues.push({ ...issue, path: [i, ...issue.path] });
    }
    return out;
  }, 1);

/** `fields` (names split on spaces) each read by `run`, in order: a part of an object's shape. */
/* @__NO_SIDE_EFFECTS__ */
export const each = (fields: string, run: Run): Record<string, Run> => {
  const shape: Record<string, Run> = {};
  for (const key of fields.split(' ')) shape[key] = run;
  return shape;
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A value kept as sent (a loose object's other keys, `kept`'s unreadable value), bounded: nested
 * deeper than 64 objects or arrays it is unreadable, a `custom` issue (the answer is then a typed
 * error), never kept: `JSON.stringify`, which the machines compare data with, cannot write one
 * nested some thousands deep (RangeError). `deep`'s `n`: the levels left.
 */
const deep = (x: unknown, n: number): boolean =>
  n < 0 || (Object(x) === x && Object.values(x as object).some((y) => deep(y, n - 1)));
const asSent = (v: unknown, issues: Issue[]) =>
  deep(v, 64) ? fail(issues, 'custom', { message: 'too deep' }) : v;

/** The catchall of a loose object: the value as sent (zod's `z.unknown()` stand-in, a transform). */
const AS_SENT: Run = /* @__PURE__ */ kind(asSent, 1);

/**
 * `z.object(shape)` (`rest` 0: `z.strictObject`, 1: `z.looseObject`), as zod's `$ZodObject` reads:
 * each field of the shape in order (its issues under its key; its value kept as zod's
 * `handlePropertyResult` keeps it), then, for a strict object, every other key (`for…in`) in one
 * `unrecognized_keys` issue, for a loose one, every other key but `__proto__` as sent.
 */
/* @__NO_SIDE_EFFECTS__ */
export function object(shape: Record<string, Run>, rest?: 0 | 1): Run {
  const entries = Object.entries(shape);
  return (input, issues) => {
    if (!isObject(input)) {
      wrongType(issues, 'object');
      return input;
    }
    const out: Record<string, unknown> = {};
    // One list of a field's own issues for all the fields (issue 33, speed: no list per field),
    // emptied after a field that raised any (setting a length costs more than a new list).
    const own: Issue[] = [];
    const field = (key: string, run: Run) => {
      const value = run(input[key], own);
      const present = key in input;
      if (present || run.k !== 2) {
        for (const issue of own) issues.push({ ...issue, path: [key, ...issue.path] });
        if (present || run.k) {
          if (value !== undefined || present) out[key] = value;
        } else if (!own.length) fail(issues, 'invalid_type', { expected: 'nonoptional', path: [key] });
      }
      if (own.length) own.length = 0;
    };
    // (By index, not destructured: a pair taken apart by its iterator cost 3-8 % of a reader.)
    for (const e of entries) field(e[0], e[1]);
    if (rest !== undefined) {
      const unknown: string[] = [];
      for (const key in input) {
        if (Object.hasOwn(shape, key)) continue;
        if (!rest) unknown.push(key);
        else if (key !== '__proto__') field(key, AS_SENT);
      }
      if (unknown.length) fail(issues, 'unrecognized_keys', { keys: unknown, continue: true });
    }
    return out;
  };
}

type Read<T> = (value: unknown) => T | null | Unreadable;

/**
 * The tolerant answer fields of common.ts (`integerField`, `optionalText`, …: transforms): the
 * value `read` reads; null kept (`mode` 1: `nullable`), read as absent (2: `optional`), else an
 * issue, as for a value it cannot read (a `custom` issue, aborting).
 */
/* @__NO_SIDE_EFFECTS__ */
export const tolerant = <T>(read: Read<T>, expected: string, mode?: 1 | 2): Run =>
  kind((v, issues) => {
    const r = read(v);
    if (r === null && mode) return mode > 1 ? undefined : null;
    if (r === UNREADABLE || r === null) {
      fail(issues, 'custom', { message: `expected ${expected}` });
      return null;
    }
    return r;
  }, 1);

/** `optionalText()`: text, null or absent read as absent. */
export const Text: Run = /* @__PURE__ */ tolerant(readText, 'a string', 2);

/** `z.optional(kept…())` of common.ts: the value read, or kept as sent (`asSent`: bounded). */
/* @__NO_SIDE_EFFECTS__ */
export const kept = <T>(read: Read<T>): Run =>
  optional((v, issues) => {
    const r = read(v);
    return r === UNREADABLE ? asSent(v, issues) : r;
  });

/** What `parseRequest`/`parseResponse` call: zod's `safeParse`. */
interface Parses {
  safeParse(
    value: unknown,
  ): { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };
}

/**
 * A reader as a row's schema: `safeParse` as zod's (the value, or the issues). Typed as the zod
 * schema it stands for (`Operation` takes zod types); nothing else of zod's API is there.
 */
/* @__NO_SIDE_EFFECTS__ */
export function reader<T extends z.ZodMiniType>(run: Run): T {
  const safeParse: Parses['safeParse'] = (value) => {
    const issues: Issue[] = [];
    const data = run(value, issues);
    return issues.length ? { success: false, error: { issues } } : { success: true, data };
  };
  return { safeParse } as Parses as never;
}
