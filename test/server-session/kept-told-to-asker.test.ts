import { describe, expect, it } from 'vitest';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged, pauseToldByX } from './forged-support';
import { free, NOON, seedOf, startSeeded, UNAVAILABLE } from './seeded-client';

// SS29-1 (FIXFOLD28's notes): a tab that answers another's ask told it the fold and the changes
// kept for the login it holds, never those it keeps one by one for a login it does not hold. Tab
// A, holding no login or login-2, heard tab X's pause for login-1 (X then closed: a crash or a
// reload); tab B opened on login-1 (the cookie's) was free to bet once its ask wait ended, while
// X's pause was on its way. Now each kept change is told, for its login: B holds it. And the
// changes A's profile flow holds for login-1 past the 8 told one by one (a script's 8 heard first)
// were dropped from its answer: now each is told, and past 72 (a flood) folded (`folded`, the
// latest of their ends).

const profile = (path: string) =>
  path.includes('/auth/user-profile')
    ? { status: 200, body: { user: seedOf({ readAt: NOON }).user, userInfo: answeredUserInfo() } }
    : ('hang' as const);

describe('SS29-1: a new tab is told the changes kept for every login', () => {
  it.each([
    ['holding no login', null],
    ['holding login-2', 'login-2'],
  ] as const)('A %s: the new tab of login-1 is barred until X pause ends', async (_, held) => {
    const hub = new FakeChannelHub();
    const x = hub.channel();
    const a = startSeeded(held ? seedOf({ readAt: NOON, loginId: held }) : undefined, {
      at: NOON,
      channel: hub.channel(),
      answer: (path) =>
        path.endsWith('/session')
          ? { status: 200, body: held ? seedOf({ readAt: NOON, loginId: held }) : UNAVAILABLE }
          : profile(path),
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
      expect(a.client.session.getSnapshot().context.loginId).toBe(held);
      x.postMessage(pauseToldByX({ ms: 30_000 }));
      await turns(10);
      // A keeps X's pause one by one, for login-1 (not the login it holds).
      const kept = (a.client.session.getSnapshot().context as { inFlightHeard: { id: string }[] })
        .inFlightHeard;
      expect(kept.map((e) => e.id)).toEqual(['p1']);
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
      expect(b.views.some(free)).toBe(false);
      // Past it: free.
      await wait(5_000);
      expect(free(b.client.view)).toBe(true);
    } finally {
      a.client.stop();
      b?.client.stop();
    }
  });

  it.each([8, 72])(
    'A holding login-1 and a script %i changes heard before X pause: B barred until it ends',
    async (n) => {
      const hub = new FakeChannelHub();
      const x = hub.channel();
      const a = startSeeded(seedOf({ readAt: NOON }), { at: NOON, channel: hub.channel(), answer: profile });
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
        // A script's changes of login-1 (10 s each), then X's pause (30 s): A's flow holds n + 1.
        for (let i = 1; i <= n; i++)
          x.postMessage(
            forged({
              type: 'inflight',
              loginId: 'login-1',
              kind: 'pause',
              id: `j${i}`,
              settled: false,
              from: `script-${i}`,
              ms: 10_000,
            }),
          );
        x.postMessage(pauseToldByX({ ms: 30_000 }));
        await turns(10);
        expect(free(a.client.view)).toBe(false);
        await wait(1_000);
        b = startSeeded(seedOf({ readAt: NOON + 1_600 }), {
          at: NOON + 1_600,
          channel: hub.channel(),
          answer: profile,
        });
        await turns(20);
        await wait(1_000);
        expect(b.client.view.status).toBe('signedIn');
        // Past the script's 10 s, before X's 30 s: B was never free (the old code: free from 10 s).
        await wait(26_000);
        expect(b.views.some(free)).toBe(false);
        await wait(5_000);
        expect(free(b.client.view)).toBe(true);
      } finally {
        a.client.stop();
        b?.client.stop();
      }
    },
  );
});
