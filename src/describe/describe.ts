// describeError with both languages, for apps that switch locale at run time.
import { createDescribeError, type DescribeError } from './describe-error';
import { errorMessagesEn } from './en';
import { errorMessagesPtBR } from './pt-BR';

/**
 * A title and per-field messages for any error pam-client throws (or anything else thrown),
 * in `en` (default) or `pt-BR`. Never quotes a value: the title is always ours (never the
 * server's `message`) and names the problem (a wrong code, the attempts used up, a wrong
 * password, a lockout with its wait, a CPF refused); secret fields always get our words. Pass
 * the session view's `status` and `retryAt` for the view's error. Carries both languages: an
 * app that shows one builds its own with `createDescribeError(errorMessagesPtBR)`.
 *
 * @example
 * const { title, fields } = describeError(view.error, { locale: 'pt-BR', status: view.status, retryAt: view.retryAt });
 * // { title: 'O código não está correto. Tente novamente.', fields: { two_factor_code: ['O código não está correto.'] } }
 */
export const describeError: DescribeError = /* @__PURE__ */ createDescribeError(
  errorMessagesEn,
  errorMessagesPtBR,
);
