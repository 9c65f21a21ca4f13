// describeError's English words.
import type { ErrorMessages } from './messages';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const wait = (s: number) =>
  s < 60 ? plural(s, 'second', 'seconds') : plural(Math.ceil(s / 60), 'minute', 'minutes');

/**
 * describeError's words in English (the default locale).
 *
 * @example
 * import { createDescribeError, errorMessagesEn } from 'pam-client';
 * const describe = createDescribeError(errorMessagesEn);
 * describe(error).title; // 'The code is not correct. Please try again.'
 */
export const errorMessagesEn: ErrorMessages = {
  locale: 'en',
  fields: 'Please check the highlighted fields.',
  invalidRequest: 'This request is not valid.',
  wrongCredentials: 'The login or password is incorrect.',
  codeWrong: 'The code is not correct. Please try again.',
  codeUsedUp: 'Too many wrong codes: this sign-in attempt has ended. Please sign in again for a new code.',
  cpfRefused: 'The CPF was not accepted.',
  unauthorized: 'Your session has ended. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'This could not be found.',
  conflict: 'This conflicts with a change made meanwhile. Please reload and try again.',
  refused: 'The request was refused. Please check what you entered.',
  server: 'The service is unavailable right now. Please try again in a moment.',
  httpOther: (status) => `The request failed (status ${status}).`,
  tooManyNow: 'Too many attempts. You can try again now.',
  tooManyLater: 'Too many attempts. Please try again later.',
  tooManyIn: (s) => `Too many attempts. Please try again in ${wait(s)}.`,
  stepUpRequired: 'Please confirm your password to make this change.',
  stepUpInvalid: 'The password you confirmed is not correct.',
  stepUpLocked: (s) => `Too many wrong passwords. Please try again in ${wait(s)}.`,
  network: 'No connection to the server. Please check your internet connection.',
  timeout: 'The server took too long to answer. Please try again.',
  aborted: 'The request was cancelled.',
  invalidResponse: 'The server sent an unexpected answer. Please try again later.',
  configuration: 'The app is not configured correctly.',
  storage: 'Your session could not be read or saved on this device.',
  reportFailed: 'The report could not be generated. Please try again later.',
  unknown: 'Something went wrong. Please try again.',
  issues: {
    invalid_type: 'Required, or of the wrong type.',
    too_small: 'Too short or too small.',
    too_big: 'Too long or too large.',
    invalid_value: 'Not one of the allowed options.',
    invalid_format: 'Not in the expected format.',
    not_multiple_of: 'Not an allowed step.',
    unrecognized_key: 'Not a known field.',
    default: 'Not valid.',
  },
  field: {
    password: 'Please check the password.',
    passwordConfirmation: 'The passwords do not match.',
    code: 'The code is not correct.',
    passwordCheck: 'The password is not correct.',
    captcha: 'Please complete the verification again.',
    email: 'Please enter a valid e-mail address.',
    emailTaken: 'This e-mail address is already registered.',
    cpf: 'Please enter a valid CPF.',
    cpfTaken: 'This CPF is already registered.',
    cpfBarred: 'This CPF is in the national register of people barred from betting (SPA).',
    adult: 'You must be at least 18 years old.',
    date: 'Please enter a valid date.',
    required: 'Required.',
    accepted: 'Must be accepted.',
  },
};
