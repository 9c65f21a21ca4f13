import { describe, expect, it } from 'vitest';
import { logIn, MIN, S, useWorld } from '../support/world';

// Review X-2: time signed in before the first profile read answered was never counted: the play
// clock began at the read that brought the limit. The `timeLimit` seed account has 1 minute a day;
// signed in 30 minutes while the first read was slow (or failed, then answered), the player was
// shown `usedMs` 0 and free to bet. Play time is counted from sign-in, the limit known or not.

const world = useWorld();

describe('time signed in before the first profile read counts against the time limit', () => {
  it('a first read answering after 30 minutes finds the minute used: barred', async () => {
    world.delayAnswers({ path: '/auth/user-profile', ms: 30 * MIN, times: 1 });
    const tab = world.open({ channel: false });
    await logIn(world, tab, 'timeLimit');
    await world.advance(30 * MIN + 2 * S, 1000);
    const { playTime, restrictions } = tab.client.view;
    expect(restrictions).toMatchObject({ status: 'current', canBet: false, timeLimitReached: true });
    expect(playTime?.usedMs).toBeGreaterThanOrEqual(30 * MIN - 30 * S);
    expect(playTime?.reached).toBe(true);
  });

  it('a first read failing with a 500, then answering, finds the time used: barred', async () => {
    // The 500 comes after 15 minutes, the read after it answers 15 minutes later.
    world.server.faults.add({ path: '/auth/user-profile', status: 500, times: 1 });
    world.delayAnswers({ path: '/auth/user-profile', ms: 15 * MIN, times: 2 });
    const tab = world.open({ channel: false, retry: 0 });
    await logIn(world, tab, 'timeLimit');
    await world.advance(16 * MIN, 1000);
    expect(world.count('GET', '/auth/user-profile')).toBe(2);
    expect(tab.client.view.restrictions).toMatchObject({ canBet: false });
    await world.advance(15 * MIN, 1000);
    const { playTime, restrictions } = tab.client.view;
    expect(restrictions).toMatchObject({ status: 'current', canBet: false, timeLimitReached: true });
    expect(playTime?.usedMs).toBeGreaterThanOrEqual(30 * MIN - 30 * S);
  });
});
