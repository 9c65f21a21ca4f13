// Review 116, DEFECT: an active time limit of 0 (minutes a period: no play at all) leaves the player
// free to bet wherever the play-time flow does not run: `restrictionsOf` (the public pure reading an
// app bars on: "if (!r.canBet) ...") answers `canBet: true` with nothing in force, and so does the
// view of a client with the profile flow and not the play-time flow. A bet or loss limit of 0 bars
// (`betLimitZero` / `lossLimitZero`); a time limit of 0 allows no play either, and needs no count
// of play time to say so (0 played already reaches 0).
import { restrictionsOf } from 'pam-client';
import { createCustomPamClient, profile, tabs } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();
const AT = Date.UTC(2030, 0, 1, 15); // midday in São Paulo

/** A profile with every restriction field answered and nothing in force, but `time` set as given. */
const userInfo = (time: number) => ({
  user_pause: 0,
  user_exclusion: 0,
  operator_exclusion: 0,
  spa_exclusion: 0,
  ...Object.fromEntries(
    ['deposit', 'bet', 'loss'].flatMap((k) => [
      [`user_limit_${k}`, 100],
      [`user_limit_${k}_active`, 1],
      [`user_limit_${k}_period`, 'daily'],
    ]),
  ),
  user_limit_time: time,
  user_limit_time_active: 1,
  user_limit_time_period: 'daily',
});

describe('review 116: an active time limit of 0 bars betting', () => {
  it('restrictionsOf: a time limit of 0 is not free to bet', () => {
    expect(restrictionsOf(userInfo(60), AT).canBet).toBe(true); // the control: a limit of 60 min
    const r = restrictionsOf(userInfo(0), AT);
    expect(r.known).toBe(true);
    expect(r.canBet).toBe(false);
  });

  it('the view of a client without the play-time flow: a time limit of 0 is not free to bet', async () => {
    // The player sets a time limit of 0 (stricter: applied at once) in a full client, then leaves it.
    const setter = world.open({ tabId: 'setter', channel: false });
    await logIn(world, setter);
    await world.during(
      setter.client.user.updateLimits({
        user_limit_time: 0,
        user_limit_time_active: 1,
        user_limit_time_period: 'daily',
      }),
    );
    setter.client.stop();
    // The app's client: sessions, tabs and restrictions, no play-time flow.
    const client = createCustomPamClient({
      baseURL: world.server.url,
      fetch: world.fetch,
      timeout: 10_000,
      flows: [tabs(), profile()],
      environment: { now: world.now, timers: world.clock, channel: world.hub.channel(), tabId: 'tab-t' },
    });
    world.tabs.push({ client } as never);
    const { email, password } = world.server.seed.plain;
    client.login({ login: email, password });
    await world.advance(5 * S, 250);
    expect(client.view.status).toBe('signedIn');
    expect(client.view.restrictions).toMatchObject({ status: 'current' });
    expect(client.view.restrictions?.limits.time).toMatchObject({ amount: 0, active: true });
    expect(client.view.restrictions?.canBet).toBe(false);
  });

  it('holds: with the play-time flow (createPamClient) a time limit of 0 is not free to bet', async () => {
    const setter = world.open({ tabId: 'setter-2', channel: false });
    await logIn(world, setter);
    await world.during(
      setter.client.user.updateLimits({
        user_limit_time: 0,
        user_limit_time_active: 1,
        user_limit_time_period: 'daily',
      }),
    );
    await world.advance(5 * S, 250);
    expect(setter.client.view.restrictions?.limits.time).toMatchObject({ amount: 0, active: true });
    expect(setter.client.view.restrictions?.canBet).toBe(false);
  });
});
