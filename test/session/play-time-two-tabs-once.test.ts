import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';

// REVIEW-AB AB-1: two open tabs with no `localStorage` told each other their play clocks, and each
// counted the time since its own last beat again on top of the heard count: the `timeLimit` seed
// account (1 minute a day) was barred after about 33 s of wall time with two tabs open. Each
// minute is counted once: with both tabs open the count follows the wall time.

const world = useWorld();

describe('play time in two open tabs without localStorage', () => {
  it('counts the wall time once, in both tabs', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    await logIn(world, a, 'timeLimit');
    const b = world.open({ tabId: 'tab-b', random: 0.6 });
    await world.advance(3 * S, S);
    expect(b.state()).toBe('signedIn');
    const start = world.now() - 3 * S;
    for (let i = 0; i < 9; i++) {
      await world.advance(5 * S, S);
      const wall = world.now() - start;
      for (const tab of [a, b]) {
        const used = tab.client.view.playTime?.usedMs ?? Number.NaN;
        expect(used).toBeLessThanOrEqual(wall + S);
      }
    }
    // 48 s of wall time, under the minute: neither tab bars the player yet.
    for (const tab of [a, b]) {
      expect(tab.client.view.playTime?.usedMs).toBeGreaterThanOrEqual(48 * S - 16 * S);
      expect(tab.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    }
  });
});
