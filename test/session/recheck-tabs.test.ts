import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../machines/cross-tab-schema';
import { S, type Tab, twoFreeTabs, useWorld } from '../support/world';

// Review 5, D4 across tabs: a pause or self-exclusion accepted in one tab bars betting in the other
// tabs of that login as soon as they hear it (another tab's word may only tighten), until a read of
// their own shows it; a word for another login, or malformed, is not taken.

const world = useWorld();
const PROFILE = '/auth/user-profile';

const kinds = (t: Tab) => t.client.view.restrictions!.inForce.map((r) => r.kind);

describe('an accepted pause, told to the other tabs', () => {
  it("bars betting in the other tab before any read answers, until that tab's own read shows it", async () => {
    const [a, b] = await twoFreeTabs(world);
    const breaches: string[] = [];
    world.delayAnswers({ method: 'GET', path: PROFILE, ms: 3 * S, times: 2 });
    await a.client.user.setTimeoutLimits({
      user_pause: 7,
      reason: 1,
      password_check: world.server.seed.plain.password,
    });
    for (const [i, t] of [a, b].entries())
      t.client.subscribe((v) => {
        if (v.restrictions?.canBet) breaches.push(`tab ${i}`);
      });
    await world.settle();
    expect(b.client.view.restrictions).toMatchObject({ status: 'stale', canBet: false });
    expect(world.count('GET', PROFILE)).toBeGreaterThanOrEqual(2);
    await world.advance(3.2 * S);
    for (const t of [a, b]) {
      expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: false });
      expect(kinds(t)).toEqual(['pause']);
    }
    expect(breaches).toEqual([]);
  });

  it('a word for another player, or of another kind, changes nothing', async () => {
    const [a, b] = await twoFreeTabs(world);
    const { userId, sid } = sessionActorOf(b.client).getSnapshot().context as { userId: number; sid: number };
    const reads = world.count('GET', PROFILE);
    const post = (m: Record<string, unknown>) =>
      world.hub.channel().postMessage({ app: 'pam-client', v: 1, from: 'tab-x', type: 'restricted', ...m });
    post({ kind: 'pause', userId: userId + 1, sid }); // another player
    post({ kind: 'cancelled', userId, sid });
    await world.advance(2 * S);
    for (const t of [a, b])
      expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    expect(world.count('GET', PROFILE)).toBe(reads);
  });

  it('a pause told for another login of the same player bars the player held (a pause is the player’s)', async () => {
    const [a, b] = await twoFreeTabs(world);
    const { userId, sid } = sessionActorOf(b.client).getSnapshot().context as { userId: number; sid: number };
    world.hub.channel().postMessage({
      app: 'pam-client',
      v: 1,
      from: 'tab-x',
      type: 'restricted',
      kind: 'pause',
      userId,
      sid: sid + 1,
    });
    await world.advance(2 * S);
    for (const t of [a, b]) expect(t.client.view.restrictions?.canBet).toBe(false);
  });
});

describe('cross-tab schema: restricted', () => {
  const base = { app: 'pam-client', v: 1, from: 'tab-a', type: 'restricted', userId: 7, sid: 9 };
  it('takes a pause or a self-exclusion for a player and login, nothing else', () => {
    expect(parseMessage({ ...base, kind: 'pause' })).toEqual({
      type: 'restricted',
      from: 'tab-a',
      kind: 'pause',
      userId: 7,
      sid: 9,
    });
    expect(parseMessage({ ...base, kind: 'selfExclusion', extra: 1 })).toMatchObject({
      kind: 'selfExclusion',
    });
    for (const bad of [
      { ...base, kind: 'spaExclusion' },
      { ...base, kind: 'pause', userId: '7' },
      { ...base, kind: 'pause', sid: -1 },
      { ...base, kind: 'pause', sid: undefined },
    ])
      expect(parseMessage(bad)).toHaveProperty('refused');
  });
});
