import {
  type AuthModule,
  HttpError,
  type LoginResponse,
  type LoginSuccess,
  PamError,
  RequestValidationError,
  type Secret,
  secret,
} from 'pam-client';
import { assign, type DoneActorEvent, type ErrorActorEvent, type EventObject, setup } from 'xstate';
import { box, boxOptional, type LoginRequest, requestLogin } from './login/request';
import { asPamError, isTransient } from './shared';

/** Rejected two-factor codes after which the login fails (RESET starts over). */
export const MAX_REJECTED_CODES = 5;

export interface LoginInput {
  auth: Pick<AuthModule, 'login'>;
  /** The clock `retryAt` is computed from. Default `Date.now`. */
  now?: () => number;
}

/**
 * No password or code in plain text: the password is kept as a `Secret`, and only while a
 * two-factor step may still need it; the code is never kept (it lives in the running request).
 */
export interface LoginContext {
  auth: Pick<AuthModule, 'login'>;
  now: () => number;
  /** E-mail or CPF of the current attempt (not secret: the form shows it). */
  login: string | null;
  password: Secret | null;
  /** Sent again with the two-factor code (unlike the single-use captcha token). */
  appSource: string | null;
  error: PamError | null;
  /** Epoch ms after which the server said it would listen again (from `Retry-After`). */
  retryAt: number | null;
  rejectedCodes: number;
}

export type LoginEvent =
  | {
      type: 'SUBMIT';
      login: string;
      password: string | Secret;
      captchaToken?: string | Secret;
      appSource?: string;
    }
  | { type: 'SUBMIT_CODE'; code: string | Secret; captchaToken?: string | Secret }
  | { type: 'RESET' };

export type { LoginRequest } from './login/request';
export { requestLogin } from './login/request';

function request(context: LoginContext, extra: Pick<LoginRequest, 'code' | 'captchaToken'>): LoginRequest {
  return {
    auth: context.auth,
    login: context.login ?? '',
    password: context.password ?? secret(''),
    ...(context.appSource === null ? {} : { appSource: context.appSource }),
    ...(extra.captchaToken === undefined ? {} : { captchaToken: extra.captchaToken }),
    ...(extra.code === undefined ? {} : { code: extra.code }),
  };
}

// Named guards and actions see the machine's own event union; the invoke's done and error
// events reach them too, so they are read through these two narrowing helpers.
const answerOf = (event: EventObject): LoginResponse | undefined =>
  event.type.startsWith('xstate.done.actor.') ? (event as DoneActorEvent<LoginResponse>).output : undefined;
const failureOf = (event: EventObject): unknown =>
  event.type.startsWith('xstate.error.actor.') ? (event as ErrorActorEvent).error : undefined;

/**
 * A verdict on the code: a 4xx other than 429 (422, 401, …), or the server asking for a code
 * again. Not a verdict: no answer, a timeout, a 5xx or a 429 (isTransient), and input we refused
 * to send (nothing reached the server).
 */
function isRejection(event: EventObject): boolean {
  if (answerOf(event)?.type === 'two_factor_code') return true;
  const error = failureOf(event);
  return error instanceof HttpError && error.status >= 400 && error.status < 500 && !isTransient(error);
}

function errorOf(event: EventObject): PamError {
  if (answerOf(event)?.type === 'two_factor_code') {
    return new PamError(
      'invalid_response',
      'The two-factor code was not accepted (another code was requested)',
    );
  }
  return asPamError(failureOf(event));
}

const retryAtOf = (context: LoginContext, error: PamError): number | null =>
  error instanceof HttpError && error.retryAfter !== undefined
    ? context.now() + error.retryAfter * 1000
    : null;

const initial = {
  login: null,
  password: null,
  appSource: null,
  error: null,
  retryAt: null,
  rejectedCodes: 0,
};

/**
 * The login flow (spec 5): `idle` → `submitting` → `authenticated` (final; output is the login
 * answer), or `twoFactorRequired` ⇄ `verifyingTwoFactor` for the second factor, or
 * `cancelledAccount`, or `failed` with `context.error`.
 *
 * - `password` and `code` may be strings or `Secret`s; strings are boxed on receipt, so no
 *   snapshot, persisted snapshot or error ever shows them. A persisted snapshot does not carry
 *   them either: after restoring one from JSON, the user submits again.
 * - The two-factor step repeats the login with the same login, password and `appSource`, plus
 *   the code and the captcha token given with `SUBMIT_CODE` (if any; a captcha token is single-use).
 * - A rejected code (4xx other than 429, or another code requested) counts; the 5th fails the
 *   login. No answer, a timeout, a 5xx or a 429 returns to `twoFactorRequired` uncounted.
 *   Nothing is retried automatically; `context.retryAt` tells when a 429 ends.
 * - `RESET` returns to `idle` from every state but `authenticated`, aborting a request in flight.
 *   `SUBMIT` is also accepted in `failed` and `cancelledAccount` (a new attempt).
 *
 * @example
 * const actor = createActor(loginMachine, { input: { auth } }).start();
 * actor.send({ type: 'SUBMIT', login: 'player@example.com', password: secret(form.password) });
 * // twoFactorRequired:
 * actor.send({ type: 'SUBMIT_CODE', code: form.code, captchaToken: await captcha() });
 * const session = (await toPromise(actor)).access_token;
 */
export const loginMachine = /* @__PURE__ */ setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginSuccess,
  },
  actors: {
    submitLogin: requestLogin,
    submitCode: requestLogin,
  },
  guards: {
    asksForCode: ({ event }) => answerOf(event)?.type === 'two_factor_code',
    accountCancelled: ({ event }) => answerOf(event)?.type === 'cancelled_account',
    codeRejected: ({ event }) => isRejection(event),
    lastCodeRejected: ({ context, event }) =>
      isRejection(event) && context.rejectedCodes + 1 >= MAX_REJECTED_CODES,
    /** The password is unusable (a snapshot restored from JSON): another code cannot help. */
    passwordLost: ({ event }) => {
      const error = failureOf(event);
      return error instanceof RequestValidationError && error.issues.some((i) => i.path[0] === 'password');
    },
  },
  actions: {
    reset: assign(initial),
    acceptCredentials: assign(({ event }) =>
      event.type === 'SUBMIT'
        ? {
            ...initial,
            login: typeof event.login === 'string' ? event.login : '',
            password: box(event.password),
            appSource: event.appSource ?? null,
          }
        : {},
    ),
    clearError: assign({ error: null, retryAt: null }),
    forgetPassword: assign({ password: null }),
    setError: assign(({ context, event }) => {
      const error = errorOf(event);
      return { error, retryAt: retryAtOf(context, error) };
    }),
    rejectCode: assign(({ context, event }) => {
      const error = errorOf(event);
      return { error, retryAt: retryAtOf(context, error), rejectedCodes: context.rejectedCodes + 1 };
    }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ auth: input.auth, now: input.now ?? Date.now, ...initial }),
  initial: 'idle',
  states: {
    idle: {
      entry: 'reset',
      on: { SUBMIT: { target: 'submitting', actions: 'acceptCredentials' } },
    },
    submitting: {
      // No SUBMIT here: a second click while the first request runs is ignored.
      invoke: {
        id: 'submitLogin',
        src: 'submitLogin',
        input: ({ context, event }) =>
          request(context, {
            captchaToken: event.type === 'SUBMIT' ? boxOptional(event.captchaToken) : undefined,
          }),
        onDone: [
          { guard: 'asksForCode', target: 'twoFactorRequired' },
          { guard: 'accountCancelled', target: 'cancelledAccount' },
          { target: 'authenticated' },
        ],
        onError: { target: 'failed', actions: 'setError' },
      },
      // Leaving the state stops the request actor, which aborts the HTTP request.
      on: { RESET: 'idle' },
    },
    twoFactorRequired: {
      on: {
        SUBMIT_CODE: { target: 'verifyingTwoFactor', actions: 'clearError' },
        RESET: 'idle',
      },
    },
    verifyingTwoFactor: {
      invoke: {
        id: 'submitCode',
        src: 'submitCode',
        input: ({ context, event }) =>
          event.type === 'SUBMIT_CODE'
            ? request(context, { code: box(event.code), captchaToken: boxOptional(event.captchaToken) })
            : request(context, { code: secret('') }),
        onDone: [
          { guard: 'lastCodeRejected', target: 'failed', actions: 'rejectCode' },
          { guard: 'codeRejected', target: 'twoFactorRequired', actions: 'rejectCode' },
          { guard: 'accountCancelled', target: 'cancelledAccount' },
          { target: 'authenticated' },
        ],
        onError: [
          { guard: 'passwordLost', target: 'failed', actions: 'setError' },
          { guard: 'lastCodeRejected', target: 'failed', actions: 'rejectCode' },
          { guard: 'codeRejected', target: 'twoFactorRequired', actions: 'rejectCode' },
          // No answer, timeout, 5xx, 429, refused input: try another time, uncounted.
          { target: 'twoFactorRequired', actions: 'setError' },
        ],
      },
      on: { RESET: 'idle' },
    },
    authenticated: {
      type: 'final',
      entry: 'forgetPassword',
      // The answer (with its access token) goes to the output only, never into context.
      output: ({ event }) => answerOf(event),
    },
    cancelledAccount: {
      entry: 'forgetPassword',
      on: { RESET: 'idle', SUBMIT: { target: 'submitting', actions: 'acceptCredentials' } },
    },
    failed: {
      entry: 'forgetPassword',
      on: { RESET: 'idle', SUBMIT: { target: 'submitting', actions: 'acceptCredentials' } },
    },
  },
  output: ({ event }) => event.output as LoginSuccess,
});
