import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { S, useWorld } from '../support/world';

// The client's memory of which login each token handed to the adapter belongs to (`logins`,
// machines/createPamClient.ts) names a login by its id (`sidOf`: a stored session of no login id,
// as a page of an older version wrote it, by its token; the session restored from it holds that id),
// never by its counter. Before (`sid ?? seq`), the restored id-less session's token was named by its
// counter and its refresh by the login id it was restored with: one login, two names. A request
// refused with that token because the session's own refresh rotated it meanwhile was then never
// sent again with the new token (the adapter takes the two for two logins): a live login's call
// failed with 401. Real sockets against the reference server; time simulated.

const world = useWorld();

describe('the tokens handed out are named by login id (sidOf), not counter', () => {
  it('a request sent with a restored id-less session’s token, refused after its refresh rotated it, goes again with the new token', async () => {
    const { email, password, id } = world.server.seed.plain;
    const r = await globalThis.fetch(`${world.server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: email, password }),
    });
    const first = ((await r.json()) as { access_token: string }).access_token;
    // As a page of an older version stored it: a counter, the player, no login id.
    const store = createMemoryTokenStore();
    store.set({
      accessToken: first,
      tokenType: 'Bearer',
      expiresAt: null,
      savedAt: world.now(),
      userId: id,
      seq: 1,
    });
    // The profile read waits at the test's gate before it reaches the server.
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let gated = false;
    const tab = world.open({
      tabId: 'tab-new',
      storage: store,
      channel: false,
      retry: 0,
      fetch: async (input, init) => {
        const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
        if (gated && path === '/auth/user-profile') {
          gated = false;
          await gate;
        }
        return world.fetch(input, init);
      },
    });
    await world.advance(2 * S, 100);
    expect(tab.client.view.status).toBe('signedIn');
    expect(await tab.token()).toBe(first);
    gated = true;
    const request = tab.client.auth.getUserProfile().then(
      () => 'answered',
      (e: { code?: string }) => e.code,
    );
    await world.advance(100, 50);
    // The session's own refresh rotates the token meanwhile; then the request reaches the server.
    tab.client.state.send({ type: 'REFRESH' } as never);
    for (let i = 0; i < 40 && (await tab.token()) === first; i++) await world.advance(50, 50);
    expect(await tab.token()).not.toBe(first);
    open();
    expect(await world.during(request)).toBe('answered');
    expect(tab.client.view.status).toBe('signedIn');
  }, 60_000);
});
