import fc from 'fast-check';
import type { StoredSession } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { H, MIN, useWorld } from '../support/world';
import { postAsOlderPage, twoTabsSignedIn, writeAsOlderPage } from './older-page-support';
import { grantsOf, signOutAll } from './revoke-support';
import { live as isLive } from './unsigned-login-support';

// Defect AF-3. Two tabs of this version (a channel between them) hold one login of a shared store.
// A page of an OLDER version of the same origin (a deploy with old pages open) refreshes that login
// (T1 -> T2: the server rotates the token) and writes the store in its format: a counter one up, the
// player, and NO login id (`sid`), and says nothing on the channel. Before, the new tabs took T2 for
// another login (`sidOf(T2)` = its token's id, not theirs): at their next refresh (or another tab's
// early one) they gave their login up and signed out, although T2 was live. Now an id-less session of
// the same player counted above the one held is that login's refresh (its lineage): taken, no
// sign-out. A really different login (another player's id-less session) is still not taken as this
// one. Real sockets against the reference server; time simulated.

const world = useWorld();

interface Schedule {
  /** When the older page refreshes, after the login (simulated ms). */
  oldAt: number;
  /** How far up the older page counts (its own counter, past the stored one). */
  up: number;
  /** Tab B refreshes right after the older page's write (else: the tabs' own refresh times). */
  bRefreshes: boolean;
  /** The older page's write is another player's login (not a refresh of this one). */
  otherPlayer: boolean;
}

async function run(o: Schedule) {
  const g = grantsOf(world);
  const { store, tabs } = await twoTabsSignedIn(world, g.fetch);
  const b = tabs[1]!;
  await world.advance(o.oldAt, MIN);
  const s = store.get() as StoredSession;
  expect(s.sid).toBeTypeOf('number');
  const events = tabs.map((t) => t.events.length);
  // The older page: its refresh of the stored token, or another player's login, written in its format.
  const other = world.server.seed.pendingLimit;
  const t2 = o.otherPlayer
    ? (
        await postAsOlderPage(world, '/auth/login', {
          body: JSON.stringify({ login: other.email, password: other.password }),
        })
      ).access_token
    : (
        await postAsOlderPage(world, '/users/refresh-token', {
          headers: { authorization: `Bearer ${s.accessToken}` },
        })
      ).access_token;
  writeAsOlderPage(world, store, s, t2, o.up, o.otherPlayer ? other.id : s.userId);
  if (o.bRefreshes) b.client.state.send({ type: 'REFRESH' } as never);
  // Past both tabs' next refresh.
  await world.advance(7 * H, MIN);
  const views = tabs.map((t) => ({ status: t.client.view.status, user: t.client.view.user?.id ?? null }));
  const signedOut = tabs.map((t, i) => t.events.slice(events[i]).includes('signedOut'));
  const now = store.get() as StoredSession | null;
  // (Asked of the server: the older page's token was granted outside the tabs' recorded calls.)
  const live = now ? await isLive(world, now.accessToken) : false;
  await signOutAll(world, tabs);
  return { views, signedOut, now, live, held: s, other: other.id };
}

/** The older page refreshed this login: both tabs keep it, never signed out, on a live token of it. */
async function keeps(o: Omit<Schedule, 'otherPlayer'>) {
  const r = await run({ ...o, otherPlayer: false });
  const me = { status: 'signedIn', user: r.held.userId };
  expect(r.views).toEqual([me, me]);
  expect(r.signedOut).toEqual([false, false]);
  expect(r.now?.sid).toBe(r.held.sid);
  expect(r.live).toBe(true);
}

/** Another player's login: no tab shows the first player signed in on it (signed out, or the other player). */
async function notTaken(o: Omit<Schedule, 'otherPlayer'>) {
  const r = await run({ ...o, otherPlayer: true });
  expect(r.views.map((v) => v.status === 'signedOut' || v.user === r.other)).toEqual([true, true]);
}

const schedules = fc.record({
  oldAt: fc.integer({ min: 0, max: 5 * 60 }).map((m) => m * MIN),
  up: fc.integer({ min: 1, max: 3 }),
  bRefreshes: fc.boolean(),
});

describe('an older client (no login ids) refreshing the shared login: the new tabs keep it (AF-3)', () => {
  it('the older page refreshes; the tabs refresh at their own time: both keep the login', async () => {
    await keeps({ oldAt: MIN, up: 1, bRefreshes: false });
  }, 60_000);

  it('the older page refreshes, then tab B refreshes at once: both keep the login', async () => {
    await keeps({ oldAt: MIN, up: 1, bRefreshes: true });
  }, 60_000);

  it('another player’s login written by the older page is still not taken as this login', async () => {
    await notTaken({ oldAt: MIN, up: 1, bRefreshes: true });
  }, 60_000);

  it('over when the older page refreshes, how far it counts, and who refreshes next', async () => {
    await fc.assert(
      fc.asyncProperty(schedules, async (o) => {
        world.closeAll();
        await keeps(o);
      }),
      { numRuns: 6 },
    );
  }, 600_000);

  it('the same schedules with another player’s login: never taken as this login', async () => {
    await fc.assert(
      fc.asyncProperty(schedules, async (o) => {
        world.closeAll();
        await notTaken(o);
      }),
      { numRuns: 4 },
    );
  }, 600_000);
});
