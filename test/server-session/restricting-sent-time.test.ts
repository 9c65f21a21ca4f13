// A pause or self-exclusion set in server-session mode is told with the server time it was SENT
// at, as in the token mode (the user module's wrapper reads the one clock before the call), never
// stamped by the machine when the answer arrives: a read shows it by a restriction starting then or
// later, and the other tabs are told that time. Before, the wrapper found no clock in this mode
// (it looked for the token session's services), and the machine stamped the change on arrival:
// an answer that took minutes moved the time on by minutes (a read showing the pause as the
// server started it was then taken for a lagging one).

import type { UserModule } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { PamClock } from '../../machines/clock';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { manualTimers } from '../support/manual-timers';
import { freshReadAt } from '../support/server-session-input';
import { NOON, S, seedOf } from './seeded-client';

const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const MINUTE = 60 * S;
const OFFSET = 40 * S;

function start() {
  const t = { now: NOON - OFFSET };
  const { timers, advance } = manualTimers(t);
  const clock: PamClock = {
    boundMs: 2 * S,
    now: () => t.now,
    serverNow: () => t.now + OFFSET,
    trusted: () => true,
    learned: () => true,
    learn: () => {},
    subscribe: () => () => {},
    offsetMs: () => OFFSET,
    monotonic: () => t.now,
  };
  const answers: Array<() => void> = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(typeof input === 'string' || input instanceof URL ? input : input.url);
    // The change is answered when the test says; the profile reads hang (until aborted).
    if (!path.includes('timeout-limits') && !path.includes('self-exclusion'))
      return new Promise<never>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    return new Promise<Response>((resolve) =>
      answers.push(() =>
        resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
      ),
    );
  }) as typeof globalThis.fetch;
  const hub = new FakeChannelHub();
  const client = createServerSessionClient({
    initial: seedOf({ readAt: freshReadAt(NOON) }),
    fetch,
    environment: { channel: hub.channel(), clock, timers },
    flows: [userModule()],
  });
  clients.push(client);
  const told = () =>
    hub.sent.filter((m) => (m as { type?: string }).type === 'restricted') as { kind: string; at: number }[];
  return { t, advance, client: client as typeof client & { user: UserModule }, answers, told };
}

describe('server-session mode: a restricting change is told with the time it was sent', () => {
  it.each([
    ['pause', (u: UserModule) => u.setTimeoutLimits({ user_pause: 7, reason: 1 })],
    ['selfExclusion', (u: UserModule) => u.setSelfExclusion({ user_exclusion: 3, reason: 1 })],
  ] as const)('%s: answered 10 minutes later, told at the server time it was sent', async (kind, change) => {
    const { t, advance, client, answers, told } = start();
    // (Its ask had its turn: the wait over, R25-7.)
    await turns(5);
    advance(500);
    await until(() => client.view.restrictions?.canBet === true, 'free to bet');
    const call = change(client.user);
    await until(() => answers.length === 1, 'the change sent');
    t.now += 10 * MINUTE;
    answers[0]!();
    await call;
    await until(() => told().length === 1, 'the other tabs told');
    expect(told()[0]).toMatchObject({ kind, at: NOON + 500 });
    expect(client.view.restrictions?.canBet).toBe(false);
  });
});
