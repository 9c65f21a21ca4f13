// Review 123, HOLDS: the actions XState warns about in ./custom-action-warnings.defect.test.ts are
// built inside `actionsOf`'s resolve (session/events.ts), not executed imperatively: the session's
// context takes the profile datum they carry (`assign`) and the app hears it (`emit`). Not a no-op;
// only the print is wrong.
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { H, logIn, S, useWorld } from '../support/world';

const world = useWorld();
type Ctx = { restrictions: unknown };

describe('review 123: the warned actions still apply', () => {
  it('after a wall-clock step, the session holds the restrictions it told the app', async () => {
    const tab = world.open({ deviceClock: true, tabId: 'tab-a' });
    const told: unknown[] = [];
    tab.client.on('restrictionsChanged', (e) => told.push(e.restrictions));
    await logIn(world, tab, 'timeLimit');
    await world.advance(10 * S, 250);
    const before = told.length;
    world.jump(3 * H);
    await world.advance(70 * S, 250);
    expect(told.length).toBeGreaterThan(before);
    const held = (sessionActorOf(tab.client).getSnapshot().context as Ctx).restrictions;
    expect(held).toEqual(told.at(-1));
  });
});
