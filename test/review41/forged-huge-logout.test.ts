// Review 41 (a): a forged logout naming the held login with a counter out of reach (past
// COUNTER_WINDOW, which the schema accepts up to 2^48). Before fa2b9f8c the sign-out it made was
// kept at the tab's own counter; now it is kept at the forged counter (`forgotten`'s `p.seq`), which
// `heardOf` would never have taken (`isPlausible`). The tab then refuses every login of another tab
// (`canAdopt`: not counted above 2^48): the player logs in again in tab A, tab B stays signed out.
import { describe, expect, it } from 'vitest';
import { MAX_SESSION_COUNTER } from '../../machines/cross-tab';
import { draws, grantsOf, runFor } from '../session/revoke-support';
import { logIn, S, useWorld } from '../support/world';
import { forge, look } from './support';

const world = useWorld();

describe('review41: a forged logout of the held login at a counter out of reach', () => {
  it('does not leave the tab refusing the next login of another tab', async () => {
    const g = grantsOf(world);
    const a = g.open({ tabId: 'tab-a', environment: { random: draws(0.3) } });
    const b = g.open({ tabId: 'tab-b', environment: { random: draws(0.6) } });
    await world.settle();
    await logIn(world, a);
    await runFor(world, 2 * S);
    expect(b.client.view.status).toBe('signedIn');
    const sid = look(b).sid;
    forge(world.hub, { type: 'signedOut', at: world.now(), seq: MAX_SESSION_COUNTER, sid, reason: 'logout' });
    await runFor(world, 2 * S);
    // (A forged word of the held login ends it, before and after the commit: not the point here.)
    expect([a, b].map((t) => t.client.view.status)).toEqual(['signedOut', 'signedOut']);
    // The player logs in again in tab A: tab B takes it.
    await logIn(world, a);
    await runFor(world, 5 * S);
    expect(a.client.view.status).toBe('signedIn');
    expect(b.client.view.status, JSON.stringify(look(b))).toBe('signedIn');
    expect(await b.token()).toBe(await a.token());
  }, 60_000);
});
