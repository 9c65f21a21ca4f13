// Review 129, HOLDS: two tabs of one login kept signed in for weeks of simulated time (a refresh
// every ~6 h, ~7 h steps, focus reads between), then 60 more refreshes: no Map, Set or array of
// the client's code (vault, held tokens and their scrubbers, the adapter's login map, the tabs'
// claims, the store's `gone` ids) grows with them, nor the timers or listeners (./tracker.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { H, MIN, Rig } from './rig';
import { census, grown, track, untrack } from './tracker';

beforeAll(track);
afterAll(untrack);

describe('review 129: weeks signed in', () => {
  it('60 more refreshes (weeks) hold nothing more', async () => {
    const rig = new Rig();
    const a = rig.open('tab-a', { timeout: 5000, retry: 0 });
    const b = rig.open('tab-b', { timeout: 5000, retry: 0 });
    await rig.logIn(a);
    let refreshes = 0;
    const offs = [a, b].map((t) => t.client.on('tokenRefreshed', () => refreshes++));
    const day = async () => {
      await rig.advance(7 * H, MIN);
      a.page.fireFocus();
      b.page.fireFocus();
      await rig.settle();
    };
    for (let i = 0; i < 20; i++) await day();
    const c1 = await census();
    const r1 = refreshes;
    const timers = (rig.clock as unknown as { timeouts: Map<unknown, unknown> }).timeouts.size;
    for (let i = 0; i < 60; i++) await day();
    const c2 = await census();
    expect(refreshes - r1).toBeGreaterThanOrEqual(60); // the control: it refreshed
    expect([a.state(), b.state()]).toEqual(['signedIn', 'signedIn']);
    expect(grown(c1, c2, 20)).toEqual({});
    expect((rig.clock as unknown as { timeouts: Map<unknown, unknown> }).timeouts.size).toBe(timers);
    for (const off of offs) off();
    rig.stop();
  }, 300_000);
});
