// describeError: what to show a player for an error (core: no xstate, no framework), one table
// per language.
export { describeError } from './describe';
export type { DescribeError, DescribeErrorOptions, ErrorDescription } from './describe-error';
export { createDescribeError } from './describe-error';
export { errorMessagesEn } from './en';
export type { ErrorLocale, ErrorMessages } from './messages';
export { errorMessagesPtBR } from './pt-BR';
