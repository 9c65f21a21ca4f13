// Review 145: the play clock (`pam-client.play-time:<id>` in `localStorage`) is keyed by the
// player's id only. Player 8 of API A plays past a one-minute daily time limit; player 8 of API B
// (another person, another operator, same origin and page) signs in and has played nothing there,
// yet is shown past the limit and barred from betting at once: A's count is B's.
// Left open (sixty-first pass, a decision): see ./two-apis-accepted.defect.test.ts. `it.fails`.
import { describe, expect, it } from 'vitest';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { useReferenceServer } from '../support/server';
import { S, useWorld } from '../support/world';

const world = useWorld();
const other = useReferenceServer({ now: () => world.now() });
useMemoryLocalStorage();

describe('review 145: the play clock of API A is not the play clock of API B', () => {
  it.fails("B's player 8, fresh, is not past the limit A's player 8 reached", async () => {
    const a = world.open({ tabId: 'tab-a', channel: false });
    const seedA = world.server.seed.timeLimit;
    a.client.login({ login: seedA.email, password: seedA.password });
    await world.advance(3 * S);
    expect(a.client.view.playTime).not.toBeNull();
    await world.advance(70 * S, 500);
    expect(a.client.view.playTime).toMatchObject({ reached: true });
    a.client.logout();
    await world.advance(2 * S);

    const b = world.open({ tabId: 'tab-b', channel: false, baseURL: other.server.url });
    const seedB = other.server.seed.timeLimit;
    b.client.login({ login: seedB.email, password: seedB.password });
    await world.advance(3 * S);
    expect(b.state()).toBe('signedIn');
    expect(b.client.view.user?.id).toBe(seedA.id); // same id, another operator's player
    expect(b.client.view.restrictions?.status).toBe('current');
    expect(b.client.view.playTime?.usedMs).toBeLessThan(10 * S);
    expect(b.client.view.playTime).toMatchObject({ reached: false });
    expect(b.client.view.restrictions?.canBet).toBe(true);
  });
});
