// Review 134: `tookBack` (machines/session/refresh.ts) stores the refreshed session when the
// stopped client's answer lands. A hot reload / remount opens the next client on the same store at
// once, BEFORE that answer: it restores the token that was sent (the server already rotated it).
// Then the late answer writes the new token to the store under the new client.
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { H, logIn, MIN, S, useWorld } from '../support/world';

const world = useWorld();

describe('review 134: the next client opened before the stopped one’s refresh answer', () => {
  // Left (MEDIUM, fifty-ninth pass; not a regression: before review 131's fix this page was signed
  // out too): the page opened before the stopped client's late refresh answer restores the token
  // the server rotated away, and its 401 is final before that answer is stored (`tookBack`). Next:
  // a refresh's 401 waits for (or re-reads the store after) a stopped client's answer in flight on
  // the same store, then takes the newer session of the login (`newerOwn`).
  it('stays signed in after its first read', async () => {
    const store = createMemoryTokenStore();
    const a = world.open({ tabId: 'tab-a', channel: false, storage: store, retry: 0 });
    await logIn(world, a);
    world.delayAnswers({ method: 'POST', path: '/users/refresh-token', ms: 4 * S, times: 1 });
    const refreshes = () => world.count('POST', '/users/refresh-token');
    await world.advance(5 * H + 55 * MIN, 5 * MIN);
    for (let i = 0; i < 400 && refreshes() === 0; i++) await world.advance(1 * S, S);
    expect(refreshes()).toBe(1); // the control: the refresh reached the server (it rotated)
    a.client.stop();
    // The remount: a new client on the same store, at once.
    const b = world.open({ tabId: 'tab-a', channel: false, storage: store, retry: 0 });
    await world.advance(10 * S, S); // a's answer lands meanwhile
    await b.client.user.getAddress().catch(() => undefined);
    await world.advance(10 * S, S);
    await b.client.user.getAddress().catch(() => undefined);
    await world.advance(10 * S, S);
    expect(b.events).not.toContain('sessionExpired');
    expect(b.state()).toBe('signedIn');
  });
});
