// Review 83, finding 3 (LOW/MEDIUM; helper 431, against 80e22b99). Fixed in the fifty-second pass (failed on
// 0e28b8a7, seen): incomeReportMachine.ts `deadline` at most `maxPollMs`.
// What it checks: incomeReportMachine's whole-report deadline (`maxPollMs`, default 5 min) when the
// app's own clock (`input.now`, used as is) read far ahead at GENERATE and is corrected before the
// report's first answer.
// What the docs promise: polling is bounded ("after `maxPollMs` of polling the report is
// `timedOut`"; docs/time.md: the income report's deadline runs on the clock's base; the brief's
// "timers are bounded"). tokenRefreshMachine pulls a reading after the clock back to it
// (`pullBack`) so a step back postpones nothing by more than its own wait.
// What happens: `startReport` keeps `startedAt` = the GENERATE reading (10 days ahead); `polling`'s
// `deadline` is `startedAt + maxPollMs - at` at its entry, after the correction: 10 days and 5 min.
// The report polls (every ~20 s) for 10 days instead of timing out at 5 min.
import type { IncomeReportData } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { type IncomeReportUser, incomeReportMachine } from '../../machines/incomeReportMachine';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const T0 = Date.UTC(2030, 0, 10, 12);
const report = (status: 1 | 2 | 3 | 4): IncomeReportData => ({ id: 7, status, reference_year: 2025 });

const flush = async () => {
  for (let i = 0; i < 30; i++) await Promise.resolve();
};

describe('incomeReportMachine: GENERATE on an app clock far ahead, corrected before the answer', () => {
  it.each([
    ['10 days ahead, then corrected', 10 * DAY],
    ['control: a right clock', 0],
  ])('%s: times out within maxPollMs of real polling', async (_n, start) => {
    const sim = new SimulatedClock();
    let ahead = start;
    let polls = 0;
    let answer!: (r: IncomeReportData) => void;
    const user: IncomeReportUser = {
      getAvailableYears: async () => ({ years: [2025] }),
      generateIncomeReport: () =>
        new Promise<IncomeReportData>((resolve) => {
          answer = resolve;
        }),
      getIncomeReportStatus: async () => {
        polls += 1;
        return report(2);
      },
    };
    const actor = createActor(incomeReportMachine, {
      clock: sim,
      input: {
        user,
        now: () => T0 + ahead + sim.now(),
        random: () => 0.5,
        environment: {
          visibility: { isHidden: () => false, onChange: () => () => {} },
          focus: { onFocus: () => () => {} },
          online: { isOnline: () => true, onChange: () => () => {} },
        },
      },
    });
    actor.start();
    await flush();
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' } as never);
    await flush();
    expect(actor.getSnapshot().value).toBe('generating');
    // The app's clock is corrected (10 days back), then the report's first answer comes.
    ahead = 0;
    answer(report(1));
    await flush();
    for (let t = 0; t < 30 * MIN; t += 5_000) {
      sim.increment(5_000);
      await flush();
    }
    const value = actor.getSnapshot().value;
    actor.stop();
    expect({ value, polls }).toMatchObject({ value: 'timedOut' });
  });
});
