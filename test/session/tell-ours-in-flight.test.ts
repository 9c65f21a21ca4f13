import { describe, expect, it } from 'vitest';
import { S, twoFreeTabs, useWorld } from '../support/world';
import { changesOf } from './in-flight-changes';

// REVIEW-25 R25-6: a signed-in tab that hears another login its own outranks tells its own again
// ("ours told", and since AK-1 also on another login's expiry): a tab that takes the login from
// that message must bar as the others do. It told the session alone, without the play clock and
// the changes in flight a sync answer carries, so a tab adopting from it showed canBet true while
// the pause of the login it took was on its way. Now it is told as a sync answer is.

const world = useWorld();
const CHANGES = changesOf(world);

describe.each(Object.entries(CHANGES))('a %s in flight, ours told again', (_kind, change) => {
  it('carries the change in flight (kind, id, the rest of its lapse)', async () => {
    const [a] = await twoFreeTabs(world);
    world.delayAnswers({ path: change.path, ms: 20 * S, times: 1 });
    void change.send(a).catch(() => {});
    await world.settle();
    const [inflight] = world.hub.sent.filter((m) => (m as { type?: string }).type === 'inflight') as Array<{
      id: string;
      kind: string;
    }>;
    expect(inflight).toBeDefined();
    const before = world.hub.sent.length;
    // Another login that A's outranks (counted below it): A tells its own again.
    world.hub.channel().postMessage({
      app: 'pam-client',
      v: 1,
      from: 'other-tab',
      type: 'session',
      reason: 'sync',
      session: {
        accessToken: 'tok_other_login_0123456789',
        tokenType: 'Bearer',
        expiresAt: null,
        savedAt: 1,
        userId: 1,
        seq: 0,
        sid: 1,
      },
      user: null,
    });
    await world.advance(1 * S, 250);
    const told = world.hub.sent
      .slice(before)
      .filter(
        (m) =>
          (m as { type?: string; from?: string }).type === 'session' &&
          (m as { from?: string }).from === 'tab-a',
      ) as Array<{
      inflight?: { id: string; kind: string; ms: number }[];
    }>;
    expect(told.length).toBeGreaterThan(0);
    expect(told.at(-1)!.inflight).toEqual([
      expect.objectContaining({ id: inflight!.id, kind: inflight!.kind }),
    ]);
  });
});
