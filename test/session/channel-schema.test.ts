import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../machines/cross-tab-schema';
import { COUNTER_MAX } from '../../machines/session/order';

// The one schema every channel message passes (issue 18 defect 2, and a review of it): counters
// that leave room to count on, data with no prototype keys, a session's user of that session's player.

const envelope = { app: 'pam-client', v: 1, from: 'other-tab' };
const session = (over: Record<string, unknown> = {}) => ({
  ...envelope,
  type: 'session',
  reason: 'login',
  session: {
    accessToken: 'tok',
    tokenType: 'Bearer',
    expiresAt: null,
    savedAt: 1,
    userId: 1,
    seq: 3,
    sid: 7,
  },
  user: { id: 1, email: 'a@example.com' },
  ...over,
});
const refused = (m: unknown) => 'refused' in parseMessage(m);

describe('parseMessage', () => {
  it('accepts counters up to COUNTER_MAX and nothing above (one bound: the next login after the top is still shared, see counters.test.ts)', () => {
    const signedOut = { ...envelope, type: 'signedOut', at: null, sid: null, reason: 'logout' };
    expect(refused({ ...signedOut, seq: COUNTER_MAX + 1 })).toBe(true);
    expect(refused({ ...signedOut, seq: 2 ** 53 })).toBe(true);
    expect(refused({ ...signedOut, seq: COUNTER_MAX })).toBe(false);
    expect(refused({ ...signedOut, seq: 12 })).toBe(false);
    const s = session();
    expect(refused(session({ session: { ...s.session, seq: COUNTER_MAX + 1 } }))).toBe(true);
    expect(refused(session({ session: { ...s.session, sid: COUNTER_MAX } }))).toBe(false);
  });

  it('refuses data holding prototype keys, at any depth', () => {
    const profile = { ...envelope, type: 'profile', at: 1, userId: 1, sid: 7 };
    expect(refused({ ...profile, userInfo: { spa_exclusion: 0 } })).toBe(false);
    expect(refused({ ...profile, userInfo: JSON.parse('{"__proto__":{"spa_exclusion":1}}') })).toBe(true);
    expect(refused({ ...profile, userInfo: JSON.parse('{"a":{"constructor":{"x":1}}}') })).toBe(true);
    expect(refused(session({ user: JSON.parse('{"__proto__":{"id":2},"email":"e"}') }))).toBe(true);
  });

  it("refuses a session whose user is not that session's player, or names none", () => {
    expect(refused(session())).toBe(false);
    expect(refused(session({ user: { id: 2 } }))).toBe(true);
    expect(refused(session({ user: { email: 'e@example.com' } }))).toBe(true);
    expect(refused(session({ user: null }))).toBe(false);
  });
});
