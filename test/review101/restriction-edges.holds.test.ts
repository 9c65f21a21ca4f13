// Review 101, probes that held: single cases the model pointed at, on the pure readers the session
// uses (`restrictionsOf`, `playPeriodOf`), and one end-to-end case (a pause answered after its
// player logged out and another logged in, then a lagging replica for the first player).
import { restrictionsOf } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { playPeriodOf } from '../../src/responsible-gaming/time';
import { until as loop } from '../support/event-loop';
import { freeUserInfo } from '../support/free-user-info';
import { until } from '../support/until-view';

const NOW = Date.UTC(2030, 0, 1, 15);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('review101: restriction edges (held)', () => {
  it('a zoned pause end exactly at now is over; one ms later than now still bars', () => {
    const at = NOW - DAY;
    const ended = restrictionsOf(
      freeUserInfo({ user_pause: 1, user_pause_at: iso(at), user_pause_in: iso(NOW) }),
      NOW,
    );
    expect(ended.canBet).toBe(true);
    const running = restrictionsOf(
      freeUserInfo({ user_pause: 1, user_pause_at: iso(at), user_pause_in: iso(NOW + 1) }),
      NOW,
    );
    expect(running.canBet).toBe(false);
  });

  it('a naive pause end read as São Paulo time holds 10 h past it (any zone may have written it)', () => {
    // 12:00 in São Paulo is 15:00Z: NOW.
    const r = restrictionsOf(
      freeUserInfo({
        user_pause: 1,
        user_pause_at: '2029-12-31 12:00:00',
        user_pause_in: '2030-01-01 12:00:00',
      }),
      NOW + 9 * 3_600_000,
    );
    expect(r.canBet).toBe(false);
  });

  it('an exclusion whose date cannot be read bars and blocks the account', () => {
    for (const bad of ['2030-02-30 10:00:00', 'soon', '0000-00-00 00:00:00', '1969-12-31 21:00:00', 42]) {
      const r = restrictionsOf(
        freeUserInfo({ user_exclusion: 6, user_exclusion_at: bad, user_exclusion_in: null }),
        NOW,
      );
      expect({ bad, canBet: r.canBet, blocked: r.accountBlocked }).toEqual({
        bad,
        canBet: false,
        blocked: true,
      });
    }
  });

  it('an operator or SPA exclusion dated ahead of now is in force (no end: never pending)', () => {
    for (const who of ['operator', 'spa'])
      expect(
        restrictionsOf(
          freeUserInfo({ [`${who}_exclusion`]: '1', [`${who}_exclusion_at`]: iso(NOW + 90 * DAY) }),
          NOW,
        ).accountBlocked,
      ).toBe(true);
  });

  it('an exclusion flag absent, null-with-a-date-ahead or unreadable is not "free"', () => {
    const absent = freeUserInfo();
    delete absent.spa_exclusion;
    expect(restrictionsOf(absent, NOW).canBet).toBe(false);
    expect(
      restrictionsOf(freeUserInfo({ spa_exclusion: null, spa_exclusion_at: iso(NOW + DAY) }), NOW).canBet,
    ).toBe(false);
    for (const v of ['yes', 2, '', ' ', 'null', [], {}])
      expect(restrictionsOf(freeUserInfo({ operator_exclusion: v }), NOW).canBet).toBe(false);
  });

  it('the daily period is the São Paulo day, whatever the runtime zone', () => {
    // 2030-01-02 00:00 in São Paulo is 03:00Z.
    const midnight = Date.UTC(2030, 0, 2, 3);
    expect(playPeriodOf('daily', midnight - 1).key).toBe('daily:2030-01-01');
    expect(playPeriodOf('daily', midnight)).toMatchObject({
      key: 'daily:2030-01-02',
      start: midnight,
      end: midnight + DAY,
    });
    // 2030-01-06 is a Sunday: the week began on Monday 2029-12-31.
    expect(playPeriodOf('weekly', Date.UTC(2030, 0, 7, 2, 59)).key).toBe('weekly:2029-12-31');
  });

  it('a pause answered after its player logged out and another logged in is kept for its player', async () => {
    const kit = createReferenceFetch();
    let hold: Promise<void> | null = null;
    let release = () => {};
    let lagFor: number | null = null;
    let applied = false;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      const res = await kit(input, init);
      if (url.includes('/timeout-limits') && hold) {
        applied = true;
        await hold;
      }
      if (url.includes('/auth/user-profile') && lagFor !== null) {
        // A replica that lags: the pause not shown yet.
        const body = (await res.json()) as { user?: { id?: number }; userInfo?: Record<string, unknown> };
        if (body.user?.id === lagFor && body.userInfo)
          Object.assign(body.userInfo, {
            user_pause: 0,
            user_pause_at: null,
            user_pause_in: null,
            user_pause_min: null,
          });
        return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
      }
      return res;
    };
    const c = createPamClient({ baseURL: kit.baseURL, fetch, environment: { channel: null }, retry: 0 });
    try {
      const [A, B] = [kit.seed.plain, kit.seed.pendingLimit];
      c.login({ login: A.email, password: A.password });
      await until(c, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
      hold = new Promise<void>((r) => {
        release = r;
      });
      const call = c.user.setTimeoutLimits({ user_pause: 7, reason: 1, password_check: A.password });
      call.catch(() => {});
      await loop(() => applied, 'the pause applied at the API, its answer held');
      lagFor = A.id;
      c.logout();
      await until(c, (v) => v.status === 'signedOut');
      c.login({ login: B.email, password: B.password });
      await until(c, (v) => v.status === 'signedIn' && v.restrictions?.status === 'current');
      release();
      await expect(call).resolves.toBeDefined();
      c.logout();
      await until(c, (v) => v.status === 'signedOut');
      c.login({ login: A.email, password: A.password });
      const v = await until(c, (w) => w.status === 'signedIn' && w.restrictions?.status !== 'unknown');
      expect(v.restrictions?.canBet).toBe(false);
      expect(v.restrictions?.inForce.map((x) => x.kind)).toContain('pause');
    } finally {
      c.stop();
    }
  });
});
