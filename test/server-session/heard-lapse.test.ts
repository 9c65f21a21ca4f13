import { describe, expect, it } from 'vitest';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { pauseToldByX } from './forged-support';
import { free, H, NOON, seedOf, startSeeded } from './seeded-client';

// SS29-2, examples (the property: heard-lapse.property.test.ts). Tab A holds login-1, idle; tab X's
// pause (30 s left) is heard. Its lapse was timed from A's profile flow's last time: an hour idle,
// it came an hour late; after the clock stepped back a minute, at once (free to bet while X's pause
// was on its way). Now from when it was heard.

const profile = (path: string) =>
  path.includes('/auth/user-profile')
    ? { status: 200, body: { user: seedOf({ readAt: NOON }).user, userInfo: answeredUserInfo() } }
    : ('hang' as const);

describe('SS29-2: a heard change lapses 30 s after it was heard', () => {
  it.each([
    ['after an hour idle', H, 0],
    ['after the clock stepped back a minute', 5_000, -60_000],
  ])('%s', async (_, idle, step) => {
    const hub = new FakeChannelHub();
    const a = startSeeded(seedOf({ readAt: NOON }), { at: NOON, channel: hub.channel(), answer: profile });
    const wait = async (ms: number) => {
      for (let i = 0; i < ms; i += 100) {
        a.advance(100);
        await turns(3);
      }
    };
    try {
      await turns(20);
      await wait(600);
      expect(free(a.client.view)).toBe(true);
      a.advance(idle);
      await turns(5);
      a.t.offset += step;
      hub.channel().postMessage(pauseToldByX({ ms: 30_000 }));
      await turns(10);
      const heard = a.views.length;
      await wait(29_900);
      // Barred from the word until its end (the old code, stepped back: free at once).
      expect(a.views.slice(heard - 1).some(free)).toBe(false);
      await wait(200);
      // Free at its end (the old code, an hour idle: still barred, for an hour more).
      expect(free(a.client.view)).toBe(true);
    } finally {
      a.client.stop();
    }
  });
});
