// AB-2's helpers (test/session/kept-restriction-first-view*.test.ts): a kept restriction written
// as another page of the player left it, a stored session of a page that closed, and what a tab's
// session shows while signed in, snapshot by snapshot and view by view.

import type { StoredSession } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { logIn, type Tab, type World } from './world';

export type Kind = 'pause' | 'selfExclusion';
export type Seen = { inForce: string[]; canBet: boolean; accountBlocked: boolean } | null;
type Restrictions = { inForce: { kind: string }[]; canBet: boolean; accountBlocked: boolean } | null;

/**
 * Every signed-in snapshot of player `userId` the session actor commits, and every signed-in view
 * of theirs the client's facade publishes (`client.state.subscribe`), in order, from now on.
 */
export function watch(tab: Tab, userId: number): { views: Seen[]; snapshots: Seen[] } {
  const seen = (r: Restrictions) =>
    r && { inForce: r.inForce.map((x) => x.kind), canBet: r.canBet, accountBlocked: r.accountBlocked };
  const out = { views: [] as Seen[], snapshots: [] as Seen[] };
  tab.client.state.subscribe((view) => {
    if (view.status === 'signedIn' && view.user?.id === userId) out.views.push(seen(view.restrictions));
  });
  sessionActorOf(tab.client).subscribe((s) => {
    if (s.hasTag('signedIn') && s.context.userId === userId) out.snapshots.push(seen(s.context.restrictions));
  });
  return out;
}

/** The kept record of the plain seed account, `age` ms old (negative: dated ahead), as another page wrote it. */
export function keep(world: World, kind: Kind, age: number): void {
  const key = `pam-client.restricted:${world.server.seed.plain.id}`;
  globalThis.localStorage.setItem(key, JSON.stringify({ kind, at: world.now() - age }));
}

/** A session of the plain seed account, stored as a page that signed in and then closed left it. */
export async function storedLogin(world: World): Promise<StoredSession> {
  const first = world.open({ tabId: 'tab-0', channel: false });
  await logIn(world, first);
  const stored = await first.client.tokens.get();
  first.client.stop();
  return stored!;
}
