// pam-client/internal: NOT PUBLIC. Helpers that only pam-client's own entries (the machines, the
// bindings) need across the package boundary. No semver promise: names here change without notice.
// Apps import from `pam-client`, `pam-client/machines` or a binding instead.

// Errors, waiting and retrying: one definition each, shared by the adapter and the machines.
export { asPamError, isHttpError } from './errors/index';
export type { BackoffOptions } from './http/backoff';
export { backoffDelay } from './http/backoff';
export { retryAfterMs } from './http/retry-after';
export { ABORTED, clampDelay, MAX_TIMER_MS, sleep } from './http/sleep';
export { parseStoredSession } from './session/storage';
export type { UserMutation } from './user/index';
export { USER_MUTATIONS } from './user/index';
