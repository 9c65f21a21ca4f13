import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSessionClientBase } from '../../machines/index';
import { until } from '../support/event-loop';
import { playerOneTab, signInOutside } from './player-tab';
import { runningClock, usePam } from './support';

// REVIEW-28C: a tab of player 1 logs out after player 2 signed in elsewhere; the proxy answers 401
// (FIXLOGOUT28) and the tab, signed out of its login, reads the cookie (`restoring`, no login
// held). A call player 1's UI makes in that read waited (FIXREST28's page-load wait) and went as
// player 2's once the read landed. A call made while restoring after this tab signed out is
// refused (`unauthorized`, nothing sent), never held over to the login the read lands on.
const clock = runningClock();
const pam = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

describe('a call made while the tab re-reads the cookie after its logout', () => {
  it('is refused, never sent as the player the read lands on', async () => {
    const { tab: a, profile } = await playerOneTab(pam, clients);
    await signInOutside(pam, profile, 'pendingLimit');
    a.logout();
    await until(() => a.view.status === 'restoring', 'the logout answered 401: the cookie read');
    const from = pam.ref.server.requests.length;
    const outcome = await a.user.updateMarketing({ mkt_accepted: false }).then(
      () => 'sent',
      (e: { code: string }) => e.code,
    );
    await until(() => a.view.status === 'signedIn', 'the read landed on player 2');
    expect(a.view.user?.id).toBe(pam.ref.server.seed.pendingLimit.id);
    expect(outcome).toBe('unauthorized');
    expect(pam.ref.server.requests.slice(from).filter((q) => q.path.includes('self-mkt'))).toEqual([]);
  });
});
