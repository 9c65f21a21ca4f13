// Review 5 D3 (fail open) in the server-session client: its seed is judged at the one clock's
// reading when the page starts, and its profile reads at the clock after. With no answer's `Date`
// read yet (the seed route and the proxy's answers without one), that clock is the device's,
// which nothing checked: a device clock ahead ended a pause the seed shows in force, and the page
// showed the player free to bet. A dated restriction is not judged on it (stale, canBet false)
// until an answer's `Date` teaches the clock; a seed without one is not barred.

import fc from 'fast-check';
import type { PamSessionSeed } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createClock } from '../../machines/clock';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns } from '../support/event-loop';
import { manualTimers } from '../support/manual-timers';

const S = 1_000;
const H = 3_600_000;
const DAY = 86_400_000;
const NOON = Date.UTC(2026, 10, 24, 15);
const iso = (ms: number) => new Date(ms).toISOString();

const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/**
 * A client started at true time NOON from a seed read then, its device wall clock `offset` off;
 * every answer has no `Date` unless `withDate` (then the true time's second).
 */
function start(userInfo: Record<string, unknown>, offset: number, withDate: boolean) {
  const t = { now: NOON };
  const { timers, advance } = manualTimers(t);
  const clock = createClock({ wall: () => t.now + offset, monotonic: () => t.now });
  const seed: PamSessionSeed = {
    status: 'signedIn',
    user: { id: 4, cancelled_account: false } as PamSessionSeed['user'],
    userInfo,
    readAt: NOON,
    loginId: 'login-1',
    expiresAt: NOON + 30 * DAY,
  };
  const fetch = (async (input: RequestInfo | URL) => {
    const path = String(typeof input === 'string' || input instanceof URL ? input : input.url);
    const body = path.includes('/auth/user-profile')
      ? { user: seed.user, userInfo }
      : path.includes('/session')
        ? seed
        : {};
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (withDate) headers.date = new Date(t.now).toUTCString();
    return new Response(JSON.stringify(body), { status: 200, headers });
  }) as typeof globalThis.fetch;
  const client = createServerSessionClient({
    initial: seed,
    fetch,
    environment: { channel: null, clock, timers },
  });
  clients.push(client);
  const views = [client.view];
  client.subscribe((v) => views.push(v));
  return { client, views, advance, t };
}

const pauseAround = (from: number, length: number) =>
  answeredUserInfo({
    user_pause: 7,
    user_pause_at: iso(NOON + from),
    user_pause_in: iso(NOON + from + length),
  });

describe('server-session client: no server time learned', () => {
  it('a device clock 6 days ahead never ends the seed’s pause early', async () => {
    const { client, views } = start(pauseAround(-2 * DAY, 7 * DAY), 6 * DAY, false);
    await turns(10);
    expect(views.some((v) => v.restrictions?.canBet === true)).toBe(false);
    expect(client.view.restrictions).toMatchObject({ status: 'stale', canBet: false });
  });

  it('a seed with no dated restriction is not barred by a hidden Date', async () => {
    const { client } = start(answeredUserInfo(), 6 * DAY, false);
    await turns(10);
    expect(client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  });

  it('generated offsets and pauses: never free to bet while the pause is in force at the true time', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -30 * DAY, max: 30 * DAY }),
        fc.integer({ min: -10 * DAY, max: 10 * DAY }),
        fc.integer({ min: S, max: 20 * DAY }),
        fc.boolean(),
        fc.integer({ min: 0, max: 6 * H }),
        async (offset, from, length, withDate, later) => {
          const { client, views, advance, t } = start(pauseAround(from, length), offset, withDate);
          try {
            await turns(6);
            advance(later);
            await turns(6);
            // In force (clear of its edges by 10 s) at the times the views were shown.
            const inForce = (at: number) => NOON + from + 10 * S <= at && at + 10 * S < NOON + from + length;
            const always = inForce(NOON) && inForce(t.now);
            expect(always && views.some((v) => v.restrictions?.canBet === true)).toBe(false);
          } finally {
            client.stop();
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
