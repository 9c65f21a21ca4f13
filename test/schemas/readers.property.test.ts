import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { FORGOT_PASSWORD, GET_USER_PROFILE, granting, LOGIN, REFRESH_TOKEN } from '../../src/auth/operations';
import {
  ForgotPasswordPayload,
  LoginChallenge,
  LoginPayload,
  LoginResponse,
  LoginSuccess,
  RefreshTokenResponse,
  UserProfileResponse,
} from '../../src/schemas/auth';
import { parseRequest, parseResponse } from '../../src/schemas/common';
import { UserLimitsFields } from '../../src/schemas/limits';
import { LoginResponseRun, RefreshTokenRun } from '../../src/schemas/readers/auth';
import { type Issue, type Run, reader } from '../../src/schemas/readers/core';
import { PLAIN_USER_INFO } from '../support/login-answer';
import { hostile, scalars, valuesLike } from './arbitraries';
import { outcome, type Schema } from './oracle';

// Issue 33 (sizes): the auth module's rows read with hand-written readers (src/schemas/readers),
// which bundle no zod. The zod schemas `pam-client/schemas` exports are the oracles: for every
// value, `parseRequest`/`parseResponse` give the same value (keys in the same order) or throw the
// same error (class, code, message, issues) with the reader as with the schema.

/** A zod schema as a reader's `Run` (what `granting` wrapped before: its raw issues, its value). */
const zodRun =
  (schema: Schema): Run =>
  (value, issues) => {
    const result = schema._zod.run({ value, issues: [] }, { async: false }) as z.core.ParsePayload;
    issues.push(...(result.issues as unknown as Issue[]));
    return result.value;
  };

/** `granting(schema)` as it was: a zod transform around the schema (its issues finalized by zod). */
const oldGranting = (schema: Schema) =>
  z.transform((value: unknown, payload) =>
    granting(zodRun(schema))(value, payload.issues as unknown as Issue[]),
  ) as unknown as Schema;

function same(kind: 'request' | 'response', oracle: Schema, reader: Schema, value: unknown) {
  const parse = kind === 'request' ? parseRequest : parseResponse;
  const expected = outcome(() => parse('op', oracle, value));
  const actual = outcome(() => parse('op', reader, value));
  // Keys (absent or undefined), their order and prototypes by `order`; the values by toEqual
  // (toStrictEqual compares `constructor`s, and an own `constructor: NaN` is never equal to itself).
  expect(actual.order).toStrictEqual(expected.order);
  expect(actual).toEqual(expected);
}

const TOKEN = 'tok_0123456789abcdefXYZ';
const SUCCESS = {
  access_token: TOKEN,
  expires_in: 3600,
  token_type: 'Bearer',
  user: {
    id: 7,
    email: 'ana@example.com',
    name: 'Ana',
    token: TOKEN,
    document: { type: 'cpf', number: '52998224725', extra: 1 },
    wallet: {
      real: { credit: '12.50', withdrawEnabled: '1', other: [1] },
      bonus: {},
      cashback: { credit: 1 },
    },
    is_active: 1,
    ftd_date: null,
    ftd_value: '10.00',
  },
  userInfo: { ...PLAIN_USER_INFO, two_factor_type: 'email' },
};
const CHALLENGE = { type: 'two_factor_code', message: 'code sent', userInfo: { two_factor_enabled: '1' } };
const LIMITS = {
  ...Object.fromEntries(Object.keys(UserLimitsFields).map((key, i) => [key, i % 3 ? String(i) : i])),
  user_pause: '7',
  user_pause_at: '2026-11-29',
  user_exclusion: null,
  user_limit_deposit: ' 100.00 ',
  user_limit_deposit_active: 'true',
  user_limit_deposit_period: 'daily',
  user_limit_bet_active: 2,
  user_limit_loss: 'abc',
  operator_exclusion: '1.00',
  spa_exclusion_note: 12,
};
const PROFILE = { user: SUCCESS.user, userInfo: { ...PLAIN_USER_INFO, ...LIMITS } };

/** Odd values: every scalar kind, long and astral strings at the bounds, -0, NaN, a getter. */
const odd = fc.oneof(
  hostile,
  fc.constantFrom(
    '\u{1F642}',
    ' \u{1F642} ',
    '\u{1F642}'.repeat(40),
    'x'.repeat(16_384),
    'x'.repeat(16_385),
    'a b',
    'tok\u00e9n',
    '529.982.247-25',
    ' 529 982 247 25 ',
    '111.111.111-11',
    '52998224725',
    52998224725,
    -0,
    Number.NaN,
    [''],
    { length: 0 },
    { length: '0' },
    TOKEN,
    `Bearer ${TOKEN}`,
    `${TOKEN}abc123`,
  ),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);

/** Values a field is likely to meet at its edges (`REMOVE`: the key absent). */
const EDGES = [
  undefined,
  null,
  false,
  true,
  0,
  1,
  '0',
  'false',
  'TRUE',
  '',
  ' ',
  'a b',
  'two_factor_code',
  'cancelled_account',
  { nested: 1 },
  [],
];

/**
 * `base` with one value at any depth (a path to one of its values, or a new key under one of its
 * objects, `__proto__` and `constructor` too) set to another value, or removed.
 */
const nearMiss = (base: object) =>
  fc
    .tuple(
      fc.constantFrom(...pathsOf(base)),
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...EDGES, REMOVE) },
        { weight: 1, arbitrary: scalars },
        { weight: 1, arbitrary: odd },
      ),
    )
    .map(([path, value]) => setAt(structuredClone(base) as Record<string, unknown>, path, value));

const REMOVE = Symbol('remove');
function pathsOf(value: unknown, at: string[] = [], out: string[][] = []): string[][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const extra of ['__proto__', 'constructor', 'extra']) out.push([...at, extra]);
  for (const [k, v] of Object.entries(value)) {
    out.push([...at, k]);
    pathsOf(v, [...at, k], out);
  }
  return out;
}
function setAt(root: Record<string, unknown>, path: string[], value: unknown) {
  let at = root;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (value === REMOVE) delete at[last];
  else Object.defineProperty(at, last, { value, enumerable: true, writable: true, configurable: true });
  return root;
}

/** Answers that hold the token elsewhere too (the scrub of `granting` runs before the reading). */
const echoed = fc
  .tuple(fc.constantFrom('name', 'email', 'username', 'message'), fc.constantFrom(TOKEN, `Bearer ${TOKEN}`))
  .map(([key, echo]) => ({ ...SUCCESS, user: { ...SUCCESS.user, [key]: echo }, [key]: echo }));

/** An object whose one field is a getter (counted: zod and the reader read it as often). */
const withGetter = (base: object, key: string, get: () => unknown) =>
  Object.defineProperty({ ...base }, key, { get, enumerable: true, configurable: true });

const RUNS = { numRuns: 1500 };

describe('the auth rows read by hand, as their zod schemas read', () => {
  it('a pasted two-factor code (REVIEW-AD AD-3: format characters anywhere, white space, full-width digits)', () => {
    const piece = fc.constantFrom(
      '1',
      '9',
      '\uff11',
      ' ',
      '\n',
      '\u3000',
      '\u200b',
      '\u200d',
      '\u2060',
      '\ufeff',
      '\u00ad',
      '\u200e',
      'a',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 70 }), (pieces) =>
        same('request', LoginPayload, LOGIN.request, {
          login: 'a',
          password: 'b',
          two_factor_code: pieces.join(''),
        }),
      ),
      RUNS,
    );
  });

  it('the login payload (LoginPayload)', () => {
    const base = { login: ' 529.982.247-25 ', password: 'pw', captcha_token: 'c', two_factor_code: '1' };
    fc.assert(
      fc.property(
        fc.oneof(valuesLike(LoginPayload), nearMiss(base), nearMiss({ login: 'a', password: 'b' }), odd),
        (value) => same('request', LoginPayload, LOGIN.request, value),
      ),
      RUNS,
    );
  });

  it('the password recovery payload (ForgotPasswordPayload)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          valuesLike(ForgotPasswordPayload),
          nearMiss({ login: ' ana@x.io ', captcha_token: 't' }),
          odd,
        ),
        (value) => same('request', ForgotPasswordPayload, FORGOT_PASSWORD.request, value),
      ),
      RUNS,
    );
  });

  it('the login answer (LoginResponse), read alone', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          valuesLike(LoginSuccess),
          valuesLike(LoginChallenge),
          nearMiss(SUCCESS),
          nearMiss(CHALLENGE),
          nearMiss({ ...SUCCESS, ...CHALLENGE }),
          odd,
        ),
        (value) => same('response', LoginResponse, reader(LoginResponseRun), value),
      ),
      RUNS,
    );
  });

  it('the login answer with its token scrubbed first (the login row)', () => {
    fc.assert(
      fc.property(fc.oneof(nearMiss(SUCCESS), nearMiss(CHALLENGE), echoed, odd), (value) =>
        same('response', oldGranting(LoginResponse), LOGIN.response, value),
      ),
      { numRuns: 400 },
    );
  });

  it('the refresh answer (RefreshTokenResponse), its token scrubbed first', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          valuesLike(RefreshTokenResponse),
          nearMiss({ access_token: TOKEN, refresh_token: 'r_0123456789abcdef', token_type: 'Bearer' }),
          odd,
        ),
        (value) => {
          same('response', oldGranting(RefreshTokenResponse), REFRESH_TOKEN.response, value);
          same('response', RefreshTokenResponse, reader(RefreshTokenRun), value);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('the profile (UserProfileResponse)', () => {
    fc.assert(
      fc.property(fc.oneof(valuesLike(UserProfileResponse), nearMiss(PROFILE), odd), (value) =>
        same('response', UserProfileResponse, GET_USER_PROFILE.response, value),
      ),
      RUNS,
    );
  });

  it('every field of an answer at each of its edges, one at a time', () => {
    const values = [...EDGES, REMOVE, 'a b', 'x'.repeat(16_385), TOKEN, -0, Number.NaN, '\u{1F642}'];
    const bases = [SUCCESS, CHALLENGE, { ...SUCCESS, type: 'cancelled_account' }, PROFILE];
    for (const base of bases)
      for (const key of [...Object.keys(base), 'type', 'access_token', 'user_pause'])
        for (const value of values) {
          const answer = setAt(structuredClone(base) as Record<string, unknown>, [key], value);
          same('response', LoginResponse, reader(LoginResponseRun), answer);
          same('response', oldGranting(LoginResponse), LOGIN.response, answer);
          same('response', UserProfileResponse, GET_USER_PROFILE.response, answer);
        }
  });

  it('reads a getter as often, and throws what it throws, as zod does', () => {
    for (const [oracle, row, base, kind] of [
      [LoginPayload, LOGIN.request, { login: 'a', password: 'b' }, 'request'],
      [UserProfileResponse, GET_USER_PROFILE.response, PROFILE, 'response'],
      [LoginResponse, reader(LoginResponseRun), SUCCESS, 'response'],
    ] as const) {
      const parse = kind === 'request' ? parseRequest : parseResponse;
      for (const key of [...Object.keys(base), 'extra']) {
        const counts = [oracle, row].map((schema: Schema) => {
          let n = 0;
          outcome(() =>
            parse(
              'op',
              schema,
              withGetter(base, key, () => {
                n++;
                return 'x';
              }),
            ),
          );
          return n;
        });
        expect([key, counts[1]]).toEqual([key, counts[0]]);
        same(
          kind,
          oracle,
          row,
          withGetter(base, key, () => 'x'),
        );
        same(
          kind,
          oracle,
          row,
          withGetter(base, key, () => {
            throw new Error(`getter ${key}`);
          }),
        );
      }
    }
  });

  it('reads a Proxy of an answer (its traps, prototype-ish keys) as zod does', () => {
    const proxied = (target: object) =>
      new Proxy(target, { has: (t, k) => k === 'extra' || Reflect.has(t, k) });
    same('response', UserProfileResponse, GET_USER_PROFILE.response, proxied(PROFILE));
    same('response', LoginResponse, reader(LoginResponseRun), proxied(SUCCESS));
    same('request', LoginPayload, LOGIN.request, proxied({ login: 'a', password: 'b' }));
    same('request', LoginPayload, LOGIN.request, Object.create({ login: 'a', password: 'b', x: 1 }));
    // A `has` that denies a key it holds: a required field read but not present (zod's `nonoptional`).
    for (const key of ['access_token', 'token_type', 'user', 'userInfo', 'expires_in', 'type']) {
      const lying = new Proxy(SUCCESS, { has: (t, k) => k !== key && Reflect.has(t, k) });
      same('response', LoginResponse, reader(LoginResponseRun), lying);
    }
    for (const key of ['login', 'password', 'captcha_token']) {
      const lying = new Proxy(
        { login: 'a', password: 'b', captcha_token: 'c' },
        { has: (t, k) => k !== key && Reflect.has(t, k) },
      );
      same('request', LoginPayload, LOGIN.request, lying);
    }
    same(
      'response',
      LoginResponse,
      reader(LoginResponseRun),
      JSON.parse(`{"__proto__":{"type":"two_factor_code"}}`),
    );
  });

  it('the valid answers read as the spec shows them (the examples above pass)', () => {
    expect(parseResponse('login', LOGIN.response, SUCCESS)).toMatchObject({
      access_token: TOKEN,
      expires_in: 3600,
    });
    expect(parseResponse('login', LOGIN.response, CHALLENGE)).toMatchObject({ type: 'two_factor_code' });
    expect(parseResponse('getUserProfile', GET_USER_PROFILE.response, PROFILE)).toMatchObject({
      userInfo: { user_pause: 7, user_limit_loss: 'abc', user_limit_bet_active: 2, operator_exclusion: 1 },
    });
    expect(parseRequest('login', LOGIN.request, { login: ' 529.982.247-25 ', password: 'p' })).toEqual({
      login: '52998224725',
      password: 'p',
    });
  });
});
