// incomeReportMachine keeps no `download_url` a download would not fetch, in any answer (review
// leftover of the thirty-first pass): a completed download with one fails `invalid_response` (its
// own tests), and every other answer (an e-mail delivery, one pending, processing or failed) drops
// it, where the context, its snapshots and an app's link kept a hostile server's `javascript:`.
// A hand-made user module answers each generated report; time on a SimulatedClock.

import fc from 'fast-check';
import type { IncomeReportData, IncomeReportDeliveryType } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { incomeReportMachine } from '../../machines/incomeReportMachine';
import { isDownloadURL } from '../../src/user/download';
import { until } from '../support/event-loop';
import { hostileURL } from '../user/hostile-urls';

/** Every string value in `v`, at any depth. */
const stringsOf = (v: unknown): unknown[] =>
  typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(stringsOf) : [];

async function urlsSeen(status: number, type: IncomeReportDeliveryType, url: string, polled: boolean) {
  const report = (s: number) =>
    ({ id: 7, reference_year: 2025, delivery_type: type, status: s, download_url: url }) as IncomeReportData;
  const user = {
    getAvailableYears: async () => ({ years: [2025] }),
    // The generate's answer, or (pending there) the poll's.
    generateIncomeReport: async () => report(polled ? 1 : status),
    getIncomeReportStatus: async () => report(status),
  };
  const clock = new SimulatedClock();
  const actor = createActor(incomeReportMachine, {
    clock,
    input: {
      user: user as never,
      pollIntervalMs: 400,
      maxPollMs: 600_000,
      now: () => clock.now(),
      random: () => 0.5,
    },
  });
  const seen: unknown[] = [];
  const crashes: unknown[] = [];
  actor.subscribe({ next: (s) => seen.push(s.context.report?.download_url), error: (e) => crashes.push(e) });
  actor.start();
  await until(() => actor.getSnapshot().matches('ready'), 'ready');
  actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: type });
  for (let i = 0; i < 4; i++) {
    await until(() => !actor.getSnapshot().matches('generating'), 'generated');
    clock.increment(1_000);
  }
  seen.push(actor.getSnapshot().context.report?.download_url, JSON.stringify(actor.getSnapshot()));
  actor.stop();
  expect(crashes).toEqual([]);
  return seen;
}

describe('incomeReportMachine: no unusable download_url in its context, whatever the answer', () => {
  it('an e-mail report, completed, with a javascript: URL: dropped', async () => {
    const seen = await urlsSeen(3, 'email', 'javascript:alert(1)', false);
    expect(seen.some((u) => typeof u === 'string' && u.includes('javascript'))).toBe(false);
  });

  it('(property) any status and delivery, from the generate or a poll: only a URL a download fetches is kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(1, 2, 3, 4),
        fc.constantFrom<IncomeReportDeliveryType>('email', 'download'),
        fc.oneof(hostileURL, fc.constantFrom('https://b.example/r.pdf', '/files/r.pdf', 'http:/x')),
        fc.boolean(),
        async (status, type, url, polled) => {
          const seen = await urlsSeen(status, type, url, polled);
          const last = seen.pop() as string;
          for (const u of seen) expect(u == null || isDownloadURL(u), String(u)).toBe(true);
          // Nor anywhere in the snapshot (an unusable one never kept): no string of it is that URL
          // (not a substring search: CI's seed 1203944023, a URL of one space, is in any snapshot).
          expect(isDownloadURL(url) || url === '' || !stringsOf(JSON.parse(last)).includes(url)).toBe(true);
        },
      ),
      {
        numRuns: 150,
        // (CI's seed, kept: the substring check it failed, above.)
        examples: [[3, 'download', ' ', false]],
      },
    );
  });
});
