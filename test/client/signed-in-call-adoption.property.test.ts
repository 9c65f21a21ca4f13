import fc from 'fast-check';
import type { PamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { slowStoreTabs, timeline, whoseTokens } from '../support/slow-store-tabs';
import { S, type Tab, useWorld } from '../support/world';

// PROBE32 P1, in token mode (`createPamClient`), real sockets, simulated time: tab B is signed in as
// player 1, its store answering reads at once or `storeMs` late (a slow storage); tab A, on the same
// channel and store, signs player 2 in `loginAt` ms from the start (written over B's login in the
// store). B makes a call (`client.user`'s read, or `client.http`'s) `callAt` ms from the start.
// Suspected: with a slow store, a call made as player 1 read its token once B held player 2's
// login. Refuted: a signed-in tab never takes another player's login (it keeps its own token,
// REVIEW-I i5), so every call B makes goes once, with player 1's token; kept as cover.

const world = useWorld();
const ADDRESS = '/bff/users/address-by-user';
type Kind = 'user' | 'http';

async function run(loginAt: number, callAt: number, kind: Kind, storeMs: number) {
  // B on a slow store; A on the same store (its login written over B's), its reads at once.
  const { a, b, one } = await slowStoreTabs(world, storeMs, true);
  const from = world.server.requests.length;
  const { email, password } = world.server.seed.pendingLimit;
  let made: { player: unknown; out: Promise<string> } | undefined;
  const call = (t: Tab) => {
    const player = t.client.view.status === 'signedIn' ? t.client.view.user?.id : null;
    const p: Promise<unknown> = kind === 'user' ? t.client.user.getAddress() : t.client.http.get(ADDRESS);
    made = {
      player,
      out: p.then(
        () => 'sent',
        (e: PamError) => e.code,
      ),
    };
  };
  await timeline(world, [
    [loginAt, () => a.client.login({ login: email, password })],
    [callAt, () => call(b)],
  ]);
  const out = await world.during(made!.out);
  await world.advance(S, 100);
  // Each call's token: none, player 1's (B's own login), or another ('other': player 2's).
  const whose = whoseTokens(world, from, ADDRESS, one);
  return { made: made!, out, whose, adopted: b.client.view.user?.id };
}

describe("a call made signed in while the tab takes another player's login (token mode, PROBE32 P1)", () => {
  it("goes once, with its own login's token, whatever the other tab signs in", async () => {
    const p1 = world.server.seed.plain;
    let made1 = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20 }).map((n) => n * 50),
        fc.integer({ min: 0, max: 30 }).map((n) => n * 50),
        fc.constantFrom<Kind>('user', 'http'),
        fc.constantFrom(0, 50, 200, 400),
        async (loginAt, callAt, kind, slow) => {
          const r = await run(loginAt, callAt, kind, slow);
          const asOne = r.made.player === p1.id;
          // B keeps player 1's login: a signed-in tab never takes another player's (REVIEW-I i5).
          expect(r.adopted).toBe(p1.id);
          if (asOne) made1++;
          // Made as player 1: sent once, with player 1's token, never another login's.
          expect(asOne ? [r.out, r.whose] : []).toEqual(asOne ? ['sent', ['one']] : []);
        },
      ),
      {
        numRuns: 24,
        examples: [
          // Made as player 1 while a slow store is read, player 2's login taken meanwhile.
          [50, 100, 'http', 400],
          [50, 100, 'user', 400],
          [0, 150, 'http', 200],
        ],
      },
    );
    expect(made1).toBeGreaterThan(0);
  }, 600_000);
});
