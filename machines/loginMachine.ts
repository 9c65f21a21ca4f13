import {
  type AuthModule,
  ConfigurationError,
  isPamError,
  isSecret,
  type LoginResponse,
  type LoginSuccess,
  type PamError,
  type RegistrationModule,
  ResponseValidationError,
  retryAfterMs,
  type Secret,
} from 'pam-client';
import { asPamError } from 'pam-client/internal';
import { type AnyEventObject, assign, type DoneActorEvent, type EventObject } from 'xstate';
import { type Read, readClock, steadyClock } from './clock';
import {
  box,
  boxCaptcha,
  type CaptchaProvider,
  type CaptchaToken,
  LOGIN_KEYS,
  type LoginRequest,
  type RegisterRequest,
  type RegistrationPayload,
  requestLogin,
  requestRegistration,
} from './login/request';
import { machineSetup, readOwn } from './machine-setup';

/** Rejected two-factor codes after which the login fails (RESET starts over). */
export const MAX_REJECTED_CODES = 5;

/**
 * The `input` of `loginMachine`: the auth module it signs in with.
 *
 * @example
 * createActor(loginMachine, { input: { auth } satisfies LoginInput }).start();
 */
export interface LoginInput {
  /** `registerSimplified` is needed only for `REGISTER`. */
  auth: Pick<AuthModule, 'login'> & Partial<Pick<RegistrationModule, 'registerSimplified'>>;
  /** The clock `retryAt` is computed from. Default: the one clock's steady base (`steadyClock()`, docs/time.md). */
  now?: () => number;
  /**
   * @internal The session's: codes already rejected in this challenge before a resend of the same
   * login (REVIEW-Q Q-2); they count toward the five. Default 0.
   */
  carried?: number;
}

/**
 * No password or code in plain text: the password is kept as a `Secret`, and only while a
 * two-factor step may still need it; the code is never kept (it lives in the running request).
 */
export interface LoginContext {
  /** A service: never persisted; a restored actor takes it from its fresh `input`. */
  auth: LoginInput['auth'];
  /** A service (the machine's clock), like `auth`: never persisted. */
  now: () => number;
  /** E-mail or CPF of the current attempt (not secret: the form shows it). */
  login: string | null;
  password: Secret | null;
  /** Sent again with the two-factor code (unlike the single-use captcha token). */
  appSource: string | null;
  /** A captcha provider given with the login: called again for the two-factor send (never persisted). */
  captcha: CaptchaProvider | null;
  error: PamError | null;
  /** Epoch ms after which the server said it would listen again (from `Retry-After`). */
  retryAt: number | null;
  rejectedCodes: number;
  /** Codes rejected in this challenge before a resend of the same login (`input.carried`): they count toward the five. */
  carried: number;
  /** The player the two-factor challenge named (its `user.id`), if it named one: the code's answer must name them too. */
  challenged: number | null;
}

/**
 * The events `loginMachine` takes.
 *
 * @example
 * actor.send({ type: 'SUBMIT_CODE', code: secret('123456') } satisfies LoginEvent);
 */
export type LoginEvent =
  | {
      type: 'SUBMIT';
      login: string;
      password: string | Secret;
      captchaToken?: CaptchaToken;
      appSource?: string;
    }
  /** A simplified registration (spec 5.3); its answer leads where a login's does. */
  | { type: 'REGISTER'; payload: RegistrationPayload }
  | { type: 'SUBMIT_CODE'; code: string | Secret; captchaToken?: CaptchaToken }
  | { type: 'RESET' };

type SubmitEvent = Extract<LoginEvent, { type: 'SUBMIT' }>;
type CodeEvent = Partial<Extract<LoginEvent, { type: 'SUBMIT_CODE' }>>;

export type {
  CaptchaProvider,
  CaptchaToken,
  LoginRequest,
  RegisterRequest,
  RegistrationPayload,
} from './login/request';

// A request's input is the context (the auth module, the login, the boxed password, `appSource`;
// the rest is not read, and holds no secret in plain text) with the step's own parts: smaller
// gzipped than a helper that copies the four (issue 33). A password that is gone (null: the state
// was left) is refused by the request, nothing sent.

// Named guards and actions see the machine's own event union; the invoke's done and error
// events reach them too (only in its onDone and onError, and told again with a reading), so they
// read them as `Settled`: a done event has no `error`, an error event no `output` (read in place,
// not through helpers: smaller gzipped, issue 33).
type Settled = EventObject & { output?: LoginResponse; error?: unknown };

/**
 * A verdict on the code: a 4xx other than 429 (422, 401, …). Not a verdict: no answer, a timeout,
 * a 5xx or a 429, and input we refused to send (nothing reached the server). Nor is the server
 * asking for a code again (`type: 'two_factor_code'`, a new code sent: REVIEW-Q Q-3): an answer,
 * which `onDone` reads, back to `twoFactorRequired` uncounted. Read from the status alone: only
 * the server's answers (HTTP errors, of any copy of pam-client) carry one, so among 4xx this is
 * `isTransientError`'s verdict (test/machines/login.foreign-errors.test.ts checks every status).
 */
const isRejection = ({ event }: { event: Settled }): boolean => {
  // `statusOf` (./errors) written out: smaller gzipped here (issue 33).
  const status = (isPamError(event.error) && (event.error as { status?: unknown }).status) as number;
  return status >= 400 && status < 500 && status !== 429;
};

/**
 * The failure's error and when the server listens again (`retryAt`), from the answer's reading
 * (`READ`: the transition reads no clock).
 */
const errorAndRetry = ({ event }: { event: Settled & Read }) => {
  const error = asPamError(event.error);
  // `retryAfterMs` as it is (no `?? 0`: undefined > 0 is false too; smaller gzipped).
  const wait = retryAfterMs(error)!;
  return { error, retryAt: wait > 0 ? event.at! + wait : null };
};

// Named, as clock.ts's `unread`: the diagrams show its name. `READ` (clock.ts) for a failure that says
// when to try again (`Retry-After`): the clock is read by an action (`readClock`), and the failure
// told again with the reading, which `retryAt` is computed from (written out at each use: smaller
// gzipped than one shared object, issue 33).
const unreadRetryAfter = ({ event }: { event: Settled & Read }): boolean =>
  !Number.isFinite(event.at) && retryAfterMs(event.error)! > 0;

const initial = {
  login: null,
  password: null,
  appSource: null,
  captcha: null,
  error: null,
  retryAt: null,
  rejectedCodes: 0,
  challenged: null,
};

/**
 * Whether an answer's `email` names another account than `sent` (the e-mail registered), ignoring
 * case and the spaces around; none answered: not another.
 *
 * (The session's seal of a registration's answer reads it too: machines/session/login.ts.)
 */
export const otherEmail = (answered: unknown, sent: unknown): boolean => {
  const fold = (e: unknown) => String(e).trim().toLowerCase();
  return typeof answered === 'string' && fold(answered) !== fold(sent);
};

const accepted = (login: unknown, password: unknown, appSource: string | undefined, captcha?: unknown) => ({
  ...initial,
  login: typeof login === 'string' ? login : null,
  password: box(password),
  appSource: appSource ?? null,
  captcha: typeof captcha === 'function' ? (captcha as CaptchaProvider) : null,
});

/**
 * Builds the machine, with its `registering` state (`loginMachine`'s, with its request and action,
 * or `loginCore`'s refusal, with neither: the machine runs an action it lacks as nothing); one pure
 * call, so a bundle that does not use it drops all of it.
 */
function createLoginMachine(
  registering: object,
  submitRegistration?: typeof requestRegistration,
  acceptRegistration?: unknown,
) {
  return machineSetup({
    // Types only: a spread of `{}`, which the minifier drops (createMachine does not read `types`).
    ...({} as {
      types: {
        context: LoginContext;
        events: LoginEvent;
        input: LoginInput;
        output: LoginSuccess;
      };
    }),
    // `submitRegistration` and `acceptRegistration`: `loginMachine`'s (the session's child without
    // registration has neither: undefined, as absent for XState).
    actors: {
      submitLogin: requestLogin,
      submitCode: requestLogin,
      submitRegistration: submitRegistration!,
    },
    guards: {
      asksForCode: ({ event }) => (event as Settled).output?.type === 'two_factor_code',
      // An answer naming another player than the challenge did (review 115: a code answer signed
      // in someone else; one that names none, as a sign-in must, is another player too).
      otherPlayer: ({ context, event }) =>
        context.challenged !== null && (event as Settled).output?.user?.id !== context.challenged,
      // A registration's sign-in of another e-mail than the one registered (review 149).
      otherAccount: ({ context, event }) => otherEmail((event as Settled).output?.user?.email, context.login),
      // Told by its type, or by a completed answer whose user's account is cancelled (spec 5.2).
      // accountStanding(user) === 'cancelled' written out (cancelled_account exactly true), so this
      // machine alone does not carry the three standings (its row's budget, issue 33).
      accountCancelled: ({ event }) => {
        const a = (event as Settled).output as
          | { type?: unknown; user?: { cancelled_account?: unknown } }
          | undefined;
        return a?.type === 'cancelled_account' || a?.user?.cancelled_account === true;
      },
      // (The guard's arguments read by `isRejection` itself: smaller gzipped than a closure.)
      codeRejected: isRejection,
      // The fifth (`MAX_REJECTED_CODES`): four counted before this one. A literal, and `> 3` rather
      // than `+ 1 >= 5` (a bundle keeps a named constant as a variable; 3 B smaller gzipped).
      lastCodeRejected: (args) => isRejection(args) && args.context.rejectedCodes + args.context.carried > 3,
      /**
       * The password is unusable (a snapshot restored from JSON: no Secret, which the request
       * refused to send): another code cannot help. Read from the context, not the error's path: a
       * SUBMIT_CODE's unknown key `password` is refused at that path too, and asks for the code again.
       */
      passwordLost: ({ context }) => !isSecret(context.password),
    },
    actions: {
      readClock,
      reset: assign(initial),
      // Only SUBMIT runs it (in `idle`, `failed`, `cancelledAccount`), so its fields are SUBMIT's; read
      // from the parameter, not a local copy of the event (smaller gzipped, issue 33).
      acceptCredentials: assign(({ event: e }: { event: AnyEventObject }) =>
        accepted(e.login, e.password, e.appSource, e.captchaToken),
      ),
      // (A spread, so its type keeps its place in the machine's action union.)
      ...({ acceptRegistration } as Record<'acceptRegistration', never>),
      clearError: assign({ error: null, retryAt: null }),
      // The player a challenge named (the first one that named one): every answer after it must too.
      noteChallenge: assign({
        challenged: ({ context, event }) => {
          const id = (event as Settled).output?.user?.id;
          return context.challenged ?? (Number.isSafeInteger(id) ? (id as number) : null);
        },
      }),
      refuseOtherPlayer: assign({
        error: () =>
          new ResponseValidationError('login', [
            { path: ['user', 'id'], code: 'invalid_value', message: 'not the player the code was asked for' },
          ]),
      }),
      refuseOtherAccount: assign({
        error: () =>
          new ResponseValidationError('register', [
            { path: ['user', 'email'], code: 'invalid_value', message: 'not the account registered' },
          ]),
      }),
      forgetPassword: assign({ password: null }),
      setError: assign(errorAndRetry),
      rejectCode: assign((args) => ({
        ...errorAndRetry(args),
        rejectedCodes: args.context.rejectedCodes + 1,
      })),
    },
  }).createMachine({
    id: 'login',
    // The services (`restoreActor` takes them from a fresh input); the data comes from `reset`, which
    // `idle` runs on entry, the initial state too (the same keys in the same order; smaller gzipped).
    context: ({ input }) =>
      ({
        auth: input.auth,
        now: input.now ?? steadyClock(),
        carried: input.carried ?? 0,
      }) as LoginContext,
    initial: 'idle',
    states: {
      idle: {
        entry: 'reset',
        // SUBMIT and REGISTER start over from `idle`, `failed` and `cancelledAccount` (written out in
        // each: smaller gzipped than one shared object).
        on: {
          SUBMIT: { target: 'submitting', actions: 'acceptCredentials' },
          REGISTER: { target: 'registering', actions: 'acceptRegistration' },
        },
      },
      submitting: {
        // No SUBMIT here: a second click while the first request runs is ignored.
        invoke: {
          id: 'submitLogin',
          src: 'submitLogin',
          input: ({ context, event }) =>
            ({
              ...context,
              // Only SUBMIT enters `submitting`.
              captchaToken: boxCaptcha((event as SubmitEvent).captchaToken),
              // A key SUBMIT does not take (a typo, the spec's `captcha_token`, `app_source`):
              // refused by the request, nothing sent, never dropped (REVIEW-Y Y-11; its name only,
              // never its value).
              key: Object.keys(event).find((k) => !LOGIN_KEYS.test(k)),
            }) as unknown as LoginRequest,
          onDone: [
            { guard: 'asksForCode', target: 'twoFactorRequired', actions: 'noteChallenge' },
            { guard: 'accountCancelled', target: 'cancelledAccount' },
            'authenticated',
          ],
          onError: [
            { guard: unreadRetryAfter, actions: 'readClock' },
            { target: 'failed', actions: 'setError' },
          ],
        },
        // Leaving the state stops the request actor, which aborts the HTTP request.
        on: { RESET: 'idle' },
      },
      registering: registering as { on: { RESET: 'idle' } },
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
          // SUBMIT_CODE's code and token (the only way in); a restored input has no Secret for the
          // code, which the request refuses (nothing sent; the user gives the code again).
          input: ({ context, event }) =>
            ({
              ...context,
              code: box((event as CodeEvent).code),
              // A token given with the code, else the login's provider again (a fresh token).
              captchaToken: boxCaptcha((event as CodeEvent).captchaToken) ?? context.captcha!,
              // A key SUBMIT_CODE does not take: refused as at SUBMIT (nothing sent, its name only).
              key: Object.keys(event).find((k) => !/^(type|code|captchaToken)$/.test(k)),
            }) as unknown as LoginRequest,
          // Another code asked for (a new one sent) is no rejected code (REVIEW-Q Q-3).
          onDone: [
            { guard: 'otherPlayer', target: 'failed', actions: 'refuseOtherPlayer' },
            { guard: 'asksForCode', target: 'twoFactorRequired', actions: 'noteChallenge' },
            { guard: 'accountCancelled', target: 'cancelledAccount' },
            'authenticated',
          ],
          onError: [
            { guard: unreadRetryAfter, actions: 'readClock' },
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
        output: ({ event }) => (event as EventObject as DoneActorEvent<LoginSuccess>).output,
      },
      cancelledAccount: {
        entry: 'forgetPassword',
        on: {
          RESET: 'idle',
          SUBMIT: { target: 'submitting', actions: 'acceptCredentials' },
          REGISTER: { target: 'registering', actions: 'acceptRegistration' },
        },
      },
      failed: {
        entry: 'forgetPassword',
        on: {
          RESET: 'idle',
          SUBMIT: { target: 'submitting', actions: 'acceptCredentials' },
          REGISTER: { target: 'registering', actions: 'acceptRegistration' },
        },
      },
    },
    output: ({ event }) => event.output as LoginSuccess,
  });
}

/**
 * The login flow (spec 5): `idle` → `submitting` (or `registering`, spec 5.3) → `authenticated`
 * (final; output is the login answer), or `twoFactorRequired` ⇄ `verifyingTwoFactor` for the
 * second factor, or `cancelledAccount`, or `failed` with `context.error`.
 *
 * - `password` and `code` may be strings or `Secret`s; strings are boxed on receipt, so no
 *   snapshot, persisted snapshot or error ever shows them.
 * - `REGISTER { payload }` sends a simplified registration; its answer leads exactly where a
 *   login's does. A two-factor step after it logs in with the payload's e-mail and password plus
 *   the code.
 * - The two-factor step repeats the login with the same login, password and `appSource`, plus
 *   the code and the captcha token given with `SUBMIT_CODE` (if any; a captcha token is single-use).
 * - A rejected code (4xx other than 429) counts; the 5th fails the login. No answer, a timeout, a
 *   5xx, a 429 or another code asked for (a new one sent) returns to `twoFactorRequired` uncounted.
 *   Nothing is retried automatically; `context.retryAt` tells when a 429 ends. Errors are told
 *   apart by brand and code, so an auth module from another copy of pam-client (CJS/ESM) works.
 * - `RESET` returns to `idle` from every state but `authenticated`, aborting a request in flight.
 *   `SUBMIT` and `REGISTER` are also accepted in `failed` and `cancelledAccount` (a new attempt).
 * - Persistence (opt-in): `persistedData(actor)` is data only (no `auth`, no clock, no password
 *   unless kept in memory); `restoreActor(loginMachine, stored, { auth })` restores it with fresh
 *   services. A password restored from JSON is gone: the user submits again.
 *
 * @example
 * const actor = createActor(loginMachine, { input: { auth } }).start();
 * actor.send({ type: 'SUBMIT', login: 'player@example.com', password: secret(form.password) });
 * // twoFactorRequired:
 * actor.send({ type: 'SUBMIT_CODE', code: form.code, captchaToken: await captcha() });
 * const session = (await toPromise(actor)).access_token;
 */
export const loginMachine = /* @__PURE__ */ (() =>
  // `registering` (spec 5.3): the registration sent, its answer leading where a login's does.
  createLoginMachine(
    {
      invoke: {
        id: 'submitRegistration',
        src: 'submitRegistration',
        input: ({ context, event }: { context: LoginContext; event: LoginEvent }): RegisterRequest => {
          // Only REGISTER enters `registering` (a restore computes this input with an event of none).
          const payload = (event as { payload?: RegistrationPayload }).payload;
          // The registration fields without the secrets (those are boxed separately), read once key
          // by key (`readOwn`: a key whose reading throws is left out, review 91).
          const { password: _p, captcha_token: captcha, ...fields } = readOwn(payload) as RegistrationPayload;
          // The context (the auth module, the boxed password) with the fields.
          return {
            ...context,
            // Only from the REGISTER event itself: a restored `registering` has none, and refuses to resend.
            // Behind a function (FIXSEC28 F3): an inspector reads a child's input through its ref,
            // which no redaction walks, and a key the registration does not take
            // (`password_confirmation`) is refused only when sent; a function shows nothing.
            payload: payload && (() => fields),
            captchaToken: boxCaptcha(captcha),
          } as unknown as RegisterRequest;
        },
        onDone: [
          { guard: 'asksForCode', target: 'twoFactorRequired', actions: 'noteChallenge' },
          { guard: 'accountCancelled', target: 'cancelledAccount' },
          // An account signed in that names another e-mail than the one registered (review 149: a
          // server's mix-up signed the player in as someone else): refused, as a code answer naming
          // another player is (the session revokes its token).
          { guard: 'otherAccount', target: 'failed', actions: 'refuseOtherAccount' },
          'authenticated',
        ],
        onError: [
          { guard: unreadRetryAfter, actions: 'readClock' },
          { target: 'failed', actions: 'setError' },
        ],
      },
      on: { RESET: 'idle' },
    },
    requestRegistration,
    // acceptRegistration: only REGISTER runs it (in `idle`, `failed`, `cancelledAccount`). The
    // password is boxed on receipt; the 2FA step logs in with the e-mail and this password.
    assign(({ event }: { event: LoginEvent }) => {
      const p = readOwn((event as Extract<LoginEvent, { type: 'REGISTER' }>).payload) as RegistrationPayload;
      return accepted(p.email, p.password, p.app_source, p.captcha_token);
    }),
  ))();

/**
 * `loginMachine` without registration (the session's login child in a client without the
 * `registration()` flow): REGISTER fails at once with a `ConfigurationError` saying why, nothing
 * sent (its `acceptRegistration` is absent: the machine runs it as nothing).
 */
export const loginCore = /* @__PURE__ */ (() =>
  createLoginMachine({
    always: {
      target: 'failed',
      actions: assign({
        error: () => new ConfigurationError('register needs the registration() flow'),
      }),
    },
  }))();
