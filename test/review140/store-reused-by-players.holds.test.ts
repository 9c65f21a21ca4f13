// Review 140: what is kept per token store now (review 135: the accepted records, the play clock)
// outlives a client, so a store reused by another player after a sign-out (a shared device, a
// remount between) must keep each player's own: the next player is never shown the first's pause,
// and the first, back on a later client of the same store, is still barred against a lagging read.
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { profileRewritingFetch } from '../support/profile-rewriting-fetch';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();

describe('review 140: one token store, players in turn, clients in turn', () => {
  it('a pause accepted by one player is kept for that player only', async () => {
    let who = 'plain'; // the player the profile reads are for (the page's own knowledge)
    let before: Record<string, unknown> | null = null;
    let lag = false;
    const fetch = profileRewritingFetch(world.fetch, (u) => {
      if (who !== 'plain') return;
      before ??= Object.fromEntries(Object.entries(u).filter(([k]) => /^user_(pause|exclusion)/.test(k)));
      if (lag) Object.assign(u, before);
    });
    const store = createMemoryTokenStore();
    const a = world.open({ tabId: 'tab-a', channel: false, storage: store, fetch });
    await logIn(world, a);
    await world.advance(2 * S);
    expect(before).not.toBeNull(); // the control: the plain player's first read was seen
    await world.during(
      a.client.user.setTimeoutLimits({
        user_pause: 3,
        reason: 1,
        password_check: world.server.seed.plain.password,
      }),
    );
    await world.advance(3 * S);
    expect(a.client.view.restrictions?.canBet).toBe(false);
    a.client.logout();
    await world.advance(2 * S);
    a.client.stop();
    // Another player on the same store, in the next client.
    who = 'pendingLimit';
    const b = world.open({ tabId: 'tab-a', channel: false, storage: store, fetch });
    await logIn(world, b, 'pendingLimit');
    await world.advance(3 * S);
    expect(b.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    expect(b.client.view.restrictions?.inForce.map((x) => x.kind) ?? []).not.toContain('pause');
    b.client.logout();
    await world.advance(2 * S);
    b.client.stop();
    // The first player again, a third client, every profile read lagging from before the pause.
    lag = true;
    who = 'plain';
    const c = world.open({ tabId: 'tab-a', channel: false, storage: store, fetch });
    await logIn(world, c);
    await world.advance(3 * S);
    expect(c.client.view.restrictions?.canBet).not.toBe(true);
    expect(c.client.view.restrictions?.inForce.map((x) => x.kind)).toContain('pause');
  });
});
