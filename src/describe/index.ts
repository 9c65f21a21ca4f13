// describeError: what to show a player for an error (core: no xstate, no framework).
export type { DescribeErrorOptions, ErrorDescription, ErrorLocale } from './describe-error';
export { describeError } from './describe-error';
