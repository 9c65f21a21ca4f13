// Review 145: what the client keeps for a player beside the token store in `localStorage`
// (`pam-client.restricted:<id>`) is keyed by the player's id only, not by the API (baseURL) it came
// from. Two clients of two APIs on one origin (staging and production, two brands of one
// white-label front end) whose players happen to share an id: a pause accepted by player 1 of API A
// is shown as in force for player 1 of API B, another person who never paused (barred from betting,
// the wrong player's restriction shown).
// Left open (sixty-first pass, a decision): `localStorage` keys are per origin and player, not per
// API (docs/session.md); namespacing them by baseURL changes the documented keys. `it.fails`.
import { describe, expect, it } from 'vitest';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { restrictionChanges } from '../support/restriction-changes';
import { useReferenceServer } from '../support/server';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();
// A second API (another operator, or staging), on the same simulated time.
const other = useReferenceServer({ now: () => world.now() });
const storage = useMemoryLocalStorage();
const CHANGES = restrictionChanges(world);

describe('review 145: an accepted restriction of API A is not applied to API B', () => {
  it.fails.each(Object.keys(CHANGES) as (keyof typeof CHANGES)[])(
    'a %s accepted on API A; player 1 of API B (never restricted) is free to bet',
    async (kind) => {
      const a = world.open({ tabId: 'tab-a', channel: false });
      await logIn(world, a);
      await world.advance(2 * S);
      await world.during(CHANGES[kind](a));
      await world.advance(2 * S);
      expect(a.client.view.restrictions?.canBet).toBe(false);
      expect(storage.keys()).toContain(`pam-client.restricted:${world.server.seed.plain.id}`);

      // Same page, same localStorage, another API whose player 1 is another person.
      const b = world.open({ tabId: 'tab-b', channel: false, baseURL: other.server.url });
      const { email, password } = other.server.seed.plain;
      b.client.login({ login: email, password });
      await world.advance(3 * S);
      expect(b.state()).toBe('signedIn');
      expect(b.client.view.user?.id).toBe(world.server.seed.plain.id); // same id, other operator
      expect(b.client.view.restrictions?.status).toBe('current');
      expect(b.client.view.restrictions?.inForce.map((x) => x.kind)).toEqual([]);
      expect(b.client.view.restrictions?.canBet).toBe(true);
    },
  );
});
