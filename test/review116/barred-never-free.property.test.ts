// Review 116: a player the server bars all along (SPA register, operator exclusion, self-exclusion,
// a pause of days) is never shown free to bet, whatever the device clock, the `Date` headers, the
// profile reads, reloads, second tabs and page signals do. Generated sequences on the world
// (reference server on the world's clock; each tab on its own device clock, skewable).
import fc from 'fast-check';
import { createClock } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { H, logIn, MIN, S, type Tab, useWorld } from '../support/world';

const world = useWorld();
const PROFILE = '/auth/user-profile';
const BARRED = ['spaBarred', 'operatorExcluded', 'selfExcluded', 'paused'] as const;

type Step =
  | { k: 'advance'; ms: number }
  | { k: 'sleep'; ms: number }
  | { k: 'skew'; ms: number }
  | { k: 'date'; value: string; times: number }
  | { k: 'fail'; status: number; body: unknown; times: number }
  | { k: 'drop'; times: number }
  | { k: 'reload'; t: number }
  | { k: 'hide'; t: number; hidden: boolean }
  | { k: 'refresh'; t: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constantFrom(S, 5 * S, MIN, 20 * MIN, H).map((ms) => ({ k: 'advance' as const, ms })),
  fc.constantFrom(10 * MIN, 3 * H, 13 * H).map((ms) => ({ k: 'sleep' as const, ms })),
  fc
    .constantFrom(-25 * H, -3 * H, -30 * MIN, 30 * MIN, 3 * H, 25 * H)
    .map((ms) => ({ k: 'skew' as const, ms })),
  fc
    .record({
      value: fc.constantFrom(
        'garbage',
        '',
        'Thu, 01 Jan 2100 00:00:00 GMT',
        'Mon, 01 Jan 1990 00:00:00 GMT',
        '0',
      ),
      times: fc.constantFrom(1, 3, 6),
    })
    .map((d) => ({ k: 'date' as const, ...d })),
  fc
    .record({
      status: fc.constantFrom(200, 500, 503),
      body: fc.constantFrom<unknown>('<html>', {}, { user: {}, userInfo: {} }, null, []),
      times: fc.constantFrom(1, 3),
    })
    .map((f) => ({ k: 'fail' as const, ...f })),
  fc.constantFrom(1, 2).map((times) => ({ k: 'drop' as const, times })),
  fc.integer({ min: 0, max: 1 }).map((t) => ({ k: 'reload' as const, t })),
  fc
    .record({ t: fc.integer({ min: 0, max: 1 }), hidden: fc.boolean() })
    .map((h) => ({ k: 'hide' as const, ...h })),
  fc.integer({ min: 0, max: 1 }).map((t) => ({ k: 'refresh' as const, t })),
);

async function run(player: (typeof BARRED)[number], steps: Step[]): Promise<void> {
  world.closeAll();
  world.renew();
  world.server.reset();
  let skew = 0; // the device's wall clock minus the server's time
  const open = (tabId: string): Tab =>
    world.open({
      tabId,
      random: tabId === 'tab-0' ? 0.3 : 0.6,
      environment: {
        clock: createClock({ wall: () => world.now() + skew, monotonic: () => world.clock.now() }),
      },
    });
  const tabs = [open('tab-0'), open('tab-1')];
  await logIn(world, tabs[0]!, player);
  let forward = 0;
  const seen: string[] = [];
  const check = (label: string) => {
    for (const [i, t] of tabs.entries()) {
      const v = t.client.view;
      if (v.status === 'signedIn' && v.restrictions?.canBet) seen.push(`tab ${i} free after ${label}`);
    }
  };
  check('login');
  for (const s of steps) {
    switch (s.k) {
      case 'advance':
        forward += s.ms;
        if (forward < 3 * 24 * H) await world.advance(s.ms, Math.min(s.ms, S));
        break;
      case 'sleep':
        forward += s.ms;
        if (forward < 3 * 24 * H) world.jump(s.ms);
        break;
      case 'skew':
        skew += s.ms;
        break;
      case 'date':
        world.server.faults.add({ path: PROFILE, headers: { date: s.value }, times: s.times });
        break;
      case 'fail':
        world.server.faults.add({ path: PROFILE, status: s.status, body: s.body, times: s.times });
        break;
      case 'drop':
        world.server.faults.add({ path: PROFILE, drop: true, times: s.times });
        break;
      case 'reload':
        tabs[s.t]!.client.stop();
        tabs[s.t] = open(`tab-${s.t}-${seen.length}-${Math.random()}`);
        break;
      case 'hide':
        tabs[s.t]!.page.setHidden(s.hidden);
        break;
      case 'refresh':
        tabs[s.t]!.client.state.send({ type: 'REFRESH' });
        break;
    }
    await world.settle();
    check(JSON.stringify(s));
    await world.advance(2 * S, 500);
    check(`${JSON.stringify(s)} +2s`);
  }
  expect(seen).toEqual([]);
}

describe('review 116: a barred player is never free to bet', () => {
  it('over generated clocks, dates, failing reads, reloads and page signals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BARRED), fc.array(step, { minLength: 4, maxLength: 14 }), run),
      { seed: Number(process.env.REV116_SEED ?? 11616), numRuns: Number(process.env.REV116_RUNS ?? 25) },
    );
  }, 300_000);
});
