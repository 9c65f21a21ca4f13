import fc from 'fast-check';
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { S, type Tab, useWorld } from '../support/world';
import { draws, grantsOf, runFor, signOutAll } from './revoke-support';

// REVIEW-I i5 as a property: two tabs of one origin, one token store shared by both (a browser's
// localStorage) or one each, on the reference server (real sockets, the world's simulated clock),
// driven by generated sequences of logins, logouts, a logout and a login at once (a quick
// re-login), refreshes and app requests (a 401 asks for a refresh), with their answers held back,
// the channel held back and let go (a lagging tab), and time passing. Every login draws its own
// login id (as a browser's random does). Checked:
// - once everything settled, the tabs agree: both signed out, or both signed in on one token the
//   server takes, and an app request in each is answered (no 401 loop: one refresh at most);
// - a live newer login is never signed out by an older tab: when one tab makes every login and no
//   logout comes after its last, the player is still signed in (in both tabs) at the end;
// - once both tabs are signed out, every token the server granted is revoked.

const world = useWorld();

type Step =
  | { op: 'login' | 'refresh' | 'relogin'; tab: 0 | 1; delay: number }
  | { op: 'logout' | 'request'; tab: 0 | 1 }
  | { op: 'advance'; ms: number }
  | { op: 'hold' | 'release' };

const tab = fc.constantFrom(0 as const, 1 as const);
const delay = fc.constantFrom(0, 100, 700, 2_500);
// Weighted toward the defect's shape: the channel held, a quick re-login, the other tab's refresh or request.
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('login' as const), tab, delay }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('relogin' as const), tab, delay }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('refresh' as const), tab, delay }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constantFrom('logout' as const, 'request' as const), tab }), weight: 3 },
  {
    arbitrary: fc.record({ op: fc.constant('advance' as const), ms: fc.constantFrom(0, 50, 300, 1_500) }),
    weight: 3,
  },
  { arbitrary: fc.record({ op: fc.constant('hold' as const) }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('release' as const) }), weight: 1 },
);

const advance = fc.constantFrom(0, 50, 300, 1_500);

/**
 * The defect's shape among other steps: tab A logs in (tab B takes it), the channel is held, tab A
 * logs out and in at once, and tab B (lagging) refreshes or makes a request.
 */
const relogin: fc.Arbitrary<Step[]> = fc
  .tuple(
    fc.array(step, { maxLength: 3 }),
    delay,
    delay,
    advance,
    fc.constantFrom('refresh' as const, 'request' as const),
    delay,
    fc.array(step, { maxLength: 3 }),
  )
  .map(([before, first, second, ms, op, late, after]): Step[] => [
    ...before,
    { op: 'release' },
    { op: 'login', tab: 0, delay: first },
    { op: 'advance', ms: 3_000 },
    { op: 'hold' },
    { op: 'relogin', tab: 0, delay: second },
    { op: 'advance', ms },
    op === 'refresh' ? { op, tab: 1, delay: late } : { op, tab: 1 },
    ...after,
  ]);

/** `steps` with every login (and re-login) made by tab A when `oneTab` (the check of the newest login applies). */
const loginsBy = (oneTab: boolean, steps: Step[]): Step[] =>
  oneTab ? steps.map((s) => (s.op === 'login' || s.op === 'relogin' ? { ...s, tab: 0 } : s)) : steps;

/** Whether the player must still be signed in at the end: one tab makes every login, and none is logged out after its last. */
function newestLoginStands(steps: Step[]): boolean {
  const logins = steps.filter((s) => s.op === 'login' || s.op === 'relogin') as { tab: 0 | 1 }[];
  if (logins.length === 0 || logins.some((s) => s.tab !== logins[0]!.tab)) return false;
  const last = steps.map((s) => s.op === 'login' || s.op === 'relogin').lastIndexOf(true);
  return !steps.slice(last + 1).some((s) => s.op === 'logout');
}

async function run(shared: boolean, steps: Step[], only?: (tabs: Tab[]) => void | Promise<void>) {
  world.closeAll();
  world.renew();
  world.server.reset();
  const g = grantsOf(world);
  const storage = shared ? createMemoryTokenStore() : undefined;
  const tabs: Tab[] = [
    g.open({ tabId: 'tab-a', ...(storage && { storage }), environment: { random: draws(0.3) } }),
    g.open({ tabId: 'tab-b', ...(storage && { storage }), environment: { random: draws(0.6) } }),
  ];
  await world.settle();
  const { email, password } = world.server.seed.plain;
  const login = (t: Tab, ms: number) => {
    g.hold('/auth/login', ms);
    t.client.login({ login: email, password });
  };
  // A `login()` on a tab signed in or signing in is not honoured (docs/session.md's table): no
  // login for `newestLoginStands` (CI seed -1707618789 of review 41's property: a login on a tab
  // that had not heard of the other tab's logout yet).
  const honoured: Step[] = [];
  for (const s of steps) {
    if (s.op !== 'login' || !['signedIn', 'signingIn'].includes(tabs[s.tab]!.client.view.status))
      honoured.push(s);
    if (s.op === 'login') login(tabs[s.tab]!, s.delay);
    else if (s.op === 'relogin') {
      tabs[s.tab]!.client.logout();
      login(tabs[s.tab]!, s.delay);
    } else if (s.op === 'refresh') {
      g.hold('/users/refresh-token', s.delay);
      tabs[s.tab]!.client.state.send({ type: 'REFRESH' } as never);
    } else if (s.op === 'request') tabs[s.tab]!.client.http.get('/auth/user-profile').catch(() => {});
    else if (s.op === 'logout') tabs[s.tab]!.client.logout();
    else if (s.op === 'advance') await world.advance(s.ms, 50);
    else if (s.op === 'hold') world.hub.hold();
    else world.hub.release();
    await world.settle();
  }
  // What is in flight plays out first, the channel still as the steps left it (a tab lagging).
  await runFor(world, 5 * S);
  world.hub.release();
  await runFor(world, 10 * S);
  if (only) return only(tabs);
  const status = tabs.map((t) => t.client.view.status);
  // The tabs agree.
  expect(status[0]).toBe(status[1]);
  expect(['signedIn', 'signedOut']).toContain(status[0]);
  if (newestLoginStands(honoured)) expect(status).toEqual(['signedIn', 'signedIn']);
  if (status[0] === 'signedIn') {
    const token = await tabs[0]!.token();
    expect(await tabs[1]!.token()).toBe(token);
    expect(await g.live()).toContain(token);
    // An app request in each is answered, with one refresh at most (no 401 loop).
    for (const t of tabs) {
      const refreshes = g.issued.length;
      const read = t.client.http.get('/auth/user-profile');
      await runFor(world, 5 * S);
      await expect(read).resolves.toBeTruthy();
      expect(g.issued.length - refreshes).toBeLessThanOrEqual(1);
    }
  }
  await signOutAll(world, tabs);
  await runFor(world, 10 * S);
  expect(await g.live()).toEqual([]);
}

describe('a quick re-login with a lagging tab (REVIEW-I i5)', () => {
  it('over generated sequences of logins, re-logins, logouts, refreshes, requests and late messages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.boolean(),
        fc.oneof(fc.array(step, { minLength: 1, maxLength: 10 }), relogin),
        (shared, oneTab, steps) => run(shared, loginsBy(oneTab, steps)),
      ),
      { numRuns: 40 },
    );
  }, 300_000);

  // Review 41's CI seed -1707618789, two tabs: B's logout, unheard by A, ends A's login; A's
  // `login()` while it still shows signed in is not honoured: both end signed out, and agree.
  it('a login() on a tab that has not heard of the logout yet is no new login', async () => {
    await run(false, [
      { op: 'relogin', tab: 0, delay: 0 },
      { op: 'hold' },
      { op: 'logout', tab: 1 },
      { op: 'login', tab: 0, delay: 0 },
    ]);
  }, 60_000);

  it('the defect as found: log in, out and in again in tab A while tab B lags and refreshes', async () => {
    await run(true, [
      { op: 'login', tab: 0, delay: 0 },
      { op: 'advance', ms: 1_500 },
      { op: 'hold' },
      { op: 'relogin', tab: 0, delay: 0 },
      { op: 'advance', ms: 1_500 },
      { op: 'refresh', tab: 1, delay: 0 },
    ]);
  }, 60_000);

  // The property's seed 753830057 (eleventh pass; it failed on cc4abd6): both tabs refresh one
  // token (one store each) and the channel lags before either hears the other's claim. Tab B wins,
  // tab A's refresh gets the 401 of a rotated token and, hearing nothing within its grace, signs
  // out as expired; its word, heard late, signed tab B out too, and revoked B's newer token. An
  // expiry of an older token of the login ends no tab that holds a newer one, and the tab that
  // signed out takes the newer token when it hears it: both signed in.
  it('two tabs refresh one token while the channel lags: the winner stays signed in, the loser takes its token', async () => {
    await run(false, [
      { op: 'relogin', tab: 0, delay: 0 },
      { op: 'refresh', tab: 1, delay: 0 },
      { op: 'refresh', tab: 0, delay: 0 },
      { op: 'hold' },
    ]);
  }, 60_000);

  // REVIEW-M MED-1 (eleventh pass): after that race, tab A logs in again and out while the channel
  // still lags; B's late word of the first login then signed A back in on it (an explicit logout
  // undone). A newer token of a login that expired here is taken only while that expiry is the last
  // thing that happened in the tab.
  it("a logout after the race is not undone by the first login's late word", async () => {
    await run(
      false,
      [
        { op: 'relogin', tab: 0, delay: 0 },
        { op: 'refresh', tab: 1, delay: 0 },
        { op: 'refresh', tab: 0, delay: 0 },
        { op: 'hold' },
        { op: 'advance', ms: 1_500 },
        { op: 'relogin', tab: 0, delay: 0 },
        { op: 'advance', ms: 300 },
        { op: 'logout', tab: 0 },
        { op: 'advance', ms: 300 },
      ],
      (tabs) => {
        // Tab A logged out last: it stays signed out, whatever it hears of the first login.
        expect(tabs[0]!.client.view.status).toBe('signedOut');
        expect(tabs[0]!.client.view.signedOutReason).toBe('logout');
      },
    );
  }, 60_000);

  // The property's seed 731682711 (CI, thirty-seventh pass; it failed since be015122): tab B's
  // refresh of the first login, counted 2, crosses tab A's logout of it (counted 1) and its new login
  // (counted 2 too, tab A not having heard B's refresh). B heard the logout and kept its sign-out at
  // its own counter, 2, so it refused A's new login as not above it: A signed in, B signed out. A
  // logout ends its login and what is counted at or below it: B's sign-out is kept at the logout's
  // counter, and B takes A's new login. (Then a second hole: the store clear of B's sign-out, decided
  // a microtask later, cleared the new login B had just taken, which B then lost as expired, and
  // told A so: both signed out.)
  const crossed: Step[] = [
    { op: 'login', tab: 0, delay: 0 },
    { op: 'refresh', tab: 1, delay: 2_500 },
    { op: 'release' },
    { op: 'login', tab: 0, delay: 0 },
    { op: 'advance', ms: 3_000 },
    { op: 'hold' },
    { op: 'relogin', tab: 0, delay: 0 },
    { op: 'advance', ms: 0 },
    { op: 'refresh', tab: 1, delay: 0 },
  ];
  it('a refresh in one tab crossing a logout and login in the other: the new login is taken (one store each)', async () => {
    await run(false, crossed);
  }, 60_000);

  it('the same with one shared store', async () => {
    await run(true, crossed);
  }, 60_000);

  // What the tab that heard the logout says of it to a tab opened later (its sync answer) is that
  // logout, at its counter: it ends nothing counted above it, the new login neither.
  it('a tab opened after the crossing takes the new login, and the others keep it', async () => {
    await run(false, crossed, async (tabs) => {
      const token = await tabs[0]!.token();
      const late = grantsOf(world).open({ tabId: 'tab-c' });
      await runFor(world, 10 * S);
      for (const t of [...tabs, late]) expect(t.client.view.status).toBe('signedIn');
      expect(await late.token()).toBe(token);
      expect(await tabs[1]!.token()).toBe(token);
    });
  }, 60_000);
});
