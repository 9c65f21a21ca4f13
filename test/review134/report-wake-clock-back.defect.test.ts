// Review 134, DEFECT: the income report's wake-up reads the rest of its wait as `dueAt - at`
// (machines/incomeReportMachine.ts `pollDelay`), with no ceiling. `dueAt` was stamped on the clock
// before the pause; a `now` that stepped back meanwhile (the client's `createClock` correcting its
// server offset, the case the `deadline` delay already guards: review 83) makes the rest as long as
// the step. The poll that was due within 10 × pollIntervalMs is put off by an hour: the 600 s
// deadline fires first and the report fails as `timeout` without one more poll.
import { afterEach, describe, expect, it } from 'vitest';
import { idle, pollsOf, report, reportRig, routeWith, runUntil } from '../review131/report-support';

const rigs: Awaited<ReturnType<typeof reportRig>>[] = [];
afterEach(async () => {
  for (const r of rigs.splice(0)) {
    r.actor.stop();
    await r.server.close();
  }
});

describe('review 134: a wake-up after the clock stepped back', () => {
  it('polls within the backoff ceiling, not after the step', async () => {
    let offset = 0;
    // The machine's `now`: the rig's clock plus an offset the test moves, as a server-offset clock does.
    const rig2 = await reportRig(
      routeWith((n) => ({ body: report(n < 1 ? 1 : 2) })),
      {
        now: () => rig2.clock.now() + offset,
      },
    );
    rigs.push(rig2);
    rig2.actor.start();
    await runUntil(rig2, (s) => s.matches('ready'));
    rig2.actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await runUntil(rig2, () => pollsOf(rig2.seen).length >= 1);
    await idle(rig2.actor);
    expect(rig2.actor.getSnapshot().matches({ polling: 'waiting' })).toBe(true); // the control
    rig2.page.setHidden(true);
    await idle(rig2.actor);
    expect(rig2.actor.getSnapshot().matches({ polling: 'paused' })).toBe(true);
    offset = -3_600_000; // the clock corrected an hour back while hidden
    rig2.clock.increment(2000);
    rig2.page.setHidden(false);
    const end = await runUntil(rig2, () => pollsOf(rig2.seen).length >= 2);
    const at = pollsOf(rig2.seen).map((r) => r.at);
    expect({ polls: at.length, state: end.value, error: end.context.error?.code ?? null }).toMatchObject({
      polls: 2,
    });
    expect(at[1]! - at[0]!).toBeLessThanOrEqual(15_000);
  });
});
