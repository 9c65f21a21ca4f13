// Review 116 probes: a restriction set in one tab while another tab's profile read is on its way
// (its answer, made before the change, arriving after it), and a tab that takes another player's
// login while its previous player's read is on its way. None may show the player free.
import { describe, expect, it } from 'vitest';
import { H, logIn, MIN, S, twoFreeTabs, useWorld } from '../support/world';

const world = useWorld();
const PROFILE = '/auth/user-profile';

describe('review 116: a change in one tab while the other reads', () => {
  it('a self-exclusion set in tab A is kept by tab B over its older, free answer', async () => {
    const [a, b] = await twoFreeTabs(world);
    const { password } = world.server.seed.plain;
    // B reads (after a deposit limit change); its answer is made now and held 30 s.
    world.delayAnswers({ method: 'GET', path: PROFILE, ms: 30 * S, times: 1 });
    b.client.user.updateLimits({ user_limit_deposit: 900, user_limit_deposit_active: 1 }).catch(() => {});
    await world.advance(2 * S);
    await world.during(
      a.client.user.setSelfExclusion({ user_exclusion: 3, reason: 1, password_check: password }),
    );
    await world.advance(40 * S, S);
    for (const t of [a, b])
      expect(t.client.view.restrictions).toMatchObject({ canBet: false, accountBlocked: true });
    await world.advance(2 * H, MIN);
    for (const t of [a, b])
      expect(t.client.view.restrictions).toMatchObject({ canBet: false, accountBlocked: true });
  });

  it('a bet limit of 0 set in tab A bars tab B over its older answer with no limit', async () => {
    const [a, b] = await twoFreeTabs(world);
    world.delayAnswers({ method: 'GET', path: PROFILE, ms: 30 * S, times: 1 });
    b.client.user.updateLimits({ user_limit_deposit: 900, user_limit_deposit_active: 1 }).catch(() => {});
    await world.advance(2 * S);
    await world.during(
      a.client.user.updateLimits({
        user_limit_bet: 0,
        user_limit_bet_active: 1,
        user_limit_bet_period: 'daily',
      }),
    );
    await world.advance(40 * S, S);
    for (const t of [a, b]) {
      expect(t.client.view.restrictions?.canBet).toBe(false);
      expect(t.client.view.restrictions?.inForce.map((r) => r.kind)).toContain('betLimitZero');
    }
  });

  it('a pause set in tab A while tab B is closed bars B when it opens again', async () => {
    const [a, b] = await twoFreeTabs(world);
    const { password } = world.server.seed.plain;
    b.client.stop();
    world.delayAnswers({ method: 'GET', path: PROFILE, ms: 20 * S, times: 2 });
    await world.during(
      a.client.user.setTimeoutLimits({ user_pause: 1, reason: 1, password_check: password }),
    );
    const c = world.open({ tabId: 'tab-c', random: 0.7 });
    for (let i = 0; i < 40; i++) {
      await world.advance(S, S);
      expect(c.client.view.restrictions?.canBet).toBe(false);
    }
  });

  it("a tab that takes another player's login never shows that player by the first player's answer", async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    const b = world.open({ tabId: 'tab-b', random: 0.6 });
    await logIn(world, a);
    await world.advance(2 * S);
    // B's next read (of the plain player) answers late; meanwhile A signs in as the self-excluded one.
    world.delayAnswers({ method: 'GET', path: PROFILE, ms: 15 * S, times: 1 });
    b.client.user.updateLimits({ user_limit_deposit: 900, user_limit_deposit_active: 1 }).catch(() => {});
    await world.advance(S);
    a.client.logout();
    await world.advance(2 * S);
    await logIn(world, a, 'selfExcluded');
    const freed: string[] = [];
    const excluded = world.server.seed.selfExcluded.id;
    for (let i = 0; i < 120; i++) {
      await world.advance(250, 250);
      for (const [name, t] of [
        ['a', a],
        ['b', b],
      ] as const) {
        const v = t.client.view;
        freed.push(...(v.user?.id === excluded && v.restrictions?.canBet ? [`${name}@${i}`] : []));
      }
    }
    expect(freed).toEqual([]);
    expect(b.client.view.user?.id).toBe(world.server.seed.selfExcluded.id);
    expect(b.client.view.restrictions).toMatchObject({ canBet: false, accountBlocked: true });
  });
});
