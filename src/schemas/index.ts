export * from './auth';
export * from './common';
export * from './income-report';
export * from './limits';
export { parseRequest, parseResponse, toValidationIssues } from './parse';
export * from './user';
export * from './wallet';
