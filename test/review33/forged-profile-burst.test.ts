import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { turns } from '../support/event-loop';
import { freeUserInfo } from '../support/free-user-info';
import { logIn, S, type Tab, useWorld } from '../support/world';

// Review 33, finding 2 (AK-3 again, through another door): f0df46dd has a reading from elsewhere
// that is neither newer nor tighter (`unplaced`) restart the profile flow's read in flight. Another
// tab's `profile` message is such a reading when it is old and free: a burst of them (a forged one,
// a replay, a chatty tab) heard while a read is on its way costs one read per message (each restart
// sends a new request: the one before is aborted once sent), where AK-3 bounded other tabs' words
// to one more read.

const world = useWorld();

const owner = (t: Tab) => {
  const c = sessionActorOf(t.client).getSnapshot().context;
  return { userId: c.userId as number, sid: c.sid as number };
};

async function burst(n: number) {
  world.closeAll();
  world.renew();
  world.server.reset();
  let reads = 0;
  const counting: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url).pathname === '/auth/user-profile') reads++;
    return world.fetch(input, init);
  };
  const tab = world.open({ tabId: 'tab-a', random: 0.3, fetch: counting });
  await logIn(world, tab);
  await world.advance(2 * S);
  expect(tab.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  const forger = world.hub.channel();
  world.delayAnswers({ method: 'GET', path: '/auth/user-profile', ms: 1_000 });
  const { userId, sid } = owner(tab);
  const before = reads;
  // A word that starts a read (another tab's limits), then the old, free profiles.
  forger.postMessage({
    app: 'pam-client',
    v: 1,
    from: 'forger',
    userId,
    sid,
    type: 'limits',
    limits: { at: world.now(), fields: { user_limit_deposit_daily: 100 } },
  });
  for (let k = 0; k < n; k++) {
    await turns(1);
    forger.postMessage({
      app: 'pam-client',
      v: 1,
      from: 'forger',
      userId,
      sid,
      type: 'profile',
      userInfo: freeUserInfo(),
      at: world.now() - 60 * S,
    });
  }
  await world.settle();
  await world.advance(3 * S, 50);
  return reads - before;
}

describe('review33: a burst of old profile messages heard during a read (AK-3)', () => {
  it('costs at most two reads (after f0df46dd it cost one per message: 51 for 50)', async () => {
    const n = await burst(50);
    expect(n).toBeLessThanOrEqual(2);
    expect(n).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
