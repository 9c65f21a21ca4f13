// Dissolved (issue 32.4): each name lives in a file named for what it does. These re-exports stay
// only for the session and server-session files that still import them from here; import from the
// files themselves.

export { asPamError, backoffDelay, clampDelay, isTransientError as isTransient } from 'pam-client/internal';
export { statusOf } from './errors';
