// Review 145 (holds): two players one after the other on one client and one `localStorage`.
// Player 1's accepted pause and step-up lock are not applied to player 7; player 7's session (a
// right step-up password, a free profile) neither lifts nor shortens player 1's: player 1, back
// with a read that lags behind the pause, is still barred and still locked.
import type { ReferenceServer } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { profileRewritingFetch } from '../support/profile-rewriting-fetch';
import { restrictionChanges } from '../support/restriction-changes';
import { logIn, S, type Tab, useWorld } from '../support/world';

const world = useWorld();
const storage = useMemoryLocalStorage();
const CHANGES = restrictionChanges(world);

const passwordsSent = (server: ReferenceServer) =>
  server.requests.filter((r) => r.body && typeof r.body === 'object' && 'password_check' in r.body).length;
const change = (tab: Tab, password: string, n: number) =>
  world.during(
    tab.client.user.updateEmail({ email: `x${n}@example.com`, password_check: password }).then(
      () => 'ok',
      (e: { code?: string }) => e.code ?? 'unknown',
    ),
    100,
  );

describe('review 145: player 1 then player 7 then player 1 on one client', () => {
  it('nothing of one reaches the other; player 1 is still barred and locked', async () => {
    let lag = false;
    let before: Record<string, unknown> | null = null;
    const fetch = profileRewritingFetch(world.fetch, (u) => {
      before ??= Object.fromEntries(Object.entries(u).filter(([k]) => /^user_(pause|exclusion)/.test(k)));
      if (lag) Object.assign(u, before);
    });
    const t = world.open({ tabId: 'tab-a', channel: false, fetch });
    await logIn(world, t, 'plain');
    await world.advance(2 * S);
    await world.during(CHANGES.pause(t));
    for (let i = 0; i < 3; i++) expect(await change(t, 'wrong-Passw0rd', i)).not.toBe('ok');
    expect(await change(t, 'wrong-Passw0rd', 3)).toBe('step_up_locked');
    expect(t.client.view.restrictions?.canBet).toBe(false);
    const kept = storage.keys().filter((k) => k.startsWith('pam-client.'));
    t.client.logout();
    await world.advance(2 * S);

    await logIn(world, t, 'pendingLimit');
    await world.advance(3 * S);
    expect(t.client.view.user?.id).toBe(world.server.seed.pendingLimit.id);
    expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    expect(t.client.view.restrictions?.inForce).toEqual([]);
    expect(await change(t, world.server.seed.pendingLimit.password, 4)).toBe('ok');
    t.client.logout();
    await world.advance(2 * S);
    expect(storage.keys()).toEqual(expect.arrayContaining(kept));

    lag = true; // player 1's next reads lag behind the pause
    await logIn(world, t, 'plain');
    await world.advance(3 * S);
    expect(t.client.view.user?.id).toBe(world.server.seed.plain.id);
    expect(t.client.view.restrictions?.canBet).toBe(false);
    expect(t.client.view.restrictions?.inForce.map((x) => x.kind)).toContain('pause');
    const sent = passwordsSent(world.server);
    expect(await change(t, 'wrong-Passw0rd', 5)).toBe('step_up_locked');
    expect(passwordsSent(world.server)).toBe(sent);
  });
});
