// Review 136: review 135 kept `createPamClient`'s memory play clock per token store, so a remount
// (a client stopped and created again in the same page) without `localStorage` counts on. The
// server-session client (`createServerSessionClient` with `playTime()`) still keeps its play clocks
// per client (machines/server-session/play-time.ts `SERVER_PLAY_TIME.input`: `kept`, a new Map per
// client; the default clock store is memory without `localStorage`): the remounted client, seeded
// with the same login, starts the count at 0 and shows a player past a one-minute daily limit free
// to bet. (No request is answered: the seed is the page's own, as test/server-session/play-time-flow.)
import type { PamSessionSeed } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { PamClock } from '../../machines/clock';
import { createServerSessionClient, playTime } from '../../machines/index';
import { DAY, NOON, S } from '../server-session/seeded-client';
import { answeredUserInfo } from '../support/answered-user-info';
import { manualTimers } from '../support/manual-timers';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

const ONE_MINUTE = { user_limit_time: 1, user_limit_time_active: 1, user_limit_time_period: 'daily' };

describe('review 136: a server-session client remounted in the same page keeps the play time', () => {
  it('no localStorage: a player past a one-minute daily limit stays barred in the next client', () => {
    expect((globalThis as { localStorage?: unknown }).localStorage).toBeUndefined();
    const t = { now: NOON };
    const { timers, advance } = manualTimers(t);
    const clock = Object.assign(
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
    ) as PamClock;
    const fetch = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<never>((_r, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )) as typeof globalThis.fetch;
    const open = () => {
      const initial: PamSessionSeed = {
        status: 'signedIn',
        user: { id: 4242, cancelled_account: false } as PamSessionSeed['user'],
        userInfo: answeredUserInfo(ONE_MINUTE),
        loginId: 'login-4242',
        readAt: t.now,
        expiresAt: t.now + 10 * DAY,
      };
      const c = createServerSessionClient({
        initial,
        fetch,
        flows: [playTime()],
        environment: { channel: null, clock, timers },
      });
      stops.push(() => c.stop());
      return c;
    };
    const a = open();
    advance(75 * S);
    expect(a.view.playTime).toMatchObject({ reached: true });
    expect(a.view.restrictions?.canBet).toBe(false);
    a.stop();
    const b = open();
    advance(2 * S);
    expect(b.view.status).toBe('signedIn');
    expect(b.view.playTime?.usedMs).toBeGreaterThanOrEqual(60 * S);
    expect(b.view.restrictions?.canBet).toBe(false);
  });
});
