// The session counters' bound, alone in its module: the core's stored form (./token.ts) and the
// machines' channel schema (machines/cross-tab.ts, by a relative import the layers allow) share this
// one definition. A module of its own, importing nothing: imported from ./token.ts instead, the
// machines' entry reached that file's imports and the build's chunks moved (+500 B gzip on the lean
// row, measured), and pam-client/internal holds its 12 names at most (test/api/internal-entry).

/**
 * The largest `seq` or `sid` a session may carry: far beyond any real count of logins and
 * refreshes, and small enough that one more is still a safe integer. A foreign message or store
 * with a bigger one is refused, so it cannot push the tabs' clock out of the safe range.
 *
 * @example
 * parseStoredSession({ accessToken: 't', tokenType: 'Bearer', expiresAt: null, savedAt: 0, seq: 2 ** 53 }); // null
 */
export const MAX_SESSION_COUNTER = 281_474_976_710_656; // 2 ** 48 (a literal: CONTRIBUTING.md)
