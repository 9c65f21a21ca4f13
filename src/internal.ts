// pam-client/internal: NOT PUBLIC. What pam-client's other entries (the machines) import from the
// core across the package boundary, and nothing else: each name here is imported by another entry
// (test/api/internal-entry.test.ts fails on one that is not). No semver promise: names here change
// without notice; apps import from `pam-client`, `pam-client/machines` or a binding. The machines
// reach the core through this entry (not by relative imports) so that an app bundles one copy of
// the core: `pam-client` and `pam-client/internal` share the build's chunks, and
// `instanceof PamError` holds across entries (`npm run api:check` checks it on the build).

// The auth module without registration: the session client's core (registration is a flow).
export { createAuthCore } from './auth/index';
// Errors, waiting and retrying: one definition each, shared by the adapter and the machines.
export { asPamError, isTransientError } from './errors/index';
export type { BackoffOptions, TimersLike } from './http/waiting';
export { backoffDelay, clampDelay, sleep } from './http/waiting';
// São Paulo time: the play period (the play-time clock; its day is the profile flow's SPA re-check).
export type { PlayPeriod } from './responsible-gaming/index';
export { playPeriodOf } from './responsible-gaming/index';
// What a profile read says before canBet (the account's standing, every exclusion answered) and its
// restrictions at the session's own time (one reading): the one rule of the session and the server.
export { profileReadOf } from './responsible-gaming/restrictions';
export { readHeard } from './schemas/readers/auth';
// The token: its refresh schedule (the token-refresh machine), and stored sessions read from
// another tab or the store.
// (Its counters' bound, MAX_SESSION_COUNTER, is src/session/counter.ts: the machines import it there.)
export { parseStoredSession, refreshSchedule } from './session/token';
// The user module's mutations (the client re-reads the profile after one whose outcome is unknown).
export type { UserMutation } from './user/index';
export { USER_CALLS } from './user/index';
