import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { S, useWorld } from '../support/world';

// LOGREAD30: tab B's own logout, and player 2 signed in in tab A (one store for both, as the
// browser's) while B's revoke is on its way. The store once B is signed out still holds player 2's
// session (REVIEW-I i5: a tab signing out never clears a newer login another tab stored), and A is
// still signed in, its login never revoked.

const world = useWorld();

describe("a tab's logout and a login of another tab while its revoke is answered", () => {
  it('leaves the other login in the store, signed in', async () => {
    const store = createMemoryTokenStore();
    const b = world.open({ tabId: 'tab-b', random: 0.6, storage: store });
    const a = world.open({ tabId: 'tab-a', random: 0.3, storage: store });
    await world.advance(100, 50);
    b.client.login({ login: world.server.seed.plain.email, password: world.server.seed.plain.password });
    for (let i = 0; i < 100 && b.state() !== 'signedIn'; i++) await world.advance(50, 50);
    await world.advance(2 * S, 100);
    expect([a.state(), b.state()]).toEqual(['signedIn', 'signedIn']);
    // B's revoke answered 500 ms after it left; player 2 signs in in A meanwhile.
    world.delayAnswers({ method: 'POST', path: '/auth/logout', ms: 500, times: 1 });
    const from = world.server.requests.length;
    b.client.logout();
    await world.advance(100, 50);
    const { email, password } = world.server.seed.pendingLimit;
    a.client.login({ login: email, password });
    for (let i = 0; i < 100 && a.client.view.user?.id !== world.server.seed.pendingLimit.id; i++)
      await world.advance(50, 50);
    const two = (await store.get())?.accessToken;
    await world.advance(3 * S, 100);
    const revoked = world.server.requests
      .slice(from)
      .filter((r) => r.path === '/auth/logout')
      .map((r) => r.headers.authorization);
    expect({
      a: a.state(),
      stored: (await store.get())?.accessToken,
      revoked: revoked.includes(`Bearer ${two}`),
    }).toEqual({
      a: 'signedIn',
      stored: two,
      revoked: false,
    });
  });
});
