// A server-session client on a clock and timers the test moves by hand (as seeded-client.ts), with
// the flows the test gives: started at server time `at` from a current `signedIn` seed of player
// `userId` whose profile holds `info`; every request hangs (the seed answers the first read).

import type { PamSessionSeed } from 'pam-client';
import type { PamClock } from '../../machines/clock';
import { createServerSessionClient, type ServerSessionFlow } from '../../machines/index';
import { answeredUserInfo } from '../support/answered-user-info';
import { manualTimers } from '../support/manual-timers';
import { DAY } from './seeded-client';

/** A hand clock on `t.now`, the server's time learned and trusted (no offset). */
const handClock = (t: { now: number }): PamClock =>
  Object.assign(
    {
      boundMs: 2_000,
      now: () => t.now,
      serverNow: () => t.now,
      trusted: () => true,
      learn: () => {},
      subscribe: () => () => {},
      offsetMs: () => 0,
      monotonic: () => t.now,
    },
    { learned: () => true },
  );

export function startWithFlows(o: {
  at: number;
  userId: number;
  info: Record<string, unknown>;
  flows?: readonly ServerSessionFlow[];
}) {
  const t = { now: o.at };
  const { timers, advance } = manualTimers(t);
  const sent: string[] = [];
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(String(input instanceof Request ? input.url : input));
    return new Promise<never>((_, reject) =>
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
    );
  }) as typeof globalThis.fetch;
  const initial: PamSessionSeed = {
    status: 'signedIn',
    user: { id: o.userId, cancelled_account: false } as PamSessionSeed['user'],
    userInfo: answeredUserInfo(o.info),
    loginId: `login-${o.userId}`,
    readAt: o.at,
    expiresAt: o.at + 10 * DAY,
  };
  const client = createServerSessionClient({
    initial,
    fetch,
    flows: o.flows as never,
    environment: { channel: null, clock: handClock(t), timers },
  });
  const events: string[] = [];
  for (const type of ['timeLimitWarning', 'timeLimitReached'] as const)
    client.on(type, () => events.push(type));
  return { client, t, advance, events, sent };
}
