// Review 131, DEFECT: a paused poll that wakes (the page visible again, focus, online) is sent at
// once, even while the server's Retry-After (429/503) or the backoff still says wait. The machine's
// own schedule (`reportPollDelayMs`) is "never less than minDelayMs (a server's Retry-After)" and
// `pollIntervalMs × 1.5^polls`; `polling.paused` --WAKE--> `fetching` skips both. A player who
// switches tabs a few times hammers a server that asked for 2 minutes of quiet.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { gapsOf, idle, pollsOf, type Reply, report, reportRig, routeWith, runUntil } from './report-support';

const rigs: Awaited<ReturnType<typeof reportRig>>[] = [];
afterEach(async () => {
  for (const r of rigs.splice(0)) {
    r.actor.stop();
    await r.server.close();
  }
});

async function generated(poll: (n: number) => Reply) {
  const rig = await reportRig(routeWith(poll));
  rigs.push(rig);
  rig.actor.start();
  await runUntil(rig, (s) => s.matches('ready'));
  rig.actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
  return rig;
}

describe('review 131: a wake-up poll and the server’s Retry-After', () => {
  it('a 429 Retry-After: 120 then a quick tab switch: the next poll still waits 120 s', async () => {
    const rig = await generated((n) =>
      n === 0
        ? { status: 429, body: { message: 'slow down' }, headers: { 'retry-after': '120' } }
        : { body: report(2) },
    );
    await runUntil(rig, () => pollsOf(rig.seen).length >= 1);
    await idle(rig.actor);
    expect(rig.actor.getSnapshot().context.error?.code).toBe('http'); // the control: the 429 was read
    // A tab switch, no simulated time passing.
    rig.page.setHidden(true);
    rig.page.setHidden(false);
    await idle(rig.actor);
    // Then time runs until the second poll.
    await runUntil(rig, () => pollsOf(rig.seen).length >= 2);
    const at = pollsOf(rig.seen).map((r) => r.at);
    expect(at.length).toBeGreaterThanOrEqual(2);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(120_000);
  });

  it('generated hide/show flaps between waits never poll faster than 0.9 × pollIntervalMs', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 4000 }) }),
      fc.record({ kind: fc.constant('flap' as const), ms: fc.constant(0) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const rig = await generated(() => ({ body: report(2) }));
        await runUntil(rig, () => pollsOf(rig.seen).length >= 1);
        for (const s of steps) {
          await idle(rig.actor);
          if (s.kind === 'flap') {
            rig.page.setHidden(true);
            rig.page.setHidden(false);
          } else rig.clock.increment(s.ms);
        }
        await idle(rig.actor);
        const gaps = gapsOf(pollsOf(rig.seen).map((r) => r.at));
        rig.actor.stop();
        await rig.server.close();
        rigs.splice(rigs.indexOf(rig), 1);
        expect(Math.min(Infinity, ...gaps)).toBeGreaterThanOrEqual(900);
      }),
      { numRuns: 25, seed: 131 },
    );
  });
});
