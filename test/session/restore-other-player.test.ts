import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { H, MIN, S, storedSession, useWorld } from '../support/world';

// REVIEW-AN AN-2: a stored session whose `userId` is not its token's player (a hostile or garbled
// `pam-client.session`: player 1's live token with `userId: 4`) restored to `signedIn` with no
// `user`, restrictions unknown, canBet false, no `view.error`, forever, the profile read again
// every ~5 min. The restore's first profile read shows another player than the record: the
// session ends (signed out, the record cleared, a typed `invalid_response` in view.error), never an
// endless signed-in view of no player. Real sockets against the reference server; time simulated.

const world = useWorld();

const reads = () => world.count('GET', '/auth/user-profile');

describe('a restored record naming another player than its token’s ends (REVIEW-AN AN-2)', () => {
  it.each([
    ['another seed player', 4],
    ['no such player', 999],
  ])('userId of %s: signed out at its first read, the record cleared, a typed error', async (_l, userId) => {
    const storage = createMemoryTokenStore();
    const token = world.server.issueToken(world.server.seed.plain.id);
    await storage.set({ ...storedSession(token, world.now()), userId, seq: 1, sid: 42 } as never);
    const before = reads();
    const tab = world.open({ tabId: 'tab-a', storage });
    const seen: string[] = [];
    tab.client.subscribe((v) => {
      seen.push(`${v.status}:${v.user?.id ?? '-'}:${v.restrictions?.canBet ?? '-'}`);
    });
    await world.advance(10 * S, 100);
    expect(tab.client.view.status).toBe('signedOut');
    expect(tab.client.view.error).toMatchObject({ code: 'invalid_response' });
    expect(tab.client.view.restrictions?.canBet ?? false).toBe(false);
    expect(await storage.get()).toBeNull();
    // Never a view that lets the player bet on the way.
    expect(seen.filter((s) => s.endsWith(':true'))).toEqual([]);
    // No read storm afterwards: nothing more is read while signed out.
    const after = reads();
    expect(after - before).toBeLessThanOrEqual(2);
    await world.advance(24 * H, 10 * MIN);
    expect(reads()).toBe(after);
    expect(tab.client.view.status).toBe('signedOut');
  });

  it('the record of the token’s own player restores as ever (control)', async () => {
    const storage = createMemoryTokenStore();
    const token = world.server.issueToken(world.server.seed.plain.id);
    await storage.set({ ...storedSession(token, world.now()), userId: 1, seq: 1, sid: 42 } as never);
    const tab = world.open({ tabId: 'tab-a', storage });
    await world.advance(10 * S, 100);
    expect(tab.client.view).toMatchObject({ status: 'signedIn', user: { id: 1 }, error: null });
    expect(tab.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  });
});
