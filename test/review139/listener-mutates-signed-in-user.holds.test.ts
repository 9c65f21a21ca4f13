import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';

// The `signedIn` event's `user` is the session's own object: a listener's write to it is refused
// (frozen) or changes nothing the view shows.

const world = useWorld();

describe('a client.on listener that writes to signedIn.user (review 139)', () => {
  it("writing to the event's user does not change the user the view shows", async () => {
    const tab = world.open();
    let tried = false;
    tab.client.on('signedIn', (e) => {
      tried = true;
      try {
        if (e.user) (e.user as unknown as { id: number }).id = 999_999;
      } catch {}
    });
    await logIn(world, tab, 'plain');
    await world.advance(S);
    expect(tried).toBe(true);
    expect((tab.client.view.user as { id?: unknown } | null)?.id).toBe(world.server.seed.plain.id);
  });
});
