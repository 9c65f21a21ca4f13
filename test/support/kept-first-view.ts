// AB-2's helpers (test/session/kept-restriction-first-view*.test.ts): a kept restriction written
// as another page of the player left it, a stored session of a page that closed, and what a tab's
// session shows while signed in, snapshot by snapshot and view by view.

import type { StoredSession } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { expect } from 'vitest';
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

/** Settles `world` until `tab` is signed in, and fails if it never is. */
export async function untilSignedIn(world: World, tab: Tab): Promise<void> {
  for (let i = 0; i < 200 && tab.state() !== 'signedIn'; i++) await world.settle();
  expect(tab.state()).toBe('signedIn');
}

/**
 * A kept `kind` in force, as a signed-in snapshot or view shows it: no betting, and an exclusion
 * blocks the account (with a pause, the account's standing is the login answer's).
 */
export const barred = (kind: Kind) => ({
  inForce: [kind],
  canBet: false,
  ...(kind !== 'pause' && { accountBlocked: true }),
});

/** The first signed-in snapshot and view `seen` show a kept `kind` in force, and every later one too. */
export function expectBarredFromFirst(seen: { views: Seen[]; snapshots: Seen[] }, kind: Kind): void {
  expect(seen.snapshots[0]).toMatchObject(barred(kind));
  expect(seen.views[0]).toMatchObject(barred(kind));
  for (const r of [...seen.snapshots, ...seen.views]) expect(r).toMatchObject(barred(kind));
}
