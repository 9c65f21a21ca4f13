import fc from 'fast-check';
import type { PamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { slowStoreTabs, timeline, whoseTokens } from '../support/slow-store-tabs';
import { type Tab, useWorld } from '../support/world';

// LOGREAD30, the r28b-1 property's 'logoutRead' in token mode (`createPamClient`): tab B signs out
// (its logout answered, or answered 401: the token already revoked elsewhere), and tab A, on the
// same channel, signs player 2 in `loginAt` ms after it (before B's logout answer, or after); B's
// user call, or `client.http` call, is made `callAt` ms after its logout. Token mode reads nothing
// again after its own logout (`restoring` is the page load only): B is signing out, then signed
// out, then maybe signed in on player 2's login taken from A. A user call made while B showed no
// player is refused `unauthorized`, nothing sent; none made then ever goes with player 2's token;
// none made once B holds player 2's login goes with player 1's. B's store answers its reads at once
// or `storeMs` late (a slow storage). Real sockets, simulated time.
// (Also seen here, fixed since: a `client.http` call was judged when its store read ended, not when
// it was made: with a slow store, one made signing out whose read ended once B took player 2's login
// went with player 2's token, [false,50,100,'http',200]; the token getter now gives none to a call
// made with no login held once the session moved on (machines/createPamClient.ts). And B's logout
// cleared the store judged against the login already forgotten: logout-keeps-newer-login.test.ts.)

const world = useWorld();
const ADDRESS = '/bff/users/address-by-user';
type Kind = 'user' | 'http';

async function run(revoked: boolean, loginAt: number, callAt: number, kind: Kind, storeMs: number) {
  // B's store: its reads answered `storeMs` simulated ms late (a slow storage), its writes at once.
  const { a, b, one } = await slowStoreTabs(world, storeMs);
  // The token revoked at the server before B's logout (its own logout then answered 401).
  if (revoked) world.server.faults.add({ method: 'POST', path: '/auth/logout', status: 401, times: 1 });
  const from = world.server.requests.length;
  const { email, password } = world.server.seed.pendingLimit;
  let made: { state: string; out: Promise<string> } | undefined;
  const call = (t: Tab) => {
    const state = t.state();
    const p: Promise<unknown> = kind === 'user' ? t.client.user.getAddress() : t.client.http.get(ADDRESS);
    made = {
      state,
      out: p.then(
        () => 'sent',
        (e: PamError) => e.code,
      ),
    };
  };
  b.client.logout();
  await timeline(world, [
    [loginAt, () => a.client.login({ login: email, password })],
    [callAt, () => call(b)],
  ]);
  const out = await world.during(made!.out);
  // Each call's token: none, player 1's (B's own login), or another ('other': player 2's).
  const whose = whoseTokens(world, from, ADDRESS, one);
  return { made: made!, out, whose, bNow: b.state() };
}

describe("a call made after the tab's own logout (token mode, LOGREAD30, property)", () => {
  it('is refused while the tab shows no player, and never goes with a login taken after it', async () => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.integer({ min: 0, max: 20 }).map((n) => n * 50),
        fc.integer({ min: 0, max: 30 }).map((n) => n * 50),
        fc.constantFrom<Kind>('user', 'http'),
        fc.constantFrom(0, 50, 200),
        async (revoked, loginAt, callAt, kind, slow) => {
          const r = await run(revoked, loginAt, callAt, kind, slow);
          // Made while B showed no player (signing out, signed out): never with another login's token.
          const noPlayer = r.made.state !== 'signedIn';
          expect(noPlayer ? r.whose.filter((w) => w === 'other') : []).toEqual([]);
          // A user call then: refused, nothing sent.
          const userNoPlayer = noPlayer && kind === 'user';
          expect(userNoPlayer ? [r.out, r.whose] : []).toEqual(userNoPlayer ? ['unauthorized', []] : []);
          if (userNoPlayer) refused++;
          // Made once B held player 2's login: never with player 1's token.
          expect(noPlayer ? [] : r.whose.filter((w) => w === 'one')).toEqual([]);
        },
      ),
      {
        numRuns: 24,
        examples: [
          // A user call made as the logout starts (always signing out): the counter below.
          [false, 1000, 0, 'user', 0],
          // One made signing out while a slow store is read and player 2 signs in in tab A.
          [false, 50, 100, 'user', 200],
          // The same through `client.http` (went with player 2's token before the getter's check).
          [false, 50, 100, 'http', 200],
        ],
      },
    );
    expect(refused).toBeGreaterThan(0);
  }, 600_000);
});
