import fc from 'fast-check';
import type { FunnelEvent } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';
import { funnelTab } from './record';

// Open item 1 of the thirtieth pass: the funnel's `at` is the server's clock, whose estimate a
// later answer's `Date` moves back (by its bound at most). A limit change's re-read was stamped
// 50 ms before the reading told just before it. The stamps never go back now: whatever the clock
// does, the restrictions' readings are stamped in the order read, and every other event is stamped
// no earlier than any event told before it (a reading held by a change keeps the stamp of its
// reading, which may precede that change's answer: docs/events.md).

const world = useWorld({ reportStepMs: 2 * S });
const READINGS = new Set(['rg.restrictionsRead', 'rg.limitChanged']);

type Op = { t: 'limit'; amount: number } | { t: 'wait'; ms: number } | { t: 'relogin' };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('limit' as const), amount: fc.constantFrom(50, 100, 200) }),
  fc.record({ t: fc.constant('wait' as const), ms: fc.constantFrom(50, 700, 5 * S) }),
  fc.constant({ t: 'relogin' as const }),
);

/** Where each stamp breaks the rule (none: `[]`). */
function backwards(events: readonly FunnelEvent[]) {
  const bad: string[] = [];
  let latest = -Infinity;
  let latestReading = -Infinity;
  for (const [i, e] of events.entries()) {
    const at = (e as { at: number }).at;
    if (READINGS.has(e.type)) {
      if (at < latestReading) bad.push(`${i} ${e.type} ${at} < reading ${latestReading}`);
      latestReading = Math.max(latestReading, at);
    } else if (at < latest) bad.push(`${i} ${e.type} ${at} < ${latest}`);
    latest = Math.max(latest, at);
  }
  return bad;
}

describe('funnel: stamps never go back (the server clock moved back by an answer)', () => {
  it('the limit change example: every event of it stamped in order', async () => {
    const tab = funnelTab(world);
    await logIn(world, tab);
    for (let i = 0; i < 200 && !tab.funnel.some((e) => e.type === 'rg.restrictionsRead'); i++)
      await world.advance(50, 50);
    const from = tab.funnel.length;
    await world.during(
      tab.client.user.updateLimits({
        user_limit_deposit: 100,
        user_limit_deposit_active: 1,
        user_limit_deposit_period: 'daily',
      }),
    );
    const reads = () => tab.funnel.slice(from).filter((e) => e.type === 'rg.restrictionsRead');
    for (let i = 0; i < 200 && reads().length < 2; i++) await world.advance(50, 50);
    const events = tab.funnel.slice(from);
    expect(reads()).toHaveLength(2);
    const ats = events.map((e) => (e as { at: number }).at);
    expect(ats).toEqual([...ats].sort((a, b) => a - b));
  });

  it('over generated clock steps and changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -2 * S, max: 2 * S }), { minLength: 1, maxLength: 12 }),
        fc.array(op, { minLength: 1, maxLength: 6 }),
        async (steps, ops) => {
          world.renew();
          world.server.reset();
          let k = 0;
          // The server's clock as the app knows it: each reading a step apart from the world's.
          const serverNow = () => world.now() + steps[k++ % steps.length]!;
          const tab = funnelTab(world, { environment: { serverNow } as never });
          try {
            await logIn(world, tab);
            for (const o of ops) {
              if (o.t === 'limit')
                await world
                  .during(
                    tab.client.user.updateLimits({
                      user_limit_deposit: o.amount,
                      user_limit_deposit_active: 1,
                      user_limit_deposit_period: 'daily',
                    }),
                  )
                  .catch(() => {});
              else if (o.t === 'wait') await world.advance(o.ms, 50);
              else {
                tab.client.logout();
                await world.advance(S, 50);
                await logIn(world, tab);
              }
            }
            await world.advance(5 * S, 50);
            expect(tab.funnel.length).toBeGreaterThan(0);
            expect(backwards(tab.funnel)).toEqual([]);
          } finally {
            tab.client.stop();
            world.tabs.splice(world.tabs.indexOf(tab), 1);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});
