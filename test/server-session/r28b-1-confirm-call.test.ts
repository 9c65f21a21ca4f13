import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSessionClientBase } from '../../machines/index';
import { until } from '../support/event-loop';
import { playerOneTab, signInOutside } from './player-tab';
import { runningClock, usePam } from './support';

// REVIEW-28B R28B-1 (HIGH): player 1's tab gets a 401 (player 2 signed in outside the channel) and
// confirms it (`restoring.confirming`, still holding player 1's login). A call player 1's UI makes
// in that gap is player 1's: FIXREST28's wait held it over and sent it once the confirm landed, on
// player 2 (a marketing change applied to player 2's account, player 2's address read). It goes at
// once naming player 1's login, and the proxy refuses it (401, nothing forwarded).
const clock = runningClock();
const pam = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});
const codeOf = (p: Promise<unknown>) =>
  p.then(
    (v) => ({ ok: v }),
    (e: { code: string }) => ({ code: e.code }),
  );

describe('REVIEW28B: a call made while confirming a 401', () => {
  it('is never sent for the player the confirm lands on (another player)', async () => {
    const { tab: a, profile } = await playerOneTab(pam, clients);
    await signInOutside(pam, profile, 'pendingLimit');
    const first = a.user.getAddress().catch((e) => e);
    // The 401 lands: A confirms (restoring). Player 1's UI, still up, changes marketing and reads the address.
    await until(() => a.view.status === 'restoring', 'confirming');
    const change = codeOf(a.user.updateMarketing({ mkt_accepted: false }));
    const read = codeOf(a.user.getAddress());
    expect((await first).status).toBe(401);
    const [p, r] = await Promise.all([change, read]);
    // Player 1's calls never reach the API as player 2's: refused by the proxy, as player 1's.
    expect(pam.ref.server.requests.filter((q) => q.path.includes('self-mkt'))).toEqual([]);
    expect(p).toEqual({ code: 'unauthorized' });
    expect(r).toEqual({ code: 'unauthorized' });
  });
});
