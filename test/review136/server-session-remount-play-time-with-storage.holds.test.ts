// Review 136 (control of server-session-remount-keeps-play-time.defect): with a localStorage the
// remounted server-session client counts on (the clock store is pam-client.play-time:<id>): the
// defect is the memory clock kept per client.
import type { PamSessionSeed } from 'pam-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PamClock } from '../../machines/clock';
import { createServerSessionClient, playTime } from '../../machines/index';
import { DAY, NOON, S } from '../server-session/seeded-client';
import { answeredUserInfo } from '../support/answered-user-info';
import { manualTimers } from '../support/manual-timers';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
});

const ONE_MINUTE = { user_limit_time: 1, user_limit_time_active: 1, user_limit_time_period: 'daily' };

describe('review 136 (control): a server-session client remounted in the same page keeps the play time', () => {
  it('with localStorage: a player past a one-minute daily limit stays barred in the next client', () => {
    const m = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, String(v)),
      removeItem: (k: string) => void m.delete(k),
    });
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
