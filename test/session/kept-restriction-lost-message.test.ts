import { describe, expect, it } from 'vitest';
import { barred, type Kind } from '../support/kept-first-view';
import { LinkHub } from '../support/link-hub';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { logIn, MIN, S, type Tab, useWorld, type World } from '../support/world';

// REVIEW-AE AE-3 (fail closed): three tabs of one login; tab 1's pause or self-exclusion is
// accepted (200) and kept (`pam-client.restricted:<id>`), but its one `restricted` message to the
// other tabs is lost. Tabs 0 and 2 showed `current`, `canBet: true`, `inForce: []` until their
// next profile read (the next São Paulo midnight): an open tab never read the kept record again.
// Now the profile flow's 5-s clock look also peeks the kept record (nothing written): every
// signed-in tab of the player shows it in force after at most one look. Real sockets, simulated time.

const world = useWorld();
useMemoryLocalStorage();

/**
 * A hub that, while `losing`, loses every message (the `restricted` one, and the profile read
 * after it that shows the change): the other tabs were in bfcache, or discarded and restored.
 */
export class LosingHub extends LinkHub {
  losing = false;
  readonly lost: unknown[] = [];
  override channel() {
    const ch = super.channel();
    const post = ch.postMessage.bind(ch);
    ch.postMessage = (m: unknown) => (this.losing ? this.lost.push(m) : post(m));
    return ch;
  }
}

/** Three tabs of one login of the plain seed account (tabs 1 and 2 took tab 0's session). */
export async function threeTabs(world: World): Promise<Tab[]> {
  const tabs = [0, 1, 2].map((i) => world.open({ tabId: `tab-${i}`, random: 0.3 + i / 10 }));
  await world.settle();
  await logIn(world, tabs[0]!);
  await world.advance(2 * S);
  for (const t of tabs) expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  return tabs;
}

/** `kind` accepted by the server in `tab` (a 200). */
export async function accept(world: World, tab: Tab, kind: Kind): Promise<void> {
  await world.during(
    kind === 'pause'
      ? tab.client.user.setTimeoutLimits({
          user_pause: 1,
          reason: 1,
          password_check: world.server.seed.plain.password,
        })
      : tab.client.user.setSelfExclusion({
          user_exclusion: 3,
          reason: 1,
          password_check: world.server.seed.plain.password,
        }),
  );
}

/** What a tab's view shows of its restrictions (kinds in force, betting, the account's standing). */
export const shown = (t: Tab) => {
  const r = t.client.view.restrictions;
  return r && { inForce: r.inForce.map((x) => x.kind), canBet: r.canBet, accountBlocked: r.accountBlocked };
};

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
