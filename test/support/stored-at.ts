// A session stored at `at` on server time for `userId`, with a token the reference server issued,
// an hour to live and fixed counters (seq 3, login 41): the restored start of the refresh tests.

import { createMemoryTokenStore, type StoredSession, type TokenStore } from 'pam-client';
import { SimulatedClock } from 'xstate';
import type { ServerFixture } from './server';

export function storedAt(
  ctx: ServerFixture,
  userId: number,
  at: number,
): { storage: TokenStore; timers: SimulatedClock } {
  const stored: StoredSession = {
    accessToken: ctx.server.issueToken(userId),
    tokenType: 'Bearer',
    expiresAt: at + 3_600_000,
    savedAt: at,
    timeBase: 'server',
    userId,
    seq: 3,
    sid: 41,
  };
  const timers = new SimulatedClock();
  timers.set(at);
  return { storage: createMemoryTokenStore(stored), timers };
}
