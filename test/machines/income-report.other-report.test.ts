// incomeReportMachine against a hostile server (review L3) over real HTTP, with createUserModule's
// operations as its services: an answer about another report (another id while polling, another
// reference year for the request) is refused by the operation as `invalid_response`, and the
// machine fails with it (not transient), never `completed` with a report the player did not ask
// for. Delays run on a SimulatedClock; the test waits on the event loop (no sleeps).

import fc from 'fast-check';
import { createOfetchAdapter, createUserModule, isPamError } from 'pam-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom, waitFor } from 'xstate';
import { incomeReportMachine } from '../../machines/incomeReportMachine';
import { type EchoServer, startEchoServer } from '../http/echo-server';

type Snapshot = SnapshotFrom<typeof incomeReportMachine>;

const REPORT = {
  id: 7,
  reference_year: 2025,
  status: 1,
  delivery_type: 'download',
  requested_at: '2026-01-01 00:00:00',
  generated_at: null,
  path: null,
  download_url: null,
};
const DONE = { status: 3, generated_at: '2026-01-01 00:01:00', download_url: 'https://files.example/r.pdf' };

let api: EchoServer;
beforeAll(async () => {
  api = await startEchoServer();
});
afterAll(() => api?.close());

/** Serves years [year], `generated` for the POST and `polled` for every status GET. */
function serve(year: number, generated: object, polled: object) {
  api.answer = ({ url }) =>
    url === '/income-report/available-years'
      ? { status: 200, body: { years: [year] } }
      : url === '/income-report/generate'
        ? { status: 200, body: generated }
        : { status: 200, body: polled };
}

const idle = (s: Snapshot) =>
  !(s.matches('loadingYears') || s.matches('generating') || s.matches({ polling: 'fetching' }));

/** Generates a report of `year` and runs the polls until the actor is done. */
async function run(generated: object, polled: object, year = 2025): Promise<Snapshot> {
  serve(year, generated, polled);
  api.requests.splice(0);
  const clock = new SimulatedClock();
  const user = createUserModule(createOfetchAdapter({ baseURL: api.url, retry: 0 }));
  const actor = createActor(incomeReportMachine, {
    clock,
    input: { user, pollIntervalMs: 400, maxPollMs: 60_000, now: () => clock.now(), random: () => 0.5 },
  });
  const crashes: unknown[] = [];
  actor.subscribe({ error: (e) => crashes.push(e) });
  actor.start();
  await waitFor(actor, (s) => s.matches('ready'), { timeout: 10_000 });
  actor.send({ type: 'GENERATE', referenceYear: year, deliveryType: 'download' });
  let s = await waitFor(actor, idle, { timeout: 10_000 });
  for (let i = 0; i < 5 && s.matches('polling'); i++) {
    clock.increment(10_000);
    s = await waitFor(actor, idle, { timeout: 10_000 });
  }
  actor.stop();
  expect(crashes).toEqual([]);
  return s;
}

const issuePath = (s: Snapshot) => (s.context.error as { issues?: { path: unknown }[] }).issues?.[0]?.path;

describe('incomeReportMachine: an answer about another report', () => {
  it.each([
    ['done', { ...REPORT, ...DONE, id: 99 }],
    ['still processing', { ...REPORT, status: 2, id: 99 }],
  ])('a poll of report 7 answered by report 99 (%s) fails with invalid_response', async (_, polled) => {
    const s = await run(REPORT, polled);
    expect(s.value).toBe('failed');
    expect(s.context.failure).toBe('report');
    expect(isPamError(s.context.error) && s.context.error.code).toBe('invalid_response');
    expect(issuePath(s)).toEqual(['id']);
    // The report kept is the one requested, as the generate answer gave it.
    expect(s.context.report).toMatchObject({ id: 7, reference_year: 2025, status: 1 });
  });

  it('a generate answer for another year fails with invalid_response, nothing polled', async () => {
    const s = await run(
      { ...REPORT, ...DONE, reference_year: 2019 },
      { ...REPORT, ...DONE, reference_year: 2019 },
    );
    expect(s.value).toBe('failed');
    expect(isPamError(s.context.error) && s.context.error.code).toBe('invalid_response');
    expect(issuePath(s)).toEqual(['reference_year']);
    expect(s.context.report).toBeNull();
    expect(api.requests.filter((r) => /^\/income-report\/\d+$/.test(r.url))).toEqual([]);
  });

  it('answers without reference_year (the spec lets them omit it) are judged by the id: completes', async () => {
    const { reference_year: _, ...noYear } = REPORT;
    const s = await run(noYear, { ...noYear, ...DONE });
    expect(s.value).toBe('completed');
    expect(s.context.report).toMatchObject({ id: 7, status: 3 });
  });

  it('the report requested completes (generate gave id 8: polls of 8 answer 8)', async () => {
    const s = await run({ ...REPORT, id: 8 }, { ...REPORT, ...DONE, id: 8 });
    expect(s.value).toBe('completed');
    expect(s.context.report).toMatchObject({ id: 8, reference_year: 2025, status: 3 });
  });

  it('property: completed => the id polled answered and the year asked (or none)', async () => {
    // A server that answers the generate with report `asked` and every poll with report
    // `answered`, each about year `answeredYear` (or none), for a request of `askedYear`.
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2023, max: 2026 }),
        fc.option(fc.integer({ min: 2023, max: 2026 }), { nil: undefined }),
        async (asked, answered, askedYear, answeredYear) => {
          const year = answeredYear === undefined ? {} : { reference_year: answeredYear };
          const { reference_year: _, ...base } = REPORT;
          const s = await run(
            { ...base, ...year, id: asked },
            { ...base, ...DONE, ...year, id: answered },
            askedYear,
          );
          const sameReport = answered === asked && (answeredYear === undefined || answeredYear === askedYear);
          const code = isPamError(s.context.error) ? s.context.error.code : undefined;
          expect({ state: s.value, code }).toEqual(
            sameReport
              ? { state: 'completed', code: undefined }
              : { state: 'failed', code: 'invalid_response' },
          );
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);
});
