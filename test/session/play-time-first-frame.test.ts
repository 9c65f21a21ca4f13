import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';

// REVIEW-L 3 (eleventh pass): with the play-time flow, the view taken right after the first
// profile read showed `canBet: true` for a player with an active time limit, before the play-time
// child had counted (`view.playTime` still null): one frame, in the same millisecond, then barred
// when the limit allowed nothing. Until play time is counted for an active time limit, it is not
// known: `canBet` false with `playTimeUnknown` (fail closed), in every frame an app can see.

const world = useWorld();

describe('no frame shows a time-limited player free to bet before play time is counted', () => {
  it('every view after sign-in: canBet true only once play time is counted', async () => {
    const tab = world.open({ tabId: 'tab-a', channel: false });
    const seen: { canBet: boolean; active: boolean; counted: boolean; unknown: boolean }[] = [];
    tab.client.subscribe((view) => {
      const r = view.restrictions;
      if (r)
        seen.push({
          canBet: r.canBet,
          active: r.limits.time.active,
          counted: view.playTime !== null,
          unknown: r.playTimeUnknown === true,
        });
    });
    await logIn(world, tab, 'timeLimit');
    await world.advance(2 * S);
    // The player is free to bet once counted (a minute a day, none used yet) ...
    expect(tab.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    expect(seen.some((v) => v.active)).toBe(true);
    // ... and never before.
    expect(seen.filter((v) => v.active && !v.counted && v.canBet)).toEqual([]);
    expect(seen.filter((v) => v.active && !v.counted).every((v) => v.unknown)).toBe(true);
  });
});
