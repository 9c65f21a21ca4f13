// Review 136 (holds): two live clients on one token store with no channel (two micro-frontends of
// one page). A signs out and in as another (paused) player. B, still showing the first player,
// never sends the other player's token (its calls are refused as `unauthorized`), never shows the
// other player's data, ends signed out, and does not end A's login (its logout names its own token).
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { logIn, MIN, S, useWorld } from '../support/world';

const world = useWorld();
const bearer = (t: string | null) => `Bearer ${t}`;

describe('review 136: two live clients of one store, one signs in as another player', () => {
  it('B never uses nor shows the other player, and leaves A signed in', async () => {
    const storage = createMemoryTokenStore();
    const a = world.open({ tabId: 'tab-a', channel: false, storage });
    await logIn(world, a);
    const bSent: string[] = [];
    const bFetch: typeof fetch = (input, init) => {
      const h = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      bSent.push(h.get('authorization') ?? '');
      return world.fetch(input, init);
    };
    const b = world.open({ tabId: 'tab-b', channel: false, storage, fetch: bFetch });
    await world.advance(3 * S);
    expect(b.state()).toBe('signedIn');
    const users = new Set<unknown>();
    b.client.subscribe((v) => users.add((v as { user?: { id?: number } }).user?.id));
    a.client.logout();
    await world.advance(3 * S);
    await logIn(world, a, 'paused');
    await world.advance(3 * S);
    const other = await a.token();
    expect(other).not.toBeNull();
    b.page.setHidden(true);
    await world.advance(S);
    b.page.setHidden(false);
    b.page.fireFocus();
    await world.advance(2 * MIN, 500);
    const address = await world.during(
      b.client.user.getAddress().then(
        () => 'ok',
        (e: { code?: string }) => e.code,
      ),
    );
    expect(address).toBe('unauthorized');
    await world.advance(20 * MIN, 5 * S);
    expect(bSent.length).toBeGreaterThan(0);
    expect(bSent).not.toContain(bearer(other));
    expect(b.state()).toBe('signedOut');
    expect([...users]).not.toContain(world.server.seed.paused.id);
    expect(a.state()).toBe('signedIn');
    expect(await a.token()).toBe(other);
    expect(a.client.view.restrictions?.canBet).toBe(false);
  });
});
