import { describe, expect, it } from 'vitest';
import { userModule } from '../../machines/index';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns } from '../support/event-loop';
import type { User } from './in-flight-support';
import { free, H, NOON, seedOf, startSeeded } from './seeded-client';

// SS29's other note (TOKLAPSE29): this tab's OWN change in flight, kept for its login when the tab
// leaves it (`keepHeldInFlight`: a 401 asks the server, AL-3), ended at the profile flow's LAST time
// + the bar: after an hour idle, an hour before it was sent. The same login held again, its pause
// still on its way, the player was free to bet at once (fail open). Now the flow is stamped as the
// change is told to the other tabs (`publishInFlight`): the bar counts from its send.

describe('an own change kept across a 401 bars from its send, not from the flow’s old time', () => {
  it('an hour idle, a pause sent, a 401 read again as the same login: barred until the pause settles', async () => {
    let t: { now: number; offset: number } | undefined;
    let unauthorized = 1;
    const a = startSeeded(seedOf({ readAt: NOON }), {
      at: NOON,
      flows: [userModule()],
      answer: (path) => {
        if (path.endsWith('/session')) return { status: 200, body: seedOf({ readAt: t!.now + t!.offset }) };
        if (path.includes('/auth/user-profile'))
          return { status: 200, body: { user: seedOf({ readAt: NOON }).user, userInfo: answeredUserInfo() } };
        if (path.includes('login-history') && unauthorized-- > 0)
          return { status: 401, body: { message: 'Unauthenticated.' } };
        return 'hang';
      },
    });
    t = a.t;
    const wait = async (ms: number) => {
      for (let i = 0; i < ms; i += 100) {
        a.advance(100);
        await turns(3);
      }
    };
    const user = (a.client as unknown as { user: User & { getLoginHistory(p: number): Promise<unknown> } })
      .user;
    try {
      await turns(20);
      await wait(600);
      expect(free(a.client.view)).toBe(true);
      a.advance(H);
      await turns(5);
      void user.setTimeoutLimits({ user_pause: 7, reason: 1, password_check: 'Secret123!' }).catch(() => {});
      await turns(10);
      const sent = a.views.length;
      expect(free(a.client.view)).toBe(false);
      await wait(2_000);
      // A call answered 401: the login left (its changes kept), the server asked, the same login held.
      await expect(user.getLoginHistory(1)).rejects.toMatchObject({ status: 401 });
      await turns(20);
      await wait(3_000);
      expect(a.client.view.status).toBe('signedIn');
      // (The old code: free at once when held again, the pause still on its way.)
      expect(a.views.slice(sent - 1).filter(free)).toEqual([]);
      expect(a.reads('/session')).toBeGreaterThan(0);
    } finally {
      a.client.stop();
    }
  });
});
