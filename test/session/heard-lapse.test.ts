import { describe, expect, it } from 'vitest';
import { H, MIN, S, twoFreeTabs, useWorld } from '../support/world';
import { BAR, free, pauseFromX } from './heard-support';

// TOKLAPSE29 (SS29-2's defect in token mode): another tab's change in flight heard for the login
// held (`inflight`) lapsed at its end counted from the profile flow's last time, not from when it
// was heard: an hour idle, it came an hour late; after the clock stepped back a minute, at once
// (free to bet while another tab's pause was on its way). Now from when it was heard. Two tabs of
// one login on real sockets and simulated time; a third tab, X, is a script on the channel.
// (The property: heard-lapse.property.test.ts.)

const world = useWorld();

describe('TOKLAPSE29: a heard change lapses 40 s (its bar) after it was heard, in token mode', () => {
  it.each([
    ['after an hour idle', H, 0],
    ['after the clock stepped back a minute', 5 * S, -MIN],
  ])(
    '%s',
    async (_, idle, step) => {
      const tabs = await twoFreeTabs(world);
      await world.advance(idle, MIN / 2);
      for (const t of tabs) expect(free(t)).toBe(true);
      world.jump(step);
      const seen: string[] = [];
      for (const [i, t] of tabs.entries())
        t.client.subscribe(() => free(t) && seen.push(`tab ${i} at ${world.now()}`));
      world.hub.channel().postMessage(pauseFromX(tabs[0], 'x1'));
      await world.settle();
      for (const t of tabs) expect(free(t)).toBe(false);
      await world.advance(BAR - 250, 250);
      // Barred from the word until its end (the old code, stepped back: free at once).
      expect(seen).toEqual([]);
      for (const t of tabs) expect(free(t)).toBe(false);
      await world.advance(500, 250);
      // Free at its end (the old code, an hour idle: still barred).
      for (const t of tabs) expect(free(t)).toBe(true);
    },
    60_000,
  );
});
