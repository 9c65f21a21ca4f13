// Sensitive changes (spec 5.7; step-up in the responsible-gaming contract): password-like fields
// may be `Secret`s, revealed only into the request body, and a change refused with
// `step_up_required` can be sent again with the player's password (`onStepUp`), as long as the
// player has wrong passwords left (counted across calls and actors: ./step-up-attempts.ts).

import type * as z from 'zod/mini';
import { providedToken } from '../auth/captcha';
import { AbortedError, asPamError, type StepUpRequiredError, TimeoutError } from '../errors/index';
import { DEFAULT_TIMEOUT_MS } from '../http/timeout-default';
import type {
  Attempt,
  CallOptions,
  Operation,
  ReadCallers,
  Sending,
  Standalone,
} from '../operation/operation';
import { operation } from '../operation/operation';
import { readBoolean } from '../schemas/common';
import { isSecret, type Secret, secret } from '../secrets/secret';
import { isProtective, limitChangesOf } from './protective';
import {
  countingOf,
  markAttemptsLeft,
  STEP_UP_MAX_ATTEMPTS,
  type StepUpAttempts,
  stepUpAttemptsOf,
  thrownOf,
} from './step-up-attempts';

/**
 * The options every user-module call takes as its last argument (the standalone functions too):
 * `signal` (`CallOptions`) and `onStepUp`. A call that carries the player's current password is
 * counted: a change's `password_check` (updateProfile, updateEmail, addPhone, updateAddress,
 * updateLimits, setTimeoutLimits, setSelfExclusion), changePassword's `old_password` and
 * checkPassword's `password` (its `success: false` is a wrong one). When the server answers that a
 * password check is required or was wrong (a `StepUpRequiredError`, code `step_up_required`,
 * `reason` `'required'` or `'invalid'`), `onStepUp` is called with that error (as thrown: a copy of
 * the adapter's, `cause` the adapter's error, carrying this call's `stepUpAttemptsLeftOf`); a string or `Secret`
 * it returns is sent as `password_check` in a new attempt of the same call (nothing was applied:
 * the server refused it); a wrong one asks again (`reason: 'invalid'`). Wrong passwords are counted per
 * player across calls, prompts, step-up actors and (under `createPamClient`) the tabs of an
 * origin, and reserved before each password is sent: after `STEP_UP_MAX_ATTEMPTS` (3) wrong in a
 * row, or while the attempts left are all on their way, the change throws `StepUpLockedError`
 * (code `step_up_locked`, nothing sent) until its `retryAt` (server time), unless it is protective (a
 * pause, a self-exclusion, a limit change making every limit it sends stricter or the same as the
 * module's `limits` option gives them: always sent, the server decides; wrong passwords still count). One call
 * asks at most `STEP_UP_MAX_ATTEMPTS` times, then throws the last `step_up_required` (a protective
 * change too). Return `null` to give up: that error is thrown. A call whose body has no
 * `password_check` (getAddress, getLoginHistory… without a body; updateContracts,
 * updateMarketing, toggleTwoFactor, changePassword, checkPassword, generateIncomeReport, whose
 * schema has none) has no way to carry the password: its `step_up_required` is thrown (a copy,
 * `cause` the adapter's error, which is left unchanged), `onStepUp` not asked, nothing counted. A prompt that throws or rejects ends the change with that failure
 * as `asPamError` reports it (`UnexpectedError`, its class name only; a `PamError` as it is). The password goes into the request body only, never into an
 * error, event or snapshot.
 *
 * @example
 * await updateLimits(http, { user_limit_deposit: 900 }, {
 *   onStepUp: () => askPassword(), // resolves to secret(input.value), or null when cancelled
 * });
 */
export interface SensitiveCallOptions extends CallOptions {
  /**
   * Asked for the password after a `step_up_required`; the change is sent once more with it (null:
   * give up). `null` here: this call asks nobody, not even the client's prompt (`createPamClient({
   * onStepUp })`); `undefined` is "not set".
   */
  onStepUp?: ((error: StepUpRequiredError) => Promise<string | Secret | null | undefined>) | null;
}

/** The fields that may be given as a `Secret` and are revealed only when the request is sent. */
export type SecretField =
  | 'password'
  | 'password_check'
  | 'old_password'
  | 'password_confirmation'
  | 'two_factor_code'
  | 'captcha_token';

/**
 * A payload whose password-like fields may also be `Secret`s, and whose `captcha_token` may also be
 * a provider (as the login's `CaptchaProvider`): called at each send, a step-up's resend included,
 * since a captcha token is single-use (REVIEW-Y Y-12). What it gives is read as the login reads it
 * (a string; anything else, a `Secret` too, is '' and refused) and checked as a token given as
 * text; one that throws or rejects fails the call as `asPamError` reports it (`UnexpectedError`,
 * its class name only). Nothing sent either way.
 *
 * @example
 * const payload: WithSecrets<UpdateEmailPayload> = { email, password_check: secret(input) };
 * await user.updateProfile(id, { email, captcha_token: () => turnstile.getResponse() });
 */
export type WithSecrets<P> = P extends object
  ? {
      [K in keyof P]: K extends SecretField
        ? P[K] | Secret | (K extends 'captcha_token' ? () => string | Promise<string> : never)
        : P[K];
    }
  : P;

/**
 * Whether a body read by `request` cannot carry the password: the schema refuses
 * `password_check` as an unknown key (a strict one without it: updateContracts, updateMarketing,
 * changePassword, checkPassword, toggleTwoFactor, generateIncomeReport). Read from the row's own
 * schema, so a new row follows it.
 */
const refusesCheck = (request?: z.ZodMiniType): boolean | undefined =>
  request?.safeParse({ password_check: '' }).error?.issues.some((i) => i.code === 'unrecognized_keys');

/**
 * The mark (a hidden own key, `true`) of a `step_up_required` from a call that cannot carry
 * `password_check`: no password can answer it, so the step-up machine (machines/step-up/send.ts)
 * fails on it without asking. `Symbol.for`: another copy's mark counts.
 */
const UNCARRIED = /* @__PURE__ */ Symbol.for('pam-client.uncarried');

/**
 * A copy of the adapter's `step_up_required`, which is left as it was, with `marks` (plus `cause`,
 * the original): an adapter may throw one error object for every call (a cached one), and no call
 * may find it marked by another, neither uncarried (a call that carries the password would then
 * fail unasked) nor with another call's attempts left (`markAttemptsLeft`, keyed on the object it
 * is given) (REVIEW-AG AG-1). The copy is an `Error` with the original's prototype (its class) and
 * own properties (code, reason, status, message, body, stack…). One whose properties cannot be
 * listed (a Proxy) is copied as an object inheriting from it.
 */
const copyOf = (error: object, marks: PropertyDescriptorMap = {}): object => {
  marks.cause = { value: error };
  try {
    return Object.setPrototypeOf(
      Object.defineProperties(new Error(), { ...Object.getOwnPropertyDescriptors(error), ...marks }),
      Object.getPrototypeOf(error),
    );
  } catch {
    return Object.create(error, marks);
  }
};

/** The user module's way of sending (see `Sending`). */
export interface Sensitive extends Sending {
  payload: WithSecrets<this['schemaOutput']>;
  sensitiveOptions: SensitiveCallOptions;
}

/**
 * One request. One that carries a password first reserves an attempt (refused, nothing sent, when
 * none is left: the lock, or every attempt already on its way), then settles it by the answer.
 */
async function sendCounted(
  attempts: StepUpAttempts,
  attempt: Attempt,
  payload: unknown,
  read: ReadCallers,
  protective?: boolean,
  signal?: AbortSignal,
  name = 'call',
): Promise<unknown> {
  // A shallow copy with every `Secret` value revealed: made right before the request is sent.
  const body = read(() => {
    if (payload === null || typeof payload !== 'object') return payload;
    let out: Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(payload)) {
      if (isSecret(value)) {
        out ??= { ...payload };
        out[key] = value.reveal();
      }
    }
    return out ?? payload;
  });
  // The current password: `password_check`, changePassword's `old_password`, checkPassword's
  // `password` (REVIEW-AA AA-3): counted; a check's `success` read as its row reads it (`readBoolean`:
  // `false`, `0`, `'0'`, `'false'` a wrong password, `true`, `1`, `'true'` a right one; unreadable:
  // neither; review 89: only `false` and `true` counted, a PHP back end's `0` was no wrong password).
  const p = read(() => ({ ...(payload as object) })) as Record<string, unknown>;
  const change = (p.password_check ?? p.old_password) != null;
  if (!change && p.password == null) return attempt(body);
  // A call already aborted is refused here, `aborted`: never handed to the adapter, nothing reserved
  // (review 89: its attempt stayed pending, three such calls locked the player out; reviews 90 and
  // 92: an adapter that ignores the signal, or checks it after sending, sent it uncounted). Read as
  // every argument is (`read`: one that throws is `invalid_request`, review 133).
  if (read(() => signal?.aborted)) throw new AbortedError(name, 'call');
  const ticket = attempts.reserve(protective);
  let result: unknown;
  try {
    result = await attempt(body);
  } catch (error) {
    // Read once (`thrownOf`), here and by the caller. A step-up answer to a call that sent no
    // `password_check` (changePassword's `old_password`, checkPassword's `password`) is about no
    // password it sent: an answer, never a wrong one.
    const thrown = thrownOf(error);
    attempts.settle(
      ticket,
      thrown,
      p.password_check == null && thrown[1] === 'step_up_required' ? false : undefined,
    );
    throw thrown;
  }
  // An answer whose `success` cannot be read (a getter, a Proxy): that failure is thrown, read by
  // the caller as unknown (`UnexpectedError`), and the attempt stays pending.
  const ok = change || readBoolean((result as { success?: unknown } | null)?.success);
  attempts.settle(ticket, ok !== true || undefined, ok === false);
  return result;
}

/**
 * A captcha provider's answer (`providedToken`: a string, else ''), waited for as the login's
 * (machines/login/request.ts): at most 15 s (then a `TimeoutError`), and never past the call's `signal` (an
 * `AbortedError`; not called at all once aborted). Either way nothing is sent, and the wait's
 * timer and listener are cleared when it ends (REVIEW-Z Z-5).
 */
const provided = (provider: () => unknown, signal?: AbortSignal): Promise<string> =>
  bounded(() => providedToken(provider), signal, 'captcha', 'token', DEFAULT_TIMEOUT_MS);

/**
 * What `start` resolves to, unless `signal` aborts first (`AbortedError`) or `ms` pass
 * (`TimeoutError`): the captcha provider's wait, the step-up prompt's.
 */
const bounded = <T>(
  start: () => T | Promise<T>,
  signal: AbortSignal | undefined,
  of: string,
  what: string,
  ms?: number,
) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stop: () => void;
  return new Promise<T>((resolve, reject) => {
    stop = () => reject(new AbortedError(of, what));
    if (ms) timer = setTimeout(() => reject(new TimeoutError(of, what, ms)), ms);
    // `?.(`: a signal that is no AbortSignal is the adapter's `invalid_request` (nothing sent).
    signal?.addEventListener?.('abort', stop);
    if (signal?.aborted) stop();
    else Promise.resolve(start()).then(resolve, reject);
  }).finally(() => {
    clearTimeout(timer);
    signal?.removeEventListener?.('abort', stop);
  });
};

/**
 * The login (`userId/sid`) a `step_up_required` this module throws was answered in, and the one a
 * step-up machine's password was asked in (a getter of its `Secret`): a key of every copy of
 * pam-client.
 */
const ASKED_IN = /* @__PURE__ */ Symbol.for('pam-client.asked-in');

/**
 * Reveals the secrets into the body; after a `step_up_required`, asks `onStepUp` and sends again
 * while the player has wrong passwords left. `http`, and the player signed in on it
 * (`countStepUpPerPlayer`), key the count.
 */
export async function sendSensitive(
  attempt: Attempt,
  payload: unknown,
  options: unknown,
  http: object = sendSensitive,
  read: ReadCallers = (f) => f(),
  request?: z.ZodMiniType,
  name?: string,
): Promise<unknown> {
  const attempts = stepUpAttemptsOf(http);
  const onStepUp = read(() => (options as SensitiveCallOptions | undefined)?.onStepUp);
  const signal = read(() => (options as CallOptions | undefined)?.signal);
  // A pause, a self-exclusion, a limit change that makes every limit it sends stricter or the same
  // as the limits the app gave (`isProtective`): it only restricts the player, so the client's
  // step-up lock never refuses it; it is sent and the server decides (REVIEW-R R-8, REVIEW29A-3).
  // A looser or mixed limit change, or one judged against no known limit, is refused while locked.
  // This login's limit changes sent through this module, on their way or accepted (REVIEW29B): the
  // server may hold any of them until a read, so a change is judged against each, and none is
  // protective while one is on its way or ended of an unknown outcome (`limitChangesOf`).
  const counting = countingOf(http);
  // The login signed in (`signedIn`: asked at each send; '' when it throws).
  const whoNow = () => {
    try {
      const w = counting?.signedIn?.();
      return `${w?.userId}/${w?.sid}`;
    } catch {
      return '';
    }
  };
  const who = whoNow();
  // (No login known: judged as one with a change open.)
  const changes = !who
    ? { who, open: 1, accepted: [] }
    : counting?.limits
      ? limitChangesOf(counting, who)
      : undefined;
  const fields = read(() =>
    typeof payload === 'object' && payload !== null
      ? Object.fromEntries(Object.entries(payload).filter(([k]) => k.startsWith('user_limit_')))
      : {},
  );
  const protective = read(
    () =>
      typeof payload === 'object' &&
      payload !== null &&
      isProtective(payload as Record<string, unknown>, counting?.limits, changes),
  );
  const mine = Object.keys(fields).length ? changes : undefined;
  if (mine) mine.open++;
  // The change sent, and sent again with the player's password after each `step_up_required`.
  const asking = async (): Promise<unknown> => {
    let body = payload;
    let asked = 0;
    for (;;) {
      // A captcha provider is called at each send (a token is single-use), before any attempt is
      // reserved and outside the `try`: its failure is the app's (`asPamError`: `UnexpectedError`),
      // no step-up; its wait is bounded and ends at `signal` (`provided`). What it gives is read as
      // the login reads it (`providedToken`: a string, else '', refused; a `Secret` is none, never
      // revealed), then checked as a token given as text.
      const token = read(() => (body as { captcha_token?: unknown } | null)?.captcha_token);
      const sent =
        typeof token === 'function'
          ? {
              ...read(() => ({ ...(body as object) })),
              captcha_token: await provided(token as () => unknown, signal),
            }
          : body;
      // A password goes to the login it was asked in, right before it is sent: this call's
      // prompt's (the login the call began in), a step-up machine's (the login its `Secret` names,
      // `ASKED_IN`); after a logout and another login (the player's or another's), nothing is
      // sent (review 100: A's password confirmed A's change on B's account; review 102: the
      // captcha's wait came after the check).
      const now = whoNow();
      const by = read(
        () => (sent as { password_check?: { [ASKED_IN]?: unknown } } | null)?.password_check?.[ASKED_IN],
      );
      if ((asked && now !== who) || (by !== undefined && by !== now))
        throw new AbortedError(name ?? 'change', 'step-up');
      try {
        return await sendCounted(attempts, sending, sent, read, protective, signal, name);
      } catch (caught) {
        // What was thrown, read once (`thrownOf`: a value whose reading throws is an
        // `UnexpectedError`, never a step-up). A call that cannot carry the password (spec 5.7:
        // `password_check` is a field of a change's body): one without a body (getAddress,
        // disconnectSocial, getLoginHistory…: no payload, no schema) or whose body's schema has no
        // `password_check` (`refusesCheck`): the server's error, nobody asked, nothing reserved or
        // counted, never locked; as a marked copy (`copyOf`) for the step-up machine, which then asks
        // nobody either.
        const [error, code] = thrownOf(caught);
        if (code !== 'step_up_required') throw error;
        if (payload === undefined || refusesCheck(request))
          throw copyOf(error as object, { [UNCARRIED]: { value: true } });
        // Locked (this wrong password was the last allowed, or an earlier one was): asks nobody,
        // unless the change is protective (one attempt at least: the server decides).
        if (!protective) attempts.assertUnlocked(error);
        // This call's copy carries its count (never the adapter's object: `copyOf`).
        // (And the login it was answered in, `ASKED_IN`: a step-up machine's password names it.)
        const marked = copyOf(error as object, { [ASKED_IN]: { value: who } });
        // Refused by the server: nothing of it holds (until it is sent again).
        left = false;
        markAttemptsLeft(marked, protective ? Math.max(1, attempts.left()) : attempts.left());
        // At most `STEP_UP_MAX_ATTEMPTS` prompts a call: a protective change, which the lock never
        // refuses, was sent again for as long as the prompt answered (REVIEW-AB AB-4).
        if (!onStepUp || ++asked > STEP_UP_MAX_ATTEMPTS) throw marked;
        // Every attempt left is on its way (other calls, other tabs): no password could be sent.
        if (!protective) attempts.assertOpen(error);
        // The app's prompt failing (a dialog's bug, a message quoting what was typed) is its
        // `UnexpectedError`: the class name only, never the foreign error or its message.
        // Open until the call's signal aborts (a dialog closed): then `aborted` (review 100).
        let password: string | Secret | null | undefined;
        try {
          password = await bounded(() => onStepUp(marked as StepUpRequiredError), signal, 'stepUp', 'prompt');
        } catch (thrown) {
          throw asPamError(thrown);
        }
        if (password == null) throw marked;
        body = read(() => ({ ...(payload as object), password_check: password }));
      }
    }
  };
  let left = false;
  const sending: Attempt = (b) => {
    left = true;
    return attempt(b);
  };
  // What this change takes from the open ones when it ends: 0 when its outcome is unknown.
  let ends = 1;
  try {
    const result = await asking();
    mine?.accepted.push(fields);
    return result;
  } catch (e) {
    // Refused (nothing sent, or a 4xx): it holds nowhere. Else its outcome is unknown: it stays open.
    let status: unknown;
    try {
      status = (e as { status?: unknown }).status;
    } catch {}
    if (left && !((status as number) > 399 && (status as number) < 500)) ends = 0;
    throw e;
  } finally {
    if (mine) mine.open -= ends;
  }
}

/** The standalone function of a user row. */
/* @__NO_SIDE_EFFECTS__ */
export function userOperation<const O extends Operation>(name: string, op: O): Standalone<O, Sensitive> {
  return operation<O, Sensitive>(name, op, sendSensitive);
}

/**
 * `payload` with `password_check` set, boxed as a `Secret` (so the payload can sit in a machine's
 * context or an event and still print `[redacted]`): for sending again a change the server
 * refused with `step_up_required`.
 *
 * @example
 * try { await user.updateEmail(payload); }
 * catch (e) {
 *   if (isPamError(e) && e.code === 'step_up_required') await user.updateEmail(withPasswordCheck(payload, secret(pw)));
 * }
 * @internal A test seam: only tests import it (CONTRIBUTING.md, Test seams).
 */
export function withPasswordCheck<P extends object>(
  payload: P,
  password: string | Secret,
): Omit<P, 'password_check'> & { password_check: Secret } {
  return { ...payload, password_check: secret(password) };
}
