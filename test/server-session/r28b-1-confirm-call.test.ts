import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { type BrowserProfile, browserProfile, requestsTo, type TestClock, usePam } from './support';

// REVIEW-28B R28B-1 (HIGH): player 1's tab gets a 401 (player 2 signed in outside the channel) and
// confirms it (`restoring.confirming`, still holding player 1's login). A call player 1's UI makes
// in that gap is player 1's: FIXREST28's wait held it over and sent it once the confirm landed, on
// player 2 (a marketing change applied to player 2's account, player 2's address read). It goes at
// once naming player 1's login, and the proxy refuses it (401, nothing forwarded).
const clock: TestClock = { now: Date.now() };
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});
const H = { 'content-type': 'application/json', 'x-pam-client': '1' };
async function signIn(profile: BrowserProfile, who: 'plain' | 'pendingLimit') {
  const { email, password } = ref.server.seed[who];
  const res = await profile.fetch('/pam/auth/login', {
    method: 'POST',
    headers: H,
    body: JSON.stringify({ login: email, password }),
  });
  expect(res.status).toBe(200);
}

describe('REVIEW28B: a call made while confirming a 401', () => {
  it('is never sent for the player the confirm lands on (another player)', async () => {
    const { plain } = ref.server.seed;
    const profile = browserProfile(fx.served.url);
    const a = createServerSessionClient({
      fetch: profile.fetch,
      flows: [userModule()],
      environment: { channel: new FakeChannelHub().channel() },
    });
    clients.push(a);
    await a.ready;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.restrictions?.canBet === true, 'A signed in');
    await signIn(profile, 'pendingLimit');
    const first = a.user.getAddress().catch((e) => e);
    // The 401 lands: A confirms (restoring). Player 1's UI, still up, changes marketing and reads the address.
    await until(() => a.view.status === 'restoring', 'confirming');
    const pause = a.user.updateMarketing({ mkt_accepted: false }).then(
      (v) => ({ ok: v }),
      (e) => ({ code: e.code }),
    );
    const read = a.user.getAddress().then(
      (v) => ({ ok: v }),
      (e) => ({ code: e.code }),
    );
    expect((await first).status).toBe(401);
    const [p, r] = await Promise.all([pause, read]);
    const marketing = ref.server.requests.filter((q) => q.path.includes('self-mkt'));
    // Player 1's calls never reach the API as player 2's: refused by the proxy, as player 1's.
    expect(marketing).toEqual([]);
    expect(p).toEqual({ code: 'unauthorized' });
    expect(r).toEqual({ code: 'unauthorized' });
  });
});
