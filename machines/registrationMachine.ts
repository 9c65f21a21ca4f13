import { isValidCpf, type PamError, type RegistrationModule, type Secret, secret } from 'pam-client';
import { asPamError } from 'pam-client/internal';
import { assign, type DoneActorEvent, type ErrorActorEvent, type EventObject, emit } from 'xstate';
import type { CaptchaProvider, RegistrationPayload } from './login/request';
import { box, boxCaptcha, boxRegistration, REGISTER_KEYS } from './login/request';
import { machineSetup, readOwn } from './machine-setup';
import {
  type DocumentCheck,
  type DocumentPrefill,
  documentInvalid,
  isDocumentRejected,
  prefillOf,
  requestDocumentCheck,
} from './registration/document';

export type { DocumentCheck, DocumentPrefill } from './registration/document';

/**
 * The `input` of `registrationMachine`: the auth module it checks documents with.
 *
 * @example
 * createActor(registrationMachine, { input: { auth } satisfies RegistrationInput }).start();
 */
export interface RegistrationInput {
  auth: Pick<RegistrationModule, 'validateDocument'>;
}

/**
 * The context of `registrationMachine`: the form's steps so far and the last error.
 *
 * @example
 * actor.getSnapshot().context.error; // a PamError or null
 */
export interface RegistrationContext {
  /** A service: never persisted; a restored actor takes it from its fresh `input`. */
  auth: Pick<RegistrationModule, 'validateDocument'>;
  /** The document number last checked (not secret: the form shows it). */
  document: string | null;
  documentCheck: DocumentCheck;
  /** What a valid document offers for prefilling (name, birth date, mother's name). */
  prefill: DocumentPrefill | null;
  /** Why the document step stopped (`invalid`), or why the check was unavailable. */
  error: PamError | null;
}

/** The registration as it leaves the machine: the password (and captcha token) boxed. */
export type SubmittedRegistration = Omit<RegistrationPayload, 'password' | 'captcha_token'> & {
  password: Secret;
  /** Boxed, or the app's provider (called when REGISTER sends it). */
  captcha_token?: Secret | CaptchaProvider;
};

/**
 * What `registrationMachine` ends with: the payload to register and how the document check went.
 *
 * @example
 * client.register((await toPromise(actor)).payload);
 */
export interface RegistrationOutput {
  /** Send it with `client.register(payload)` (or `REGISTER` to the session or login machine). */
  payload: SubmittedRegistration;
  /** `unavailable`: the check could not be made (network, 5xx); the registration goes on. */
  documentCheck: DocumentCheck;
}

/**
 * The events `registrationMachine` takes.
 *
 * @example
 * actor.send({ type: 'RESET' } satisfies RegistrationEvent);
 */
export type RegistrationEvent =
  /** Checks a document number with `validateDocument` (optional step). */
  | { type: 'CHECK_DOCUMENT'; number: string }
  /** The form is complete: the machine ends with the payload for the session to send. */
  | { type: 'SUBMIT'; payload: RegistrationPayload }
  /** Abandons a check in flight, or leaves an invalid document to start the form over. */
  | { type: 'RESET' };

/** What `registrationMachine` emits: the payload, when the form is submitted. */
export type RegistrationEmitted = { type: 'submitted' } & RegistrationOutput;

const doneOutput = (event: EventObject) => (event as DoneActorEvent<unknown>).output;
const failure = (event: EventObject) => (event as ErrorActorEvent).error;

/** The payload with its secrets boxed on receipt (and the value of a key it does not take). */
function boxed(payload: RegistrationPayload): SubmittedRegistration {
  // Read once, key by key (`readOwn`: a key whose reading throws is left out, refused as missing).
  const { password, captcha_token, ...fields } = readOwn(payload) as RegistrationPayload;
  return {
    // The value of a key a registration does not take boxed too (FIXSEC28 F3).
    ...(boxRegistration(fields, REGISTER_KEYS) as typeof fields),
    password: box(password),
    // (A provider stays one, as the session's door boxes it: review 79, it came out as no string.)
    ...(captcha_token === undefined ? {} : { captcha_token: boxCaptcha(captcha_token) }),
  };
}

const initial = { document: null, documentCheck: 'unchecked' as DocumentCheck, prefill: null, error: null };
const services = (input: RegistrationInput) => ({ auth: input.auth });

/**
 * The check a submitted payload carries: the one made of its own number (digits compared), else
 * `unchecked` (review 149: a number checked valid, then another submitted, said valid).
 */
const checkOf = (context: RegistrationContext, event: RegistrationEvent): DocumentCheck => {
  const digits = (v: unknown) => (typeof v === 'string' ? v.replace(/\D/g, '') : '');
  const number =
    event.type === 'SUBMIT' ? digits((readOwn(event.payload) as { number?: unknown }).number) : '';
  return number && number === digits(context.document) ? context.documentCheck : 'unchecked';
};

/** CHECK_DOCUMENT: a number that is no CPF is invalid at once (nothing sent), else checked. */
const REFUSE = {
  guard: 'notCpf',
  target: 'documentInvalid',
  actions: ['startCheck', 'refuseDocument'],
} as const;
const CHECK = [REFUSE, { target: 'checkingDocument', actions: 'startCheck' }] as const;

/** Builds the machine; one pure call, so a bundle that does not use it drops all of it. */
function createRegistrationMachine() {
  return machineSetup({
    // Types only: `{}` at run time (createMachine does not read `types`).
    types: {} as {
      context: RegistrationContext;
      events: RegistrationEvent;
      input: RegistrationInput;
      output: RegistrationOutput;
      emitted: RegistrationEmitted;
    },
    actors: { checkDocument: requestDocumentCheck },
    guards: {
      // Only an explicit `true` (fail closed): the built-in check fails an answer without a
      // verdict (`noVerdict`: unavailable); one from a check an app provides is not valid either.
      documentValid: ({ event }) =>
        (doneOutput(event) as { docnumber_valid?: unknown })?.docnumber_valid === true,
      documentRejected: ({ event }) => isDocumentRejected(failure(event)),
      // A number registration refuses (no CPF: all digits the same, wrong check digits) is invalid
      // at once, nothing sent (review 149).
      notCpf: ({ event }) => !isValidCpf((event as { number?: unknown }).number),
    },
    actions: {
      startCheck: assign(({ event }) =>
        event.type === 'CHECK_DOCUMENT'
          ? { ...initial, document: typeof event.number === 'string' ? event.number : '' }
          : {},
      ),
      acceptDocument: assign(({ event }) => ({
        documentCheck: 'valid' as const,
        prefill: prefillOf(doneOutput(event) as never),
        error: null,
      })),
      refuseDocument: assign({ documentCheck: 'invalid' as const, prefill: null, error: documentInvalid }),
      rejectDocument: assign(({ event }) => ({
        documentCheck: 'invalid' as const,
        prefill: null,
        error: asPamError(failure(event)),
      })),
      markUnavailable: assign(({ event }) => ({
        documentCheck: 'unavailable' as const,
        prefill: null,
        error: asPamError(failure(event)),
      })),
      reset: assign(initial),
      emitSubmitted: emit(({ context, event }) => ({
        type: 'submitted' as const,
        payload: boxed(event.type === 'SUBMIT' ? event.payload : ({ password: secret('') } as never)),
        documentCheck: checkOf(context, event),
      })),
    },
  }).createMachine({
    id: 'registration',
    context: ({ input }) => ({ ...services(input), ...initial }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          CHECK_DOCUMENT: CHECK,
          SUBMIT: { target: 'submitted', actions: 'emitSubmitted' },
          RESET: { actions: 'reset' },
        },
      },
      checkingDocument: {
        invoke: {
          id: 'checkDocument',
          src: 'checkDocument',
          input: ({ context }) => ({ auth: context.auth, number: context.document ?? '' }),
          onDone: [
            { guard: 'documentValid', target: 'editing', actions: 'acceptDocument' },
            { target: 'documentInvalid', actions: 'refuseDocument' },
          ],
          onError: [
            { guard: 'documentRejected', target: 'documentInvalid', actions: 'rejectDocument' },
            // No answer, a timeout, a 5xx, a 429: the check is unavailable; registration goes on.
            { target: 'editing', actions: 'markUnavailable' },
          ],
        },
        on: {
          // A new number replaces the check in flight (leaving the state aborts it).
          CHECK_DOCUMENT: [REFUSE, { target: 'checkingDocument', reenter: true, actions: 'startCheck' }],
          RESET: { target: 'editing', actions: 'reset' },
        },
      },
      documentInvalid: {
        // Stops here: another number, or RESET to start over without one.
        on: {
          CHECK_DOCUMENT: CHECK,
          RESET: { target: 'editing', actions: 'reset' },
        },
      },
      submitted: {
        type: 'final',
        output: ({ context, event }) => ({
          payload: boxed(event.type === 'SUBMIT' ? event.payload : ({ password: secret('') } as never)),
          documentCheck: checkOf(context, event),
        }),
      },
    },
    output: ({ event }) => (event as unknown as { output: RegistrationOutput }).output,
  });
}

/**
 * A registration form's flow (spec 5.3): an optional document step, then the payload.
 *
 * `editing` --CHECK_DOCUMENT--> `checkingDocument` (calls `validateDocument`) → back to
 * `editing` with `context.prefill` (`name`, `birth_date`, `mother_name`, `docnumber_valid`) for
 * the form; or `documentInvalid` with a clear error (a field error on `number`) when the server
 * says the document is not valid: the registration stops there until another number checks or
 * `RESET`. A network error, a timeout, a 5xx, a 429, or an answer that does not say
 * `docnumber_valid: true` or `false` does not block: `documentCheck` becomes `unavailable` (never
 * `valid`) and the form goes on. `SUBMIT { payload }` ends the machine (`submitted`) with
 * the payload as output and as a `submitted` event, the password boxed as a `Secret`; send it
 * with `client.register(payload)`, which signs the new player in (or asks for a 2FA code).
 * The payload is validated when it is sent (e-mail, `nationalities` JSON, `optIn`, CPF, 18+).
 *
 * @example
 * const form = createActor(registrationMachine, { input: { auth: client.auth } }).start();
 * form.send({ type: 'CHECK_DOCUMENT', number: '529.982.247-25' });
 * // editing again: fill the form from form.getSnapshot().context.prefill
 * form.on('submitted', ({ payload }) => client.register(payload));
 * form.send({ type: 'SUBMIT', payload: { email, password, country: 'BR', nationalities: '["BR"]', optIn: false } });
 */
export const registrationMachine = /* @__PURE__ */ createRegistrationMachine();
