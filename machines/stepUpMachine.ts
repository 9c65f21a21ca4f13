import {
  isPamError,
  type PamError,
  type Secret,
  STEP_UP_MAX_ATTEMPTS,
  stepUpAttemptsLeftOf,
} from 'pam-client';
import { asPamError } from 'pam-client/internal';
import { assign } from 'xstate';
import { machineSetup } from './machine-setup';
import { boxPassword, isPasswordLost, type StepUpRun, sendChange, stepUpReasonOf } from './step-up/send';

export type { StepUpRun } from './step-up/send';

/**
 * Wrong passwords allowed before the step-up fails (like the rejected 2FA codes of a login). The
 * player's count is kept across step-up actors and calls by the user module: a new actor starts
 * from what the player has left, never from a fresh 3 (see `stepUpAttemptsLeftOf`).
 */
export const DEFAULT_STEP_UP_ATTEMPTS = STEP_UP_MAX_ATTEMPTS;

/** The attempts left: ours, or fewer when the player's count (on the error) says so (0 for a lock). */
const leftWith = (ours: number, error: unknown): number =>
  Math.min(ours, stepUpAttemptsLeftOf(error) ?? ours);

/**
 * A password the client refused to send (`invalid_request` with an issue at `password_check`: over
 * `PASSWORD_MAX`, a pasted document): nothing sent, nothing counted, another password can do
 * (review 133). A reading that throws: no.
 */
const isPasswordRefused = (error: unknown): boolean => {
  try {
    return (
      isPamError(error) &&
      error.code === 'invalid_request' &&
      (error as unknown as { issues: { path: unknown[] }[] }).issues.some(
        (i) => i.path[0] === 'password_check',
      )
    );
  } catch {
    return false;
  }
};

/**
 * What `stepUpMachine` needs: the change to send, and how many wrong passwords it allows.
 *
 * @example
 * const run: StepUpRun = (password_check, signal) =>
 *   user.updateEmail({ email, ...(password_check && { password_check }) }, { signal });
 */
export interface StepUpInput {
  run: StepUpRun;
  /** Default 3; at least 1. */
  maxAttempts?: number;
}

/**
 * The context of `stepUpMachine`: the change to confirm, the attempts left and the last error.
 *
 * @example
 * actor.getSnapshot().context.attemptsLeft;
 */
export interface StepUpContext {
  run: StepUpRun;
  /** Wrong passwords still allowed. */
  attemptsLeft: number;
  /** Why the password is asked: the server needs it (`required`) or the last one was wrong (`invalid`). */
  reason: 'required' | 'invalid' | null;
  /** Boxed, and only while a confirmation is being sent. */
  password: Secret | null;
  error: PamError | null;
  /** What `run` resolved to, once done. */
  result: unknown;
}

/**
 * The events `stepUpMachine` takes.
 *
 * @example
 * actor.send({ type: 'CONFIRM', password: secret(pw) } satisfies StepUpEvent);
 */
export type StepUpEvent = { type: 'CONFIRM'; password: string | Secret } | { type: 'CANCEL' };
/** CONFIRM's transition alone runs `keepPassword` and `hasPassword`. */
type Confirm = Extract<StepUpEvent, { type: 'CONFIRM' }>;

/** Builds the machine (one pure call, so bundlers can drop it when unused). */
export function createStepUpMachine() {
  return machineSetup({
    // Types only: `{}` at run time (createMachine does not read `types`).
    types: {} as { input: StepUpInput; context: StepUpContext; events: StepUpEvent; output: unknown },
    actors: { sendChange },
    actions: {
      keepPassword: assign({
        password: ({ event }) => boxPassword((event as Confirm).password),
      }),
      forgetPassword: assign({ password: null }),
      setResult: assign({ result: ({ event }) => (event as { output?: unknown }).output, error: null }),
      // A lock (`step_up_locked`) leaves no attempt: the view says 0, not the count before it.
      setError: assign({
        error: ({ event }) => asPamError((event as { error?: unknown }).error),
        attemptsLeft: ({ context, event }) =>
          leftWith(context.attemptsLeft, (event as { error?: unknown }).error),
      }),
      askPassword: assign({
        reason: ({ event }) => stepUpReasonOf((event as { error?: unknown }).error) ?? 'required',
        error: ({ event }) => asPamError((event as { error?: unknown }).error),
        attemptsLeft: ({ context, event }) =>
          leftWith(context.attemptsLeft, (event as { error?: unknown }).error),
      }),
      countWrong: assign({
        attemptsLeft: ({ context, event }) =>
          leftWith(context.attemptsLeft - 1, (event as { error?: unknown }).error),
        reason: 'invalid' as const,
        error: ({ event }) => asPamError((event as { error?: unknown }).error),
      }),
    },
    guards: {
      isStepUp: ({ event }) => stepUpReasonOf((event as { error?: unknown }).error) !== null,
      isStepUpWithAttemptsLeft: ({ context, event }) =>
        stepUpReasonOf((event as { error?: unknown }).error) !== null &&
        leftWith(context.attemptsLeft, (event as { error?: unknown }).error) >= 1,
      isPasswordLost: ({ event }) => isPasswordLost((event as { error?: unknown }).error),
      isPasswordRefused: ({ event }) => isPasswordRefused((event as { error?: unknown }).error),
      hasPassword: ({ event }) => boxPassword((event as Confirm).password) !== null,
      // A step-up answer to a confirmation means the password was wrong; the last one fails.
      wrongWithAttemptsLeft: ({ context, event }) =>
        stepUpReasonOf((event as { error?: unknown }).error) !== null &&
        leftWith(context.attemptsLeft - 1, (event as { error?: unknown }).error) >= 1,
    },
  }).createMachine({
    id: 'stepUp',
    context: ({ input }) => ({
      run: input?.run,
      attemptsLeft:
        typeof input?.maxAttempts === 'number' && input.maxAttempts >= 1
          ? Math.floor(Math.min(input.maxAttempts, 100))
          : DEFAULT_STEP_UP_ATTEMPTS,
      reason: null,
      password: null,
      error: null,
      result: undefined,
    }),
    initial: 'sending',
    output: ({ context }: { context: StepUpContext }) => context.result,
    on: { CANCEL: { target: '.cancelled' } },
    states: {
      sending: {
        invoke: {
          id: 'send',
          src: 'sendChange',
          input: ({ context }) => ({ run: context.run, password: false as const }),
          onDone: { target: 'done', actions: 'setResult' },
          onError: [
            { guard: 'isStepUpWithAttemptsLeft', target: 'passwordRequired', actions: 'askPassword' },
            { target: 'failed', actions: 'setError' },
          ],
        },
      },
      passwordRequired: {
        tags: ['passwordRequired'],
        on: { CONFIRM: { guard: 'hasPassword', target: 'confirming', actions: 'keepPassword' } },
      },
      confirming: {
        // Sends the same change once more, with the password; it is forgotten on leaving.
        exit: 'forgetPassword',
        invoke: {
          id: 'confirm',
          src: 'sendChange',
          input: ({ context }) => ({ run: context.run, password: context.password, askedBy: context.error }),
          onDone: { target: 'done', actions: 'setResult' },
          onError: [
            { guard: 'isPasswordLost', target: 'passwordRequired' },
            // Refused unsent (too long): asked again with the error, no attempt spent (`setError`: a
            // local refusal carries no count, so the machine's own stays).
            { guard: 'isPasswordRefused', target: 'passwordRequired', actions: 'setError' },
            { guard: 'wrongWithAttemptsLeft', target: 'passwordRequired', actions: 'countWrong' },
            { guard: 'isStepUp', target: 'failed', actions: 'countWrong' },
            // The last allowed wrong password comes back as the lock (the user module's count).
            { target: 'failed', actions: 'setError' },
          ],
        },
      },
      done: { type: 'final', output: ({ context }) => context.result },
      failed: { type: 'final' },
      cancelled: { type: 'final' },
    },
  });
}

/**
 * A step-up for a sensitive change (spec 5.7: `password_check`): sends the change; when the
 * server answers `step_up_required` (a `StepUpRequiredError`), waits in `passwordRequired` for
 * the player's current password, then sends the same change once with it.
 *
 * - `sending` -> `done` (final; output: what `run` resolved to) | `passwordRequired` | `failed`.
 * - `passwordRequired` (tag `passwordRequired`; `context.reason` `'required'` or `'invalid'`,
 *   `context.attemptsLeft`) -> `CONFIRM { password }` -> `confirming`.
 * - `confirming` -> `done` | `passwordRequired` (wrong password, attempts left; or a password
 *   the client refuses to send, `context.error` its `invalid_request`, nothing counted) | `failed`
 *   (the last attempt was wrong, or any other error). `CANCEL` -> `cancelled` from anywhere not final.
 * - A call that cannot carry `password_check` (no body, or a body whose schema has none:
 *   updateContracts, updateMarketing, changePassword, checkPassword, toggleTwoFactor,
 *   generateIncomeReport) fails at once on its `step_up_required` (`context.error`, as the user
 *   module throws it): nobody asked, nothing counted (the user module's rule, one reading of it).
 * - Wrong passwords are the player's, counted across actors, calls and tabs by the user module
 *   (each password reserves an attempt before it is sent): a new actor starts with what is left,
 *   and once none is, the change fails with a `StepUpLockedError` (code `step_up_locked`,
 *   `context.error.retryAt` in server time, `context.attemptsLeft` 0) without asking.
 * - The password is boxed as a `Secret` on receipt, held only while `confirming`, and handed to
 *   `run` boxed (put it in the payload as it is: the user module reveals it into the body only).
 *   It never reaches an error or an emitted event; a persisted snapshot never holds it.
 * - The password goes only to the login it was asked in: the `Secret` handed to `run` names it (put
 *   it in the payload as it is), and the user module sends nothing under another login (a logout
 *   and a new login meanwhile, the player's or another's): the change fails `aborted`.
 * - Errors are told apart by brand and code, so an error from another copy of pam-client counts.
 *
 * @example
 * const actor = createActor(stepUpMachine, {
 *   input: { run: (password_check, signal) => user.updateEmail({ email, ...(password_check && { password_check }) }, { signal }) },
 * }).start();
 * actor.subscribe((s) => { if (s.hasTag('passwordRequired')) askPassword(s.context.reason, s.context.attemptsLeft); });
 * actor.send({ type: 'CONFIRM', password: secret(input.value) });
 */
export const stepUpMachine = /* @__PURE__ */ createStepUpMachine();
