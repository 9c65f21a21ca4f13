// Review 113, probe 4 (held): a report that never leaves "processing", answered in hostile
// spellings, and 503s between: the machine polls with backoff, a bounded number of times, and ends
// `timedOut` at `maxPollMs` (SimulatedClock only); an answer of another shape (status 99, a huge
// id, `download_url: 'javascript:…'`) never reaches the context; no crash.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { incomeReportMachine } from '../../machines/incomeReportMachine';
import { HttpError } from '../../src/errors/index';
import { until } from '../support/event-loop';

async function run(answers: unknown[]) {
  let polls = 0;
  const user = {
    getAvailableYears: async () => ({ years: [2025] }),
    generateIncomeReport: async () => ({ id: 7, status: 1, reference_year: 2025, delivery_type: 'download' }),
    getIncomeReportStatus: async () => {
      const n = polls++;
      if (n % 6 === 5) throw new HttpError({ status: 503, method: 'GET', path: '/income-report/7' });
      return answers[n % answers.length];
    },
  };
  const clock = new SimulatedClock();
  const actor = createActor(incomeReportMachine, {
    clock,
    input: {
      user: user as never,
      pollIntervalMs: 1_000,
      maxPollMs: 120_000,
      now: () => clock.now(),
      random: () => 0.5,
    },
  });
  const crashes: unknown[] = [];
  const urls = new Set<unknown>();
  actor.subscribe({ next: (s) => urls.add(s.context.report?.download_url), error: (e) => crashes.push(e) });
  actor.start();
  await until(() => actor.getSnapshot().matches('ready'), 'ready');
  actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
  const over = () =>
    (['timedOut', 'failed', 'completed'] as const).some((v) => actor.getSnapshot().matches(v));
  for (let t = 0; t < 200 && !over(); t++) {
    await until(() => !actor.getSnapshot().matches('generating'), 'generated');
    clock.increment(1_000);
    await Promise.resolve();
  }
  const s = actor.getSnapshot();
  actor.stop();
  return { s, polls, crashes, urls: [...urls].filter((u) => typeof u === 'string') };
}

describe('review 113: income report, endless processing and hostile answers (held)', () => {
  it('never leaving processing (503s between): bounded polls, timedOut at maxPollMs', async () => {
    const { s, polls, crashes } = await run([
      { id: 7, status: 2, reference_year: 2025, delivery_type: 'download', download_url: null },
      { id: 7, status: 1, reference_year: 2025, file_size: 1e308 },
    ]);
    expect(crashes).toEqual([]);
    expect(s.value).toBe('timedOut');
    // 120 s of backoff from 1 s, capped at 10 s: far fewer than one poll a second.
    expect(polls).toBeGreaterThan(3);
    expect(polls).toBeLessThan(40);
  });

  it.each([
    [
      'a javascript: URL on a completed download',
      { id: 7, status: 3, reference_year: 2025, download_url: 'javascript:alert(1)' },
    ],
    [
      'a scheme-relative URL',
      { id: 7, status: 3, reference_year: 2025, download_url: '//evil.example/r.pdf' },
    ],
    [
      'user info in the URL',
      { id: 7, status: 3, reference_year: 2025, download_url: 'https://a@evil.example/r.pdf' },
    ],
    ['status 99', { id: 7, status: 99, reference_year: 2025 }],
    [
      'another report, ready',
      { id: 8, status: 3, reference_year: 2025, download_url: 'https://evil.example/r.pdf' },
    ],
    ['another year', { id: 7, status: 3, reference_year: 2024, download_url: 'https://evil.example/r.pdf' }],
  ])('%s: failed invalid_response, no URL kept, no crash', async (_name, answer) => {
    const { s, crashes, urls } = await run([answer]);
    expect(crashes).toEqual([]);
    expect(s.value).toBe('failed');
    expect(s.context.error?.code).toBe('invalid_response');
    expect(urls).toEqual([]);
    expect(JSON.stringify(s.context)).not.toMatch(/javascript|evil/);
  });
});
