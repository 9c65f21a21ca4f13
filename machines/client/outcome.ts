// Mutations are never retried (a PATCH that timed out may have been applied). When the outcome is
// unknown, the client re-reads the account instead of sending the change again.

import {
  AbortedError,
  type AuthModule,
  type HttpAdapter,
  HttpError,
  isPamError,
  type PamError,
  RequestValidationError,
  type UserModule,
  type UserProfileResponse,
} from 'pam-client';
import { USER_CALLS, type UserMutation } from 'pam-client/internal';

/**
 * The user-module calls that change the account, read from the operation rows (`mutation: true`)
 * rather than kept by hand: a new mutation is re-read when its outcome is unknown without anyone
 * remembering to list it here. `checkPassword` only reads.
 */
// (A call marked pure: a property read at the top level would keep the user rows in every bundle.)
export const MUTATIONS: readonly UserMutation[] = /* @__PURE__ */ (() => USER_CALLS.mutations)();

/**
 * The user-module calls that change the account (re-read when their outcome is unknown).
 *
 * @example
 * const operation: Mutation = 'updateLimits';
 */
export type Mutation = UserMutation;

/** Emitted after a mutation whose outcome is unknown; `profile` is the account as re-read (null if that failed too). */
export interface MutationOutcomeUnknown {
  type: 'mutationOutcomeUnknown';
  operation: Mutation;
  error: PamError;
  profile: UserProfileResponse | null;
}

/** A 4xx: the server refused the change (validation, a wrong password, a conflict). */
const refused = (error: unknown) => error instanceof HttpError && error.status > 399 && error.status < 500;

/**
 * No answer, or any answer but a 4xx (a 5xx: a gateway that gave up waiting, or a 500 after the
 * change was written; a 3xx or a browser's opaque redirect, status 0, which says nothing of the
 * change, REVIEW-N 1; an answer that could not be read, `invalid_response`: a 2xx of no JSON, or
 * the server session's proxy refusing the API's answer, REVIEW-25 R25-1): the server may or may
 * not have applied it.
 */
export function isOutcomeUnknown(error: unknown): error is PamError {
  if (!isPamError(error)) return false;
  if (/^(timeout|network|invalid_response)$/.test(error.code)) return true;
  return error instanceof HttpError && !refused(error);
}

/**
 * Whether a change that failed with `error` may have been applied: anything but a refusal, which is
 * a 4xx answer (validation, a wrong password) or an error raised before sending (`invalid_request`,
 * `step_up_locked`, `configuration`, or anything when `sent` is false: a call whose signal was
 * aborted before it began sends nothing). An abort once sent, a timeout, a dropped connection, a
 * 3xx, a 5xx or an unreadable answer may hide an applied change (fail closed, review 7 M1, REVIEW-N 1).
 */
export const mayHaveApplied = (error: unknown, sent = true): boolean =>
  sent &&
  (!isPamError(error) ||
    !(refused(error) || /^(invalid_request|step_up_locked|configuration)$/.test(error.code)));

/**
 * Whether a call with these arguments is refused before sending because its signal (in the options,
 * its last argument) was already aborted when it began. Arguments that cannot be read (a throwing
 * getter, a Proxy) are not: the call refuses them as it does (`invalid_request`).
 */
export const abortedBeforeCall = (args: readonly unknown[]): boolean => !!signalOf(args)?.aborted;

/** The `signal` of a call's options (its last argument), or none (not an `AbortSignal`, unreadable). */
export const signalOf = (args: readonly unknown[]): AbortSignal | undefined => {
  try {
    const signal = (args[args.length - 1] as { signal?: unknown }).signal;
    return signal instanceof AbortSignal ? signal : undefined;
  } catch {
    return undefined;
  }
};

/** A signal that aborts once the login a call began in ends here (`off()`: no longer watched). */
export type LoginBound = { signal: AbortSignal; off(): void } | undefined;

/** A call's signal (the app's `given` and the login's end) whose request that left holds back the end (`heldWhileSent`). */
export type SentHold = (ended: AbortSignal, given: AbortSignal | undefined) => AbortSignal;

/** `given` and `ended` in one signal (without `AbortSignal.any`, an old browser: the app's alone). */
export const either = (ended: AbortSignal, given: AbortSignal | undefined): AbortSignal =>
  given && AbortSignal.any ? AbortSignal.any([given, ended]) : (given ?? ended);

/**
 * The user module's `http`, and its hold: a change's request leaves when the adapter sends it (its
 * token read, right before fetch: the ofetch adapter tells the call's `sent` hook, a per-request
 * option of our own, `Symbol.for('pam-client.sent')`), and one that left settles by its own answer,
 * whatever login the session holds meanwhile (REVIEW-AK AK-2: the server may apply it). `hold(ended,
 * given)` is the call's signal: `given`, and `ended` (the login's end) except while a request it
 * was given to is on its way (it aborts when that request settles: nothing more is sent). One not
 * on its way yet (a token read late, a send due, a step-up prompt open) is aborted: never sent with
 * the next login's token. An adapter that never tells the hook: every such call is aborted.
 */
export function heldWhileSent(http: HttpAdapter): [HttpAdapter, SentHold] {
  const ways = new WeakMap<AbortSignal, (step: number) => void>();
  const out: Record<string, unknown> = { ...http };
  for (const verb of ['get', 'post', 'patch', 'delete'] as const)
    out[verb] = (...args: unknown[]) => {
      const at = verb[0] === 'p' ? 2 : 1;
      const options = args[at] as { signal?: AbortSignal } | undefined;
      const told = ways.get(options?.signal as AbortSignal);
      // (Once per call: a 401's resend, with a token of the same login, is the same change.)
      let left = 0;
      if (told) args[at] = { ...options, [Symbol.for('pam-client.sent')]: () => left++ || told(1) };
      const sent = (http[verb] as (...a: unknown[]) => Promise<unknown>)(...args);
      return told ? sent.finally(() => left && told(-1)) : sent;
    };
  return [
    out as unknown as HttpAdapter,
    (ended, given) => {
      const gate = new AbortController();
      const signal = either(gate.signal, given);
      let n = 0;
      const end = () => n || !ended.aborted || gate.abort();
      ended.addEventListener('abort', end);
      end();
      ways.set(signal, (step) => {
        n += step;
        end();
      });
      return signal;
    },
  ];
}

/**
 * `user` with each mutation wrapped: on an unknown outcome it rethrows the original error at once,
 * calls `getUserProfile()` in the background and reports the result through `report`. Nothing
 * is resent. With `bound`, each change and its re-read are sent only in the login they began in
 * (REVIEW-O O-13, O-14): once it ends (a sign-out, another login) nothing of them is sent (a send
 * due, a step-up resend, a token read late: `aborted`), and the re-read reports no account.
 */
export function withOutcomeCheck<O>(
  user: UserModule,
  auth: Pick<AuthModule, 'getUserProfile'>,
  report: (event: MutationOutcomeUnknown, owner: O, sent: number) => void,
  /** Whose account the mutation changes (read when it is called): handed to `report` with the re-read. */
  ownerNow: () => O,
  /** The time the re-read is sent at (read then, never throwing): handed to `report` as `sent`. */
  sentNow: () => number,
  bound: (owner: O) => LoginBound = () => undefined,
  /** With it, a request that left before the login ended settles by its answer (`heldWhileSent`). */
  hold?: SentHold,
): UserModule {
  return wrapCalls(user, MUTATIONS, (original, operation, at) => async (...args) => {
    const owner = ownerNow();
    const call = bound(owner);
    const o = args[at] as { signal?: AbortSignal; onStepUp?: (e: unknown) => Promise<unknown> };
    const given = o.signal;
    const prompt = o.onStepUp;
    // A wrong `signal` is passed as given (the adapter refuses it); a prompt still open or answered
    // when the call ends sends nothing (no password is reserved for the next player either): the
    // wait ends with the app's signal, the login or the client (stopped), the change `aborted`
    // (S-8: a dialog never answered held it forever; R-9: the app's own signal did not end it).
    if (call && (given ?? call.signal) instanceof AbortSignal) {
      // (With `hold`: a send due, a step-up prompt open or its resend aborted; one on its way, its answer.)
      const signal = (hold ?? either)(call.signal, given);
      args[at] = {
        ...o,
        signal,
        onStepUp:
          prompt &&
          (async (e: unknown) => {
            // (Ended already, as a request on its way settled: no prompt.)
            const password =
              signal.aborted ||
              (await Promise.race([
                prompt(e),
                new Promise((ended) => signal.addEventListener('abort', ended)),
              ]));
            if (signal.aborted) throw new AbortedError(operation, 'call');
            return password;
          }),
      };
    }
    try {
      return await original(...args);
    } catch (error) {
      if (isOutcomeUnknown(error)) {
        // In the background: the caller hears the original error at once (a re-read that also
        // times out would double the wait), and the re-read reports when it settles, with the
        // time it was sent: its answer is ordered by that, never by when it arrives.
        const sent = sentNow();
        const reread = bound(owner);
        void auth
          .getUserProfile(reread && { signal: reread.signal })
          .catch(() => null)
          .then((profile) => {
            reread?.off();
            report({ type: 'mutationOutcomeUnknown', operation, error, profile }, owner, sent);
          });
      }
      throw error;
    } finally {
      call?.off();
    }
  });
}

/** A user-module call as a wrapper takes it. */
export type UserCall = (...args: unknown[]) => Promise<unknown>;

/**
 * `user` with each call of `names` replaced by what `wrap` makes of it (the client's layers over the
 * user module: the outcome check, the restrictions' re-read, the step-up prompt, the funnel); the
 * rest as it is. `wrap` is told where the call takes its options (`userOptionsAt`, from the call's
 * row: R-1) and finds there a plain copy of what the module reads of them (`signal`, `onStepUp`,
 * `accessToken`; it ignores the rest), read once before it runs: options whose reading throws (a
 * getter, a Proxy trap) are the call's `invalid_request` (issue `unreadable`, the foreign error and
 * its message dropped, nothing sent, no layer run), as the module refuses them (REVIEW-U U-5).
 */
export function wrapCalls<N extends Exclude<keyof UserModule, 'downloadIncomeReport'>>(
  user: UserModule,
  names: readonly N[],
  wrap: (original: UserCall, name: N, optionsAt: number) => UserCall,
): UserModule {
  const wrapped: Record<string, unknown> = { ...user };
  for (const name of names) {
    const at = USER_CALLS.optionsAt(name);
    const call = wrap(user[name] as UserCall, name, at);
    wrapped[name] = async (...args: unknown[]) => {
      try {
        const { signal, onStepUp, accessToken } = (args[at] ?? {}) as Record<string, unknown>;
        args[at] = { signal, onStepUp, accessToken };
      } catch {
        throw new RequestValidationError(name, [
          { path: [], code: 'unreadable', message: 'could not be read' },
        ]);
      }
      return call(...args);
    };
  }
  return wrapped as unknown as UserModule;
}
