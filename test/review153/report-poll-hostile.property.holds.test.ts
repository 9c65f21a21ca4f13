// Review 153, HOLDS (property): the report machine polled through generated sequences of hostile
// answers (unknown statuses, 202s, 429s with Retry-After huge / negative / a date / junk, 503s, a
// redirect off the API, another id or year, a 404) while its clock steps back and forth, gives NaN
// or throws. Real socket (node:http, 127.0.0.1), SimulatedClock for the timers, the machine's
// `now` a separate clock that jumps. Invariants: it ends by the deadline counted on the timers'
// time; `completed` only on the very answer that was the report asked for, ready; never two polls
// closer than the backoff's floor; the actor never errors; no timer left.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { type Reply, report, reportRig, runUntil } from '../review131/report-support';

const READY = report(3, { generated_at: '2026-01-01 10:00:05', download_url: '/v1/income-report/7/file' });
const KINDS: Record<string, Reply> = {
  pending: { body: report(1) },
  processing202: { status: 202, body: report(2) },
  unknownStatus: { body: report(7) },
  statusText: { body: report('done') },
  otherId: { body: { ...READY, id: 8 } },
  otherYear: { body: { ...READY, reference_year: 2024 } },
  ready: { body: READY },
  readyEnvelope: { body: { data: READY } },
  retryHuge: { status: 429, body: { message: 'slow' }, headers: { 'retry-after': '99999999999999999999' } },
  retryNegative: { status: 429, body: {}, headers: { 'retry-after': '-30' } },
  retryDateFuture: { status: 503, body: {}, headers: { 'retry-after': 'Wed, 21 Oct 2099 07:28:00 GMT' } },
  retryDatePast: { status: 503, body: {}, headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' } },
  retryJunk: { status: 429, body: {}, headers: { 'retry-after': 'soon' } },
  unavailable: { status: 503, body: { message: 'down' } },
  redirectAway: { status: 302, headers: { location: 'http://127.0.0.1:9/v1/income-report/7' } },
  notFound: { status: 404, body: { message: 'no such report' } },
};
const kindNames = Object.keys(KINDS);

const clockStep = fc.oneof(
  fc.integer({ min: -3_600_000, max: 3_600_000 }).map((d) => ({ d })),
  fc.constantFrom({ d: Number.NaN }, { d: 'throw' as const }),
);

const rigs: Awaited<ReturnType<typeof reportRig>>[] = [];
afterEach(async () => {
  for (const r of rigs.splice(0)) {
    r.actor.stop();
    await r.server.close();
  }
});

const MAX = 60_000;
const INTERVAL = 1_000;

describe('review 153: generated hostile poll answers and clock jumps', () => {
  it('ends by the deadline; completed only on the ready answer; backoff floor kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...kindNames), { minLength: 1, maxLength: 40 }),
        fc.array(clockStep, { minLength: 1, maxLength: 12 }),
        async (answers, steps) => {
          const served: string[] = [];
          let reads = 0;
          let offset = 0;
          let actorError: unknown;
          const rig = await reportRig(
            (method, url) => {
              if (url.endsWith('/income-report/available-years')) return { body: { years: [2025] } };
              if (method === 'POST' && url.endsWith('/income-report/generate')) return { body: report(1) };
              if (/\/income-report\/7$/.test(url)) {
                const k = answers[served.length % answers.length]!;
                served.push(k);
                return KINDS[k]!;
              }
              return { status: 404, body: {} };
            },
            {
              pollIntervalMs: INTERVAL,
              maxPollMs: MAX,
              now: () => {
                // The first reads (the GENERATE's) are sound; later ones step as generated.
                const s = reads++ < 1 ? { d: 0 } : steps[reads % steps.length]!;
                if (s.d === 'throw') throw new Error('clock broke');
                if (Number.isNaN(s.d)) return Number.NaN;
                offset += s.d;
                return rig.clock.now() + offset;
              },
            },
          );
          rigs.push(rig);
          rig.actor.subscribe({ error: (e) => (actorError = e) });
          rig.actor.start();
          await runUntil(rig, (s) => s.matches('ready'));
          const t0 = rig.clock.now();
          rig.actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
          const s = await runUntil(
            rig,
            (x) => x.matches('completed') || x.matches('failed') || x.matches('timedOut'),
            2000,
          );
          expect(actorError).toBeUndefined();
          expect(s.status).toBe('active');
          expect(['completed', 'failed', 'timedOut']).toContain(s.value);
          expect(rig.clock.now() - t0).toBeLessThanOrEqual(MAX);
          expect(s.matches('completed')).toBe(served.at(-1) === 'ready');
          const at = rig.seen.filter((r) => /\/income-report\/7$/.test(r.url)).map((r) => r.at);
          for (let i = 1; i < at.length; i++)
            expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(0.9 * INTERVAL);
          expect(rig.clock.due.size).toBe(0);
          rig.actor.stop();
          await rig.server.close();
          rigs.splice(rigs.indexOf(rig), 1);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
