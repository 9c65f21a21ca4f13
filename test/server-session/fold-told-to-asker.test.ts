import { describe, expect, it } from 'vitest';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged, pauseToldByX } from './forged-support';
import { free, NOON, seedOf, startSeeded, UNAVAILABLE } from './seeded-client';

// R27 leftover 2 (FIXFOLD28): what the kept-change cap drops folds into one entry of no login
// (REVIEW-26B B-1), but a tab that asks (`ask`: a new tab asks the others for the changes they
// keep) was not told it. Tab A, holding no login, heard tab X's pause for login-1, then a script's
// flood pushed it into the fold (X then closed: a crash or a reload); tab B opened on login-1
// during the flood was free to bet once its ask wait ended, while X's pause was on its way. Now
// the fold is told as one message (`folded`, the rest of its lapse), and B holds it.

const profile = (path: string) =>
  path.includes('/auth/user-profile')
    ? { status: 200, body: { user: seedOf({ readAt: NOON }).user, userInfo: answeredUserInfo() } }
    : ('hang' as const);

describe('R28-2: the fold is told to a tab that asks', () => {
  it.each([
    ['flooded with made-up logins', 64, 'junk'],
    ['flooded with changes of login-1 with no time left', 8, 'zero'],
  ] as const)('%s: the new tab of login-1 is barred until X pause ends', async (_, n, how) => {
    const hub = new FakeChannelHub();
    const other = hub.channel();
    const a = startSeeded(undefined, {
      at: NOON,
      channel: hub.channel(),
      answer: (path) => (path.endsWith('/session') ? { status: 200, body: UNAVAILABLE } : profile(path)),
    });
    let b: ReturnType<typeof startSeeded> | undefined;
    const wait = async (ms: number) => {
      for (let i = 0; i < ms; i += 100) {
        a.advance(100);
        b?.advance(100);
        await turns(3);
      }
    };
    try {
      await turns(20);
      await wait(600);
      other.postMessage(pauseToldByX({ ms: 30_000 }));
      for (let i = 1; i <= n; i++)
        other.postMessage(
          forged({
            type: 'inflight',
            loginId: how === 'junk' ? `junk-${i}` : 'login-1',
            kind: 'pause',
            id: `j${i}`,
            settled: false,
            from: `script-${i}`,
            ...(how === 'zero' && { ms: 0 }),
          }),
        );
      await turns(10);
      // X's pause is only in A's fold now.
      const kept = (a.client.session.getSnapshot().context as { inFlightHeard: { id: string }[] })
        .inFlightHeard;
      expect(kept.some((e) => e.id === 'p1')).toBe(false);
      await wait(2_000);
      // B opens on login-1 (a fresh seed), 2 s after X's pause was heard.
      b = startSeeded(seedOf({ readAt: NOON + 2_600 }), {
        at: NOON + 2_600,
        channel: hub.channel(),
        answer: profile,
      });
      await turns(20);
      await wait(1_000);
      expect(b.client.view.status).toBe('signedIn');
      // 3 s in, 27 s before X's pause ends: B was never free (the old code: free once its ask wait ended).
      await wait(25_000);
      expect(b.views.filter(free)).toEqual([]);
      // Past it (and past the bar of the flood's own): free.
      await wait(20_000);
      expect(free(b.client.view)).toBe(true);
    } finally {
      a.client.stop();
      b?.client.stop();
    }
  });
});
