import { createMemoryTokenStore, type StoredSession } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { logIn, MIN, S, type Tab, useWorld, type World } from '../support/world';

// AB-2 (fail closed): a player with a kept pause or self-exclusion (the session's accepted store,
// `pam-client.restricted:<id>`, a day) signs in. The first signed-in snapshot, and so the first
// signed-in view, showed `restrictions.inForce: []` (the login answer's: status unknown, no
// betting); the kept record came one step later (0 ms), when the profile flow's clock watch
// recalled it. Now each way in (a login, a restore of a stored session, another tab's session
// taken: ADOPT) carries the kept record read by the actor that produced it (a peek: nothing
// written), and the very first signed-in snapshot shows it in force.

const world = useWorld();
useMemoryLocalStorage();

type Kind = 'pause' | 'selfExclusion';
type Seen = { inForce: string[]; canBet: boolean; accountBlocked: boolean } | null;
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

// (An exclusion blocks the account; with a pause, the account's standing is the login answer's.)
const barred = (kind: Kind) => ({
  inForce: [kind],
  canBet: false,
  ...(kind !== 'pause' && { accountBlocked: true }),
});

describe.each(['pause', 'selfExclusion'] as const)('a kept %s', (kind) => {
  it('is in the first signed-in snapshot and view of a login', async () => {
    keep(world, kind, 10 * MIN);
    const a = world.open({ tabId: 'tab-a' });
    const seen = watch(a, world.server.seed.plain.id);
    await logIn(world, a);
    await world.advance(2 * S);
    expect(seen.snapshots[0]).toMatchObject(barred(kind));
    expect(seen.views[0]).toMatchObject(barred(kind));
    // (Every later one too: the server shows none, a lagging replica, read again meanwhile.)
    for (const r of [...seen.snapshots, ...seen.views]) expect(r).toMatchObject(barred(kind));
  });

  it('is in the first signed-in snapshot and view of a restore', async () => {
    const stored = await storedLogin(world);
    keep(world, kind, 10 * MIN);
    const storage = createMemoryTokenStore();
    await storage.set(stored);
    const a = world.open({ tabId: 'tab-a', storage });
    const seen = watch(a, world.server.seed.plain.id);
    for (let i = 0; i < 200 && a.state() !== 'signedIn'; i++) await world.settle();
    expect(a.state()).toBe('signedIn');
    await world.advance(2 * S);
    expect(seen.snapshots[0]).toMatchObject(barred(kind));
    expect(seen.views[0]).toMatchObject(barred(kind));
    for (const r of [...seen.snapshots, ...seen.views]) expect(r).toMatchObject(barred(kind));
  });

  it.each(['while it was signed out', 'as it joined (the sync answer)'] as const)(
    'is in the first signed-in snapshot and view of another tab\u2019s session taken (ADOPT), %s',
    async (when) => {
      const joins = when !== 'while it was signed out';
      keep(world, kind, 10 * MIN);
      const a = world.open({ tabId: 'tab-a', random: 0.3 });
      if (joins) await logIn(world, a);
      const b = world.open({ tabId: 'tab-b', random: 0.6 });
      const seen = watch(b, world.server.seed.plain.id);
      await world.settle();
      if (!joins) await logIn(world, a);
      for (let i = 0; i < 200 && b.state() !== 'signedIn'; i++) await world.settle();
      expect(b.state()).toBe('signedIn');
      await world.advance(2 * S);
      expect(seen.snapshots[0]).toMatchObject(barred(kind));
      expect(seen.views[0]).toMatchObject(barred(kind));
      for (const r of [...seen.snapshots, ...seen.views]) expect(r).toMatchObject(barred(kind));
    },
  );
});
