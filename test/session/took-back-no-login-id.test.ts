// REVIEW-AC AC-2, the class: a refresh answer whose call stopped (`tookBack`) is given back only to
// the login that sent it. A login of no id (a session stored before login ids: its id is its token's)
// owned any stored session, so a sign-out and then another login (another player's too) had the
// ended login's token given back to a next try that never came: live at the API, held by no one.
import type { StoredSession } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { LATE, stoppedAfterItsAnswer } from '../support/guarded-refresh';

const LEGACY = { userId: 1, sid: null };
const base = { tokenType: 'Bearer', expiresAt: null, savedAt: 1_000 };

/** Sent for the login of no id; once it answered, the store left as it was or set to `stored`. */
const stopped = (stored?: StoredSession) =>
  stoppedAfterItsAnswer(LEGACY, { ...base, accessToken: 'held', userId: 1 }, stored);

describe('a stopped refresh answer of a login of no id', () => {
  it('the store still holds the token it sent: given back, not revoked', async () => {
    const revoked = await stopped();
    await new Promise((r) => setImmediate(r));
    expect(revoked).toEqual([]);
  });

  it.each([
    ['another player', { ...base, accessToken: 'other', userId: 2, sid: 7, seq: 5 }],
    ['a new login of the same player', { ...base, accessToken: 'other', userId: 1, sid: 7, seq: 5 }],
    ['a new login of the same player, of no id either', { ...base, accessToken: 'other', userId: 1 }],
  ])('signed out, then %s in the store: revoked', async (_, stored) => {
    const revoked = await stopped(stored);
    await until(() => revoked.length > 0, 'revoked');
    expect(revoked).toEqual([LATE]);
  });
});
