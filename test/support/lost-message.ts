// AE-3's helpers (test/session/kept-restriction-lost-message*.test.ts): a channel hub that loses
// messages, three tabs of one login, a pause or self-exclusion accepted, what a tab's view shows.

import { expect } from 'vitest';
import type { Kind } from './kept-first-view';
import { LinkHub } from './link-hub';
import { logIn, S, type Tab, type World } from './world';

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
