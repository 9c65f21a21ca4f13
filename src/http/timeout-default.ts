// The one default timeout, alone in its module: the adapter's, and the session's wait for a refresh
// another tab runs (machines/session/context.ts reads it from here, inlined, no name of
// pam-client/internal's).

/** The adapter's timeout per request when none is given: the one default (the session reads it too). */
export const DEFAULT_TIMEOUT_MS = 15_000;
