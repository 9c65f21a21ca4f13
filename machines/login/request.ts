// The request both login steps invoke: the only place a password, code or captcha token is revealed.

import {
  type AuthModule,
  isSecret,
  type LoginPayload,
  type LoginResponse,
  type RegisterSimplifiedPayload,
  type RegistrationModule,
  RequestValidationError,
  type Secret,
  secret,
  TimeoutError,
} from 'pam-client';
import type { TimersLike } from 'pam-client/internal';
// A module importing nothing, by a relative import the layers allow (pam-client/internal holds
// its 12 names at most): the build's shared chunk carries it once for both entries.
import { providedToken } from '../../src/auth/captcha';
import { DEFAULT_TIMEOUT_MS } from '../../src/http/timeout-default';
import { fromPromise } from '../actor-logic';
import { readOwn } from '../machine-setup';

/**
 * What a login request actor receives (`loginMachine` gives its context with these parts; other
 * keys are not read). Secrets stay boxed: a persisted snapshot includes a running child's input,
 * so only the promise creator reveals them, right before sending.
 */
export interface LoginRequest {
  auth: Pick<AuthModule, 'login'>;
  login: string;
  /** None (null: a step entered without one) or no Secret (restored from JSON): refused, nothing sent. */
  password: Secret | null;
  appSource?: string | null;
  captchaToken?: Secret | CaptchaProvider | null;
  code?: Secret;
  /**
   * A key of the credentials no login takes (its name only, never its value): the login fails
   * with a `RequestValidationError` (`unrecognized_key` at that path), nothing sent (REVIEW-Y Y-11).
   */
  key?: string;
}

/** A captcha token fetched when the request is sent: each send calls it again (tokens are single-use). */
export type CaptchaProvider = () => string | Promise<string>;

/** A captcha token as an app gives it: the token, boxed or not, or a provider. */
export type CaptchaToken = string | Secret | CaptchaProvider;

/** A captcha token boxed on receipt: a provider stays a provider (called at send time). */
export const boxCaptcha = (value: unknown): Secret | CaptchaProvider | undefined =>
  typeof value === 'function'
    ? (value as CaptchaProvider)
    : value === undefined || value === null
      ? undefined
      : box(value);

/**
 * Sends `payload` with `post` (the operation, with the actor's `signal`) and the captcha token to
 * send now, and gives the answer without `user.token`. A provider is called (an answer that is no
 * string is sent on as '', which the auth module refuses: REVIEW-AC AC-5), and
 * waited for at most the adapter's default timeout on the machine's own clock (the actor
 * system's): after that, a `TimeoutError` and nothing sent (REVIEW-Q Q-1). The wait's timer is
 * cleared once the wait ends (a token, the provider failing or throwing, the bound, or the state
 * left: `signal` rejects the wait, so a token that comes later sends nothing). Without a provider
 * `post` is called synchronously (the request starts in the same tick). A restored captcha token
 * (no Secret) is dropped rather than refused: it was single-use anyway. (One helper for both
 * requests: smaller gzipped than the captcha step alone, issue 33.)
 */
const send = async <P extends { captcha_token?: string }>(
  payload: P,
  value: Secret | CaptchaProvider | null | undefined,
  { signal, system: { _clock: clock } }: { signal: AbortSignal; system: { _clock: TimersLike } },
  // The operation, by name on its module (called as its method: smaller gzipped than a closure).
  auth: {
    [K in 'login' | 'registerSimplified']?: (
      payload: P,
      options: { signal: AbortSignal },
    ) => Promise<LoginResponse>;
  },
  post: 'login' | 'registerSimplified',
): Promise<LoginResponse> => {
  let timer: unknown;
  // The token to send now: a provider's answer (not adopted by `resolve`, which would lock the
  // wait to it: the bound and the abort must still reject it), or the boxed token.
  const token =
    typeof value === 'function'
      ? await new Promise<unknown>((resolve, reject) => {
          timer = clock.setTimeout(
            () => reject(new TimeoutError('captcha', 'token', DEFAULT_TIMEOUT_MS)),
            DEFAULT_TIMEOUT_MS,
          );
          signal.onabort = reject;
          // An answer that is no token (a number, the widget's object, undefined, a Secret) is sent
          // on as '', which the auth module refuses (`too_small` on `captcha_token`, nothing sent),
          // never taken for "no captcha" (REVIEW-AC AC-5; its value never quoted): the user
          // module's one reading (`providedToken`).
          providedToken(value).then(resolve, reject);
        }).finally(() => clock.clearTimeout(timer))
      : isSecret(value) && revealed(value, '');
  return withoutUserToken(
    await auth[post]!(token === false ? payload : { ...payload, captcha_token: token as string }, {
      signal,
    }),
  );
};

// What a value that is no string (an untyped caller's number, `null`, an object) is boxed as: the
// request sends `null` in its place, so the auth module refuses it as what it is (`invalid_type`,
// "expected string", as a login that is no string), never as an empty one (`too_small`), an empty
// code as one "never persisted" (a restored step's), or a captcha token dropped (REVIEW32 R32-1).
// The value itself is never kept; a restore turns this Secret, like any, into no Secret.
const NOT_A_STRING = /* @__PURE__ */ secret('');

/**
 * A boxed value as the payload sends it (`null` for one that was no string); no Secret (restored
 * from JSON: a Secret serialises as '[redacted]') is refused as `field`'s, nothing sent.
 */
const revealed = (value: unknown, field: string): string | null => {
  if (!isSecret(value)) throw unrestorable(field);
  return value === NOT_A_STRING ? null : value.reveal();
};

// A non-string from an untyped caller is refused as invalid input (the machine reaches `failed`)
// instead of the actor crashing.
export const box = (value: unknown): Secret =>
  isSecret(value) ? value : typeof value === 'string' ? secret(value) : NOT_A_STRING;

/**
 * The keys a login's credentials take (the login child's SUBMIT, the session's LOGIN,
 * `client.login`): any other is refused by name, nothing sent (REVIEW-Y Y-11).
 */
export const LOGIN_KEYS = /^(type|login|password|appSource|captchaToken)$/;

/**
 * The keys a registration takes besides its password and captcha token (spec 5.3,
 * `RegisterSimplifiedPayload`'s: test/secrets/register-unknown-key-inspect holds them equal).
 */
export const REGISTER_KEYS =
  /^(email|country|nationalities|optIn|ddi|phone|name|birth_date|number|app_source|affiliation_code)$/;

/**
 * `payload` (a registration's, a command) with the value of every key `keep` does not match boxed
 * (FIXSEC28 F3; `captcha`'s as a captcha token: a provider stays one; a missing value, `undefined` or
 * `null`, left as given), so no actor's input and no event holds it in plain text. The registration
 * machine keeps `REGISTER_KEYS` (boxing the password, the captcha token and any key a registration
 * does not take: `password_confirmation`, a typo, refused by name when sent, nothing sent); the
 * session's door more (`boxCommand`, FIXTOK29). A payload that cannot be read (a Proxy trap, a
 * getter that throws) is none, refused as invalid input (REVIEW-U U-2).
 */
export const boxRegistration = (
  payload: unknown,
  keep: RegExp,
  captcha = 'captcha_token',
): Record<string, unknown> => {
  // Key by key: a key whose reading throws is left out (missing, refused as such), the others kept
  // (review 79: one such key made the whole command `{}`, its `type` lost, and the session died).
  const o = readOwn(payload);
  for (const k in o) if (o[k] != null && !keep.test(k)) o[k] = (k === captcha ? boxCaptcha : box)(o[k]);
  return o;
};

/** A login's key it does not take (its name only, never its value): REVIEW-Y Y-11. */
export const unknownKey = (key: string): RequestValidationError =>
  new RequestValidationError('login', [
    { path: [key], code: 'unrecognized_key', message: 'is not a known field' },
  ]);

/**
 * A Secret serialises as '[redacted]', so a snapshot restored from JSON holds that text where a
 * secret was. Sending it would cost the user a failed login (or a rejected code), so refuse.
 */
const unrestorable = (field: string, operation = 'login'): RequestValidationError =>
  new RequestValidationError(operation, [
    { path: [field], code: 'not_persisted', message: 'is never persisted' },
  ]);

/**
 * `value` without the keys that name a token (`token`, `access_token`, `pushToken`: any case, any
 * depth), as a copy. What a session holds of a player (`user`, `userInfo`: JSON data) passes here:
 * the API's `user.token`, and a token a server echoes inside the fields the spec leaves open
 * (`user.document.token`: review 67), never reach a view or a snapshot.
 */
export const withoutTokens = <T>(value: T): T =>
  value && JSON.parse(JSON.stringify(value), (key, v) => (/token$/i.test(key) ? undefined : v));

/**
 * The login answer with `user` and `userInfo` without their tokens (`withoutTokens`): the server
 * echoes the access token in `user.token`, under a key no redaction knows, and may put one in a
 * field the spec leaves open (`user.document.token`: review 103, which reached the view from a
 * login answer; `access_token` carries it for the token store, never a snapshot).
 */
export function withoutUserToken<T extends object>(response: T): T {
  const { user, userInfo } = response as { user?: object; userInfo?: object };
  return {
    ...response,
    ...(user && { user: withoutTokens(user) }),
    ...(userInfo && { userInfo: withoutTokens(userInfo) }),
  };
}

/**
 * One login request; `signal` aborts it when the state that invoked it is left. (The payload is
 * built here, not in a helper: smaller gzipped, issue 33.)
 */
export const requestLogin = /* @__PURE__ */ fromPromise<LoginResponse, LoginRequest>(async (a) => {
  const r = a.input;
  if (r.key) throw unknownKey(r.key);
  const payload = { login: r.login, password: revealed(r.password, 'password') } as LoginPayload;
  if (r.appSource != null) payload.app_source = r.appSource;
  // A restored two-factor step has no code to send (it is never kept: no Secret): ask for it
  // again, nothing sent. A code given empty or as no string is the auth module's to refuse.
  if (r.code !== undefined) payload.two_factor_code = revealed(r.code, 'two_factor_code') as string;
  return send(payload, r.captchaToken, a, r.auth, 'login');
});

/** A registration as an app sends it (spec 5.3): the password and captcha token may be `Secret`s. */
export type RegistrationPayload = Omit<RegisterSimplifiedPayload, 'password' | 'captcha_token'> & {
  password: string | Secret;
  captcha_token?: CaptchaToken;
};

/**
 * What the registration request actor receives: the form's fields (no secret in plain text:
 * the password and captcha token stay boxed until the request is sent). `payload` is absent
 * after a restore (a registration is never sent twice on its own).
 */
export interface RegisterRequest {
  /** `createPamClient` gives a `registerSimplified` that fails without the `registration()` flow. */
  auth: Partial<Pick<RegistrationModule, 'registerSimplified'>>;
  /** The fields, behind a function: no inspector reads them through the actor's ref (FIXSEC28 F3). */
  payload?: () => Omit<RegisterSimplifiedPayload, 'password' | 'captcha_token'>;
  password: Secret;
  captchaToken?: Secret | CaptchaProvider;
}

/** One simplified registration (spec 5.3): its answer is a login answer. */
export const requestRegistration = /* @__PURE__ */ fromPromise<LoginResponse, RegisterRequest>(async (a) => {
  const r = a.input;
  // (A restored input's function is gone: JSON drops it.)
  if (typeof r.payload !== 'function') throw unrestorable('payload', 'registerSimplified');
  // Every field boxed at the session's door (all but the e-mail and the app source: `boxCommand`)
  // revealed here, right before the request is sent, the password with them.
  const fields: Record<string, unknown> = { ...r.payload(), password: revealed(r.password, 'password') };
  for (const k in fields) if (isSecret(fields[k])) fields[k] = revealed(fields[k], k);
  return send(fields as RegisterSimplifiedPayload, r.captchaToken, a, r.auth, 'registerSimplified');
});
