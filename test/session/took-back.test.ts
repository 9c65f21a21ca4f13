// A refresh answer whose call was stopped after it answered (tookBack): its token leaves the vault,
// and is revoked only when the store no longer holds its login. Review of bb95465: revoking it
// for the login still held (the cycle restarted on another tab's refresh of the same login) sends
// a logout with a sibling token of that login, and what the server ends then is not said (it may
// be the login itself, in every tab).
import type { StoredSession } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { LATE, stoppedAfterItsAnswer } from '../support/guarded-refresh';

const A = { userId: 1, sid: 11 };
const base = { tokenType: 'Bearer', expiresAt: null, savedAt: 1_000, timeBase: 'server' as const };

// Sent for login A (a refresh sends only a token of the login held), the store as given once it answered.
const stopped = (stored: StoredSession | null) =>
  stoppedAfterItsAnswer(A, { ...base, accessToken: 'held', ...A, seq: 3 }, stored);

describe('a refresh answer its stopped call no longer waits for', () => {
  it('the login still stored (another tab refreshed it): dropped, not revoked', async () => {
    const revoked = await stopped({ ...base, accessToken: 'sibling', ...A, seq: 4 });
    await new Promise((r) => setImmediate(r));
    expect(revoked).toEqual([]);
  });

  it.each([
    ['a sign-out (the store empty)', null],
    ['another login of the same player', { ...base, accessToken: 'other', userId: 1, sid: 99, seq: 5 }],
    ['another player', { ...base, accessToken: 'other', userId: 2, sid: 11, seq: 5 }],
  ])('%s: revoked', async (_, stored) => {
    const revoked = await stopped(stored);
    await until(() => revoked.length > 0, 'revoked');
    expect(revoked).toEqual([LATE]);
  });
});
