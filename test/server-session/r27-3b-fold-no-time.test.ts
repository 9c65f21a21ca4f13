import { describe, expect, it } from 'vitest';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged, pauseToldByX } from './forged-support';
import { free, NOON, seedOf, startSeeded, UNAVAILABLE } from './seeded-client';

// R27B probe: a change heard while the clock gives no time is kept with end NaN ("barred until
// released"). Folded by the cap (a flood), the fold's end is Math.max(..., NaN) = NaN: it never
// lapses and cannot be released, and every later fold stays NaN: every login held later is barred
// for the page's life.
describe('R27B p4: a NaN end folded', () => {
  it('login-2 held a minute after the flood: free again?', async () => {
    const hub = new FakeChannelHub();
    const other = hub.channel();
    let sessionReads = 0;
    let t: { now: number; offset: number } | undefined;
    const s = startSeeded(undefined, {
      at: NOON,
      channel: hub.channel(),
      answer: (path) =>
        path.endsWith('/session')
          ? ++sessionReads === 1
            ? { status: 200, body: UNAVAILABLE }
            : { status: 200, body: seedOf({ readAt: t!.now + t!.offset, loginId: 'login-2' }) }
          : path.includes('/auth/user-profile')
            ? { status: 200, body: { user: seedOf({ readAt: NOON }).user, userInfo: answeredUserInfo() } }
            : 'hang',
    });
    t = s.t;
    try {
      await turns(20);
      const offset = t.offset;
      t.offset = Number.NaN; // the clock gives no time, for one message
      other.postMessage(pauseToldByX({ ms: 30_000 }));
      await turns(10);
      t.offset = offset;
      for (let i = 1; i <= 64; i++)
        other.postMessage(
          forged({
            type: 'inflight',
            loginId: `junk-${i}`,
            kind: 'pause',
            id: `j${i}`,
            settled: false,
            from: `script-${i}`,
          }),
        );
      await turns(10);
      for (let i = 0; i < 120; i++) {
        s.advance(1_000);
        await turns(3);
      }
      expect(s.client.view.status).toBe('signedIn');
      expect(free(s.client.view)).toBe(true);
    } finally {
      s.client.stop();
    }
  });
});
