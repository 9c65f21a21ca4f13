// The refresh guard (`guardedRefresh`, machines/session/refresh.ts) on its own: one tab of no
// channel, its clocks still at 2 s, a memory store and a vault of its own.

import { createMemoryTokenStore, type StoredSession } from 'pam-client';
import { expect } from 'vitest';
import { type GuardedRefreshOptions, guardedRefresh } from '../../machines/session/refresh';
import { createVault } from '../../machines/session/store';
import { until } from './event-loop';

/**
 * `guardedRefresh` of a tab with no channel, its clocks at 2 s (no expiry clock), waiting 1 s for
 * another tab's outcome; `o` gives the rest.
 */
export function soloRefresh(o: Pick<GuardedRefreshOptions, 'auth' | 'tokens' | 'vault' | 'owner'>) {
  return guardedRefresh({
    crossTab: null,
    timers: globalThis,
    now: () => 2_000,
    serverNow: () => 2_000,
    clock: null,
    waitMs: 1_000,
    ...o,
  });
}

/** The token a refresh answered before its call stopped (`stoppedAfterItsAnswer`). */
export const LATE = 'token-of-a-stopped-call';

/**
 * A refresh for `owner`, the store holding `held` when it is sent, answered {@link LATE}; once it
 * answered, the store is set to `after` (null: cleared; undefined: left holding `held`), then the
 * call stops (the cycle stopped after the answer: `tookBack`). Resolves, once the answer's token
 * left the vault, to the tokens sent to logout so far.
 */
export async function stoppedAfterItsAnswer(
  owner: GuardedRefreshOptions['owner'],
  held: StoredSession,
  after: StoredSession | null | undefined,
): Promise<(string | undefined)[]> {
  const tokens = createMemoryTokenStore(held);
  const vault = createVault();
  const revoked: (string | undefined)[] = [];
  const refresh = soloRefresh({
    auth: {
      refreshToken: async () => ({ access_token: LATE }),
      logout: async (o) => {
        revoked.push(o?.accessToken);
      },
    },
    tokens,
    vault,
    owner,
  });
  const call = new AbortController();
  const answer = await refresh.refreshToken({ signal: call.signal });
  expect(vault.has(answer.access_token)).toBe(true);
  if (after) tokens.set(after);
  else if (after === null) tokens.clear();
  call.abort(); // the cycle stopped after the answer
  await until(() => !vault.has(answer.access_token), 'the token out of the vault');
  return revoked;
}
