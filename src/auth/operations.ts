// Spec 4.1: the authentication area, one row per operation, in `AUTH_OPERATIONS` (checked against
// `AuthModule` both ways; the endpoints are derived from the interface). The spec
// does not show where login, registration, password recovery and document validation live; these
// paths are the defaults docs/contract.md chose (createAuthModule's `endpoints` overrides them).
// Every call made without a valid session skips the refresh-on-401 (`skipAuthRefresh`), so a 401
// from the refresh endpoint cannot wait on itself.
// Every row reads with the hand-written readers of src/schemas/readers (issue 33, sizes: the
// client bundles no zod); each gives what the zod schema of the same name in `pam-client/schemas`
// gives (test/schemas/readers.property.test.ts, readers-user.property.test.ts).

import { createScrubber, scrubberOf } from '../errors/scrub';
import { ResponseValidationError } from '../errors/validation';
import type { HttpAdapter } from '../http/types';
import { type Operation, send } from '../operation/operation';
import type {
  ForgotPasswordPayload,
  LoginPayload,
  LoginResponse,
  RefreshTokenResponse,
  RegisterSimplifiedPayload,
  UserProfileResponse,
  ValidateDocumentPayload,
  ValidateDocumentResponse,
} from '../schemas/auth';
import {
  ForgotPasswordRun,
  LoginPayloadRun,
  LoginResponseRun,
  RefreshTokenRun,
  RegisterSimplifiedRun,
  UserProfileRun,
  ValidateDocumentResponseRun,
  ValidateDocumentRun,
} from '../schemas/readers/auth';
import { type Run, reader } from '../schemas/readers/core';
import { documentText } from '../schemas/typed-text';

/** The fields by which an answer gives the client a token (a `refresh_token` some APIs add). */
const GRANTS = ['access_token', 'refresh_token'];

/**
 * `read` reading an answer that gives the client a token (login, its two-factor step,
 * registration, refresh) with that token (and any refresh token) first scrubbed from all its other
 * values and keys, at any depth, in every form the scrubber knows (`Bearer <token>`, encoded,
 * escaped): the adapter scrubs the token it sends from later answers, but this one came with none.
 * Only the answer's own token fields keep it: the grants (for the token store) and `user.token`
 * (spec 2.3; the session drops it); `user.name`, `user.document.access_token` are echoes. Before
 * the reading, so nothing it reads, answers or reports (a view, an event, an error, a log) holds it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function granting(read: Run): Run {
  return (answer, issues) => {
    const a = answer as Record<string, unknown>;
    const tokens = GRANTS.map((key) => a?.[key]).filter((t) => typeof t === 'string');
    // The walk sees the answer without the fields that keep the token (the grants, `user.token`):
    // a value that is the token makes the scrubber build its expressions (~6 ms with every echo
    // form), and every login answer holds it there; only an echo elsewhere pays that.
    if (!tokens.length || typeof a !== 'object') return read(a, issues);
    const user = a.user as Record<string, unknown> | null;
    const probe: Record<string, unknown> = { ...a };
    for (const key of GRANTS) delete probe[key];
    if (user && typeof user === 'object' && 'token' in user) {
      const { token: _, ...rest } = user;
      probe.user = rest;
    }
    // Then the call's own secrets (the attached scrubber) in what is left: a short one glued to the
    // token (`<token>abc123`) stands on its own once the token is redacted (REVIEW-G G1).
    const walked = createScrubber(tokens as string[]).deep(probe, undefined, true);
    if (walked === probe) return read(a, issues);
    // A copy where anything changed, the kept fields put back as they came.
    const clean = { ...scrubberOf(a).deep(walked, undefined, true) };
    for (const key of GRANTS) if (key in a) clean[key] = a[key];
    if (probe.user !== user) clean.user = { ...(clean.user as object), token: user!.token };
    return read(clean, issues);
  };
}

/** A login answer (login, its two-factor step, registration), its token scrubbed from the rest. */
const GrantingLogin = /* @__PURE__ */ reader<typeof LoginResponse>(granting(LoginResponseRun));

export const LOGIN = {
  method: 'POST',
  path: '/auth/login',
  request: /* @__PURE__ */ reader<typeof LoginPayload>(LoginPayloadRun),
  response: GrantingLogin,
  mutation: true,
  skipAuthRefresh: true,
  tokens: true,
} as const satisfies Operation;

// An expired token needs no refresh just to be revoked: the session is cleared either way.
export const LOGOUT = {
  method: 'POST',
  path: '/auth/logout',
  response: null,
  mutation: true,
  skipAuthRefresh: true,
  accessToken: true,
} as const satisfies Operation;

export const GET_USER_PROFILE = {
  method: 'GET',
  path: '/auth/user-profile?check_spa_again=1',
  response: /* @__PURE__ */ reader<typeof UserProfileResponse>(UserProfileRun),
  mutation: false,
  tokens: true,
  // `{"success":false,"user":…}`: no profile to take restrictions from (review 156).
  envelope: true,
} as const satisfies Operation;

export const REFRESH_TOKEN = {
  method: 'POST',
  path: '/users/refresh-token',
  response: /* @__PURE__ */ reader<typeof RefreshTokenResponse>(granting(RefreshTokenRun)),
  mutation: true,
  skipAuthRefresh: true,
  // The token to refresh with may be named (a tab sends only its own login's: a shared store may
  // hold another's, machines/session/refresh.ts).
  accessToken: true,
  tokens: true,
} as const satisfies Operation;

export const REGISTER_SIMPLIFIED = {
  method: 'POST',
  path: '/auth/register-simplified',
  request: /* @__PURE__ */ reader<typeof RegisterSimplifiedPayload>(RegisterSimplifiedRun),
  response: GrantingLogin,
  mutation: true,
  skipAuthRefresh: true,
  tokens: true,
} as const satisfies Operation;

export const FORGOT_PASSWORD = {
  method: 'POST',
  path: '/auth/forgot-password',
  request: /* @__PURE__ */ reader<typeof ForgotPasswordPayload>(ForgotPasswordRun),
  mutation: true,
  skipAuthRefresh: true,
} as const satisfies Operation;

/** A document number's digits, without leading zeros. */
const digitsOf = (n: string) => documentText(n).replace(/^0+/, '');

// A POST that only reads: not a mutation.
export const VALIDATE_DOCUMENT = {
  method: 'POST',
  path: '/auth/validate-document',
  request: /* @__PURE__ */ reader<typeof ValidateDocumentPayload>(ValidateDocumentRun),
  response: /* @__PURE__ */ reader<typeof ValidateDocumentResponse>(ValidateDocumentResponseRun),
  mutation: false,
  skipAuthRefresh: true,
  // A verdict on another number is none on this one: refused (review 100: a valid verdict naming
  // another CPF prefilled another person's name and birth date).
  answers: (answer: ValidateDocumentResponse, asked: ValidateDocumentPayload) => {
    // (Leading zeros aside: a back end keeping the CPF as an integer answers `1234567890` for
    // `012.345.678-90`, review 102.)
    if (answer.docnumber && digitsOf(answer.docnumber) !== digitsOf(asked.number))
      throw new ResponseValidationError('validateDocument', [
        { path: ['docnumber'], code: 'invalid_value', message: 'names another document' },
      ]);
  },
} as const satisfies Operation;

/**
 * A method sending `row` (a login, a registration: its answer grants a token) as `endpoints` place
 * it. An answer the reader refuses (`invalid_response`) was still a grant at the API: its
 * `access_token` (a string; of an answer not read as JSON, over the adapter's cap or with junk
 * after it, the first written in it) is revoked once, in the background (a logout naming it, at the logout
 * endpoint; its outcome heard by nobody), before the refusal is thrown. The token is held only in
 * this call's closure: never on the error (REVIEW-Q Q-3, O-19).
 */
/**
 * An `access_token` string written in a JSON text, without escapes (a token is header-safe: JSON
 * escapes none of its characters).
 */
const GRANT = /"access_token"\s*:\s*"([^"\\]+)"/;

/* @__NO_SIDE_EFFECTS__ */
export function granted(
  http: Partial<HttpAdapter>,
  key: string,
  row: Operation,
  endpoints: Record<string, object | undefined> = {},
) {
  const op = { ...row, ...endpoints[key] };
  const logout = { ...LOGOUT, ...endpoints.logout };
  return (...args: unknown[]) => {
    const tokens: unknown[] = [];
    return send(http, key, op, args, async (attempt, payload) => {
      const raw = (await attempt(payload, {
        // A 2xx answer the adapter cannot read (over its cap, not JSON: review 43) granted all the
        // same: the adapter hands what it read, and the first `access_token` string written in it
        // is revoked (one logout, whatever a hostile answer repeats).
        [Symbol.for('pam-client.unread')]: (text: string) => tokens.push(GRANT.exec(text)?.[1]),
      })) as { access_token?: unknown } | null;
      // Read in `send`'s `try`: an answer whose reading throws (a getter, a Proxy's trap) is the
      // call's `UnexpectedError`, never that getter's error thrown from the `catch` below.
      tokens.push(raw?.access_token);
      return raw;
    }).catch((error) => {
      for (const token of tokens)
        if (token && typeof token === 'string')
          send(http, 'logout', logout, [{ accessToken: token }]).catch(() => {});
      throw error;
    });
  };
}

/** The rows of the auth module, one per method. */
export const AUTH_MODULE_ROWS = {
  login: LOGIN,
  logout: LOGOUT,
  getUserProfile: GET_USER_PROFILE,
  refreshToken: REFRESH_TOKEN,
  forgotPassword: FORGOT_PASSWORD,
} as const;

/** The rows of the registration module (apart, so an app that never registers does not bundle them). */
export const REGISTRATION_ROWS = {
  registerSimplified: REGISTER_SIMPLIFIED,
  validateDocument: VALIDATE_DOCUMENT,
} as const;

/**
 * Every auth operation, registration's included: the one list of their names (the server's routes).
 * Written out, not spread: a spread is not provably free of side effects, and would keep both
 * tables in every bundle.
 */
export const AUTH_OPERATIONS = {
  login: LOGIN,
  logout: LOGOUT,
  getUserProfile: GET_USER_PROFILE,
  refreshToken: REFRESH_TOKEN,
  registerSimplified: REGISTER_SIMPLIFIED,
  forgotPassword: FORGOT_PASSWORD,
  validateDocument: VALIDATE_DOCUMENT,
} as const;
