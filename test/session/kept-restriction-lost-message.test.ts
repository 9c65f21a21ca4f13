import { describe, expect, it } from 'vitest';
import { barred } from '../support/kept-first-view';
import { accept, LosingHub, shown, threeTabs } from '../support/lost-message';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { MIN, S, useWorld } from '../support/world';

// REVIEW-AE AE-3 (fail closed): three tabs of one login; tab 1's pause or self-exclusion is
// accepted (200) and kept (`pam-client.restricted:<id>`), but its one `restricted` message to the
// other tabs is lost. Tabs 0 and 2 showed `current`, `canBet: true`, `inForce: []` until their
// next profile read (the next São Paulo midnight): an open tab never read the kept record again.
// Now the profile flow's 5-s clock look also peeks the kept record (nothing written): every
// signed-in tab of the player shows it in force after at most one look. Real sockets, simulated time.

const world = useWorld();
useMemoryLocalStorage();

describe.each(['pause', 'selfExclusion'] as const)(
  'a %s accepted in tab 1, its `restricted` message lost',
  (kind) => {
    it('is in force in tabs 0 and 2 after at most one clock look (5 s), and stays', async () => {
      const hub = new LosingHub();
      world.hub = hub;
      const tabs = await threeTabs(world);
      hub.losing = true;
      await accept(world, tabs[1]!, kind);
      await world.advance(S);
      hub.losing = false;
      expect(hub.lost.some((m) => (m as { type?: string }).type === 'restricted')).toBe(true);
      await world.advance(4 * S + 100);
      for (const [tab, t] of tabs.entries()) {
        expect(t.client.view.status).toBe('signedIn');
        expect({ tab, ...shown(t) }).toMatchObject({ tab, ...barred(kind) });
      }
      await world.advance(30 * MIN, S);
      for (const [tab, t] of tabs.entries())
        expect({ tab, ...shown(t) }).toMatchObject({ tab, ...barred(kind) });
    });
  },
);
