import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renewWithLinkHub } from '../support/link-hub';
import { logIn, S, type Tab, useWorld } from '../support/world';
import { draws } from './revoke-support';

// A pause accepted in one tab bars the player in every tab, whatever login each holds. Two tabs
// sign the same player in at once (a double click, a lagging channel: two logins), then the channel
// lets one tab's words through, and that tab pauses. The other tab keeps its own login when it is
// the newer of the two (it answers the pauser with it, a word that lags). Before, the pause, said for
// the pauser's login, was not for the login held there: that tab showed the player free to bet
// until its own next read. Real sockets against the reference server; time simulated.

const world = useWorld();

async function run(o: { pauser: 0 | 1; wait: number }) {
  const hub = renewWithLinkHub(world);
  const tabs = [0.3, 0.6].map((r, i) =>
    world.open({ tabId: `tab-${'ab'[i]}`, environment: { random: draws(r) } }),
  ) as [Tab, Tab];
  hub.holdLink(0, 1);
  hub.holdLink(1, 0);
  await world.settle();
  await logIn(world, tabs[0]);
  await logIn(world, tabs[1]);
  await world.advance(2 * S);
  for (const t of tabs) expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  const other = 1 - o.pauser;
  // The lag is real: each tab's words about its own login wait on its held link.
  expect([hub.links.get('0>1')?.length, hub.links.get('1>0')?.length].every((n) => (n ?? 0) > 0)).toBe(true);
  hub.deliverLink(o.pauser, other, Number.POSITIVE_INFINITY, true);
  await world.settle();
  const breaches: string[] = [];
  for (const [i, t] of tabs.entries())
    t.client.subscribe((v) => {
      if (v.status === 'signedIn' && v.restrictions?.canBet === true) breaches.push(`tab ${i}`);
    });
  await world.during(
    tabs[o.pauser].client.user.setTimeoutLimits({
      user_pause: 3,
      reason: 1,
      password_check: world.server.seed.plain.password,
    }),
  );
  await world.advance(o.wait, 50);
  // Each tab signed out or barred; the pauser's own login holds (it paused).
  const barred = () =>
    tabs.map((t) => t.client.view.status === 'signedOut' || t.client.view.restrictions?.canBet === false);
  expect(barred()).toEqual([true, true]);
  expect(tabs[o.pauser].client.view.status).toBe('signedIn');
  hub.releaseAll();
  await world.advance(3 * S, 100);
  expect(barred()).toEqual([true, true]);
  expect(breaches).toEqual([]);
}

describe('a pause bars the player in every tab, whatever login it holds', () => {
  it.each([0, 1] as const)(
    'two logins at once, tab %i pauses',
    async (pauser) => {
      await run({ pauser, wait: 200 });
    },
    60_000,
  );

  it('over generated pausers and waits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          pauser: fc.constantFrom(0 as const, 1 as const),
          wait: fc.integer({ min: 0, max: 3_000 }),
        }),
        run,
      ),
      { numRuns: 8 },
    );
  }, 300_000);
});
