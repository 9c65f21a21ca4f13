// Review 123's class, found again by ./no-warnings.property (CI, seed -341054305): the refresh
// cycle's `readClock` (a custom action) read the one clock, which saw the wall clock stepped and told
// its listeners at once; the profile flow's listener stepped the session, whose `takeProfile` built
// `assign`/`sendTo`/`emit` while XState still marked a custom action as running, and XState's
// development build printed its "not imperative" warnings. Every machine's `readClock` now runs once
// its step is done (`afterStep`, machines/machine-setup.ts), as the play-time beat does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { H, logIn, MIN, S, useWorld } from '../support/world';

const world = useWorld();
const NOT_IMPERATIVE = /Custom actions should not call `\w+\(\)` directly/;
afterEach(() => vi.restoreAllMocks());

describe('review 123: a clock read by the refresh cycle prints no "not imperative" warning', () => {
  it('one tab, a time limit: +3 h, +3 h, 5 min, -3 h', async () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tab = world.open({ deviceClock: true, tabId: 'a1' });
    try {
      await logIn(world, tab, 'timeLimit');
      spy.mockClear();
      world.jump(3 * H);
      world.jump(3 * H);
      await world.advance(5 * MIN, 250);
      world.jump(-3 * H);
      await world.advance(20 * S, 250);
      expect(spy.mock.calls.map((c) => String(c[0])).filter((m) => NOT_IMPERATIVE.test(m))).toEqual([]);
      expect(tab.state()).toBe('signedIn');
    } finally {
      tab.client.stop();
    }
  });
});
