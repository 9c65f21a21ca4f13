// The one place the step-up machine hands the password to the app's `run`, still boxed.

import { isPamError, isSecret, RequestValidationError, Secret, secret } from 'pam-client';
import { fromPromise } from '../actor-logic';

/** Sends the change: `passwordCheck` is undefined on the first try, the player's password after. */
export type StepUpRun = (passwordCheck: Secret | undefined, signal: AbortSignal) => Promise<unknown>;

export interface StepUpSendInput {
  run: StepUpRun;
  /** `false` on the first try; the boxed password on a confirmation (`null` once it is gone). */
  password: Secret | null | false;
  /** On a confirmation, the `step_up_required` the password answers. */
  askedBy?: unknown;
}

/** A string is boxed on receipt; an empty one, or anything else (an untyped caller), is no password. */
export const boxPassword = (value: unknown): Secret | null => {
  const boxed = isSecret(value) ? value : typeof value === 'string' ? secret(value) : null;
  return boxed !== null && boxed.reveal() !== '' ? boxed : null;
};

/**
 * A Secret serialises as '[redacted]': a confirmation restored from JSON has lost its password.
 * Sending would cost the player an attempt, so it is refused and the player asked again.
 */
export const PASSWORD_LOST = 'not_persisted';

export const sendChange = /* @__PURE__ */ fromPromise<unknown, StepUpSendInput>(async ({ input, signal }) => {
  if (input.password !== false && !(isSecret(input.password) && input.password.reveal() !== '')) {
    throw new RequestValidationError('stepUp', [
      { path: ['password_check'], code: PASSWORD_LOST, message: 'is never persisted; confirm again' },
    ]);
  }
  return input.run(input.password === false ? undefined : asked(input.password, input.askedBy), signal);
});

/** The key every copy of pam-client reads the login a step-up was asked in under (src/user/sensitive.ts). */
const ASKED_IN: unique symbol = Symbol.for('pam-client.asked-in') as never;
const askedIn = /* @__PURE__ */ new WeakMap<object, unknown>();
let Asked: (new (value: string) => Secret) | undefined;

/**
 * The password as `run` is handed it: a `Secret` that names the login its `step_up_required` was
 * answered in (the user module's own mark on the error it threw), so the user module sends it to
 * that login only, whatever `run` does with its signal (review 100: after a logout and another
 * player's login, A's password confirmed A's change on B's account; review 102: a `run` that
 * wrapped or dropped the signal lost a mark put there). An error with no mark: the password as it is.
 */
const asked = (password: Secret, error: unknown): Secret => {
  const who = tried(() => Object.getOwnPropertyDescriptor(error, ASKED_IN)?.value);
  if (who === undefined) return password;
  Asked ??= class extends Secret {
    get [ASKED_IN]() {
      return askedIn.get(this);
    }
  };
  const out = new Asked(password.reveal());
  askedIn.set(out, who);
  return out;
};

/** `read()`, or undefined when it throws (a getter, a Proxy's trap, a revoked Proxy, a non-array). */
const tried = <T>(read: () => T): T | undefined => {
  try {
    return read();
  } catch {}
};

/**
 * The error code and step-up reason, by brand and code (never `instanceof`); null for any other
 * error, and for a `step_up_required` the user module marked: from a call that cannot carry
 * `password_check` (its rule, src/user/sensitive.ts `refusesCheck`; the mark
 * `pam-client.uncarried`, an own data property `true` of the copy it throws, read without calling
 * a getter), no password can answer it, so nobody is asked and nothing counted. Whatever was
 * thrown, a reading that throws is null: a guard never crashes the machine (REVIEW-AG AG-1).
 */
export const stepUpReasonOf = (error: unknown): 'required' | 'invalid' | null =>
  tried(() =>
    isPamError(error) &&
    error.code === 'step_up_required' &&
    Object.getOwnPropertyDescriptor(error, Symbol.for('pam-client.uncarried'))?.value !== true
      ? (error as { reason?: unknown }).reason === 'invalid'
        ? 'invalid'
        : 'required'
      : null,
  ) ?? null;

/** A confirmation refused unsent for its lost password (`PASSWORD_LOST`); a reading that throws: no. */
export const isPasswordLost = (error: unknown): boolean =>
  !!tried(
    () =>
      isPamError(error) &&
      error.code === 'invalid_request' &&
      (error as unknown as { issues: { code?: string }[] }).issues.some((i) => i.code === PASSWORD_LOST),
  );
