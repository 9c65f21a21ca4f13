import { describe, expect, it } from 'vitest';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { pauseToldByX } from './forged-support';
import { NOON, seedOf, startSeeded } from './seeded-client';

// R27B probe (pre-existing class, no fold): a change heard for the login HELD while the clock gives
// no time has end NaN; the profile flow's next timer is clampDelay(Math.min(.., NaN) - now) = 0:
// re-armed at once forever (a timer storm; on manual timers, `advance` never returns).
describe('R27B p5: NaN end in the held login profile', () => {
  it('one second later, the client still answers', async () => {
    const hub = new FakeChannelHub();
    const other = hub.channel();
    let t: { now: number; offset: number } | undefined;
    const s = startSeeded(seedOf({ readAt: NOON, loginId: 'login-1' }), {
      at: NOON,
      channel: hub.channel(),
      answer: (path) =>
        path.includes('/auth/user-profile')
          ? { status: 200, body: { user: seedOf({ readAt: NOON }).user, userInfo: answeredUserInfo() } }
          : 'hang',
    });
    t = s.t;
    try {
      await turns(10);
      s.advance(600);
      await turns(10);
      const offset = t.offset;
      t.offset = Number.NaN;
      other.postMessage(pauseToldByX({ ms: 30_000 }));
      await turns(10);
      t.offset = offset;
      // A 0 ms timer re-armed forever never lets `advance` return (the old code hung here); the
      // change heard with no time bars until released.
      s.advance(10);
      await turns(10);
      expect(s.client.view.restrictions?.canBet).toBe(false);
    } finally {
      s.client.stop();
    }
  });
});
