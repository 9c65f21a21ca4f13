import { createMemoryTokenStore, type StoredSession } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { guardStore, heldSession, ownSession } from '../../machines/session/store';

// REVIEW-I i5 (its residual): with a store shared by two tabs, the session a client holds
// (`heldSession`: what a tab giving its login up revokes, and what its refresh sends when the store
// names another login) followed every read, so a tab that had last read the other tab's login no
// longer knew its own token: giving its login up for the other (two tabs logging in at once), it
// revoked nothing and its token stayed live. A read of another login now leaves the one held.

const session = (accessToken: string, sid: number, seq: number, userId = 7): StoredSession => ({
  accessToken,
  tokenType: 'Bearer',
  expiresAt: null,
  savedAt: 1_000 + seq,
  userId,
  sid,
  seq,
});

describe('the session a client holds, in a store shared with another tab', () => {
  it('a read of another login leaves the one held; a read of the same login (a refresh elsewhere) takes it', () => {
    const shared = createMemoryTokenStore();
    const ours = guardStore(shared);
    const theirs = guardStore(shared);
    ours.set(session('ours', 1, 1));
    theirs.set(session('theirs', 2, 2));
    // A memory store answers at once.
    expect((ours.get() as StoredSession | null)?.accessToken).toBe('theirs');
    expect(heldSession(ours)?.accessToken).toBe('ours');
    // Another player's login is not ours either.
    theirs.set(session('player-8', 1, 3, 8));
    ours.get();
    expect(heldSession(ours)?.accessToken).toBe('ours');
    // Our login refreshed by the other tab: its token is ours now.
    theirs.set(session('ours-refreshed', 1, 4));
    ours.get();
    expect(heldSession(ours)?.accessToken).toBe('ours-refreshed');
    // Cleared here: none held, and the next read is taken whatever its login.
    ours.clear();
    expect(heldSession(ours)).toBeNull();
    theirs.set(session('theirs-again', 2, 5));
    ours.get();
    expect(heldSession(ours)?.accessToken).toBe('theirs-again');
  });

  it('the token a refresh of our login may send: never another login’s; a newer login there gives ours up', () => {
    const shared = createMemoryTokenStore();
    const ours = guardStore(shared);
    ours.set(session('ours', 1, 2));
    const owner = { userId: 7, sid: 1 };
    expect(ownSession(ours, session('ours', 1, 2), owner)).toEqual({
      own: session('ours', 1, 2),
      newer: false,
    });
    // An older login there (a lagging tab wrote it late): ours, from what this client holds.
    expect(ownSession(ours, session('older', 2, 1), owner)).toEqual({
      own: session('ours', 1, 2),
      newer: false,
    });
    // A newer login there: none of ours to send.
    expect(ownSession(ours, session('newer', 2, 3), owner)).toEqual({ own: null, newer: true });
    // The store emptied (a logout elsewhere): ours, from what this client holds (the server says if it ended).
    expect(ownSession(ours, null, owner)).toEqual({ own: session('ours', 1, 2), newer: false });
  });
});
