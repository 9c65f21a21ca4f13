import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { logIn, useWorld } from '../support/world';
import { beginWalk } from './walk';

// A walk (`npm run walks` counts the files it runs): a signed-out tab hears over the channel that
// another tab logged in, and adopts that session. The other tab's login is set-up: its messages are
// held until it is done, so the window holds the hearing and the adopting.

const world = useWorld();

describe("walk: another tab's login", () => {
  it('a signed-out tab hears the login over the channel and adopts the session', async () => {
    const a = world.open({ tabId: 'tab-a' });
    const b = world.open({ tabId: 'tab-b' });
    await world.settle();
    world.hub.hold();
    await logIn(world, b);
    await world.settle();
    expect(a.events).toEqual([]);

    const walk = await beginWalk();
    world.hub.release();
    await until(() => a.events.includes('signedIn'), 'tab a signed in');
    await world.settle();
    await walk.end();

    expect(await a.token()).toBe(await b.token());
    expect(world.count('POST', '/auth/login')).toBe(1);
    expect(a.events).toEqual(['signedIn']);
  });
});
