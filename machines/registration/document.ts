// The document step of a registration: what `validateDocument` answered, and how a failure reads.

import {
  isPamError,
  type PamError,
  type RegistrationModule,
  RequestValidationError,
  ResponseValidationError,
  type ValidateDocumentResponse,
} from 'pam-client';
import { isTransientError } from 'pam-client/internal';
import { fromPromise } from '../actor-logic';
import { statusOf } from '../errors';
import { readOwn } from '../machine-setup';

/** What the form may prefill from a valid document (spec 2.6), as the server answered it. */
export interface DocumentPrefill {
  docnumber_valid: true;
  name?: string;
  birth_date?: string;
  mother_name?: string;
}

/**
 * The outcome of the document step: not asked, valid (the answer said `docnumber_valid: true`),
 * invalid (it said `false`), or the check could not be made or told nothing (fail closed).
 */
export type DocumentCheck = 'unchecked' | 'valid' | 'invalid' | 'unavailable';

export interface DocumentRequest {
  auth: Pick<RegistrationModule, 'validateDocument'>;
  number: string;
}

/**
 * An answer that gives no verdict (`docnumber_valid` absent, null, or no answer to this question):
 * the check told nothing, as with an answer that cannot be read (`invalid_response`).
 */
const noVerdict = (): PamError =>
  new ResponseValidationError('validateDocument', [
    { path: ['docnumber_valid'], code: 'no_verdict', message: 'does not say whether the document is valid' },
  ]);

/**
 * One document check; `signal` aborts it when the step is left. An answer without a verdict
 * (`docnumber_valid` neither `true` nor `false`: `{}`, `null`, a login answer) fails as
 * `noVerdict`: the check is unavailable, never valid (fail closed).
 */
export const requestDocumentCheck = /* @__PURE__ */ fromPromise<ValidateDocumentResponse, DocumentRequest>(
  async ({ input, signal }) => {
    // Read once, key by key (`readOwn`: a key whose reading throws is left out, review 91: the
    // prefill's getter crashed the machine for good).
    const answer = readOwn(
      await input.auth.validateDocument({ number: input.number }, { signal }),
    ) as ValidateDocumentResponse;
    if (typeof answer.docnumber_valid !== 'boolean') throw noVerdict();
    return answer;
  },
);

/** The server's verdict that the document is not valid, as a field error on `number`. */
export const documentInvalid = (): PamError =>
  new RequestValidationError('validateDocument', [
    { path: ['number'], code: 'document_invalid', message: 'the document number is not valid' },
  ]);

/** The prefill of a valid answer: only the fields the form uses, and only strings. */
export function prefillOf(answer: ValidateDocumentResponse): DocumentPrefill {
  const out: DocumentPrefill = { docnumber_valid: true };
  for (const key of ['name', 'birth_date', 'mother_name'] as const) {
    const value = answer[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}

/**
 * A failure that says the document itself is wrong: input we refused to send (a malformed
 * number), or a 4xx verdict other than 429. Anything else (no answer, a timeout, a 5xx, a 429,
 * an unreadable answer) means the check is unavailable, which must not block a registration.
 */
export function isDocumentRejected(error: unknown): boolean {
  if (!isPamError(error) || isTransientError(error)) return false;
  if (error.code === 'invalid_request') return true;
  const status = statusOf(error);
  return status !== null && status >= 400 && status < 500;
}
