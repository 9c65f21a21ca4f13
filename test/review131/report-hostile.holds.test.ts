// Review 131, HOLDS: the income-report machine against hostile ids, statuses and long 5xx runs,
// over a real socket, time simulated.
import fc from 'fast-check';
import { isPamError } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  gapsOf,
  pollsOf,
  type Reply,
  type ReportSnapshot,
  type Route,
  report,
  reportRig,
  runUntil,
} from './report-support';

const rigs: Awaited<ReturnType<typeof reportRig>>[] = [];
afterEach(async () => {
  for (const r of rigs.splice(0)) {
    r.actor.stop();
    await r.server.close();
  }
});

const finished = (s: ReportSnapshot) =>
  s.matches('completed') || s.matches('failed') || s.matches('timedOut');

async function run(route: Route, maxPollMs = 120_000) {
  const rig = await reportRig(route, { maxPollMs });
  rigs.push(rig);
  rig.actor.start();
  await runUntil(rig, (s) => s.matches('ready'));
  rig.actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
  const s = await runUntil(rig, finished);
  return { ...rig, s };
}

const generateAnswers =
  (generated: unknown, poll: (n: number) => Reply = () => ({ body: report(2) })): Route =>
  (method, url) => {
    if (url.endsWith('/income-report/available-years')) return { body: { years: [2025] } };
    if (method === 'POST' && url.endsWith('/income-report/generate')) return { body: generated };
    if (/\/income-report\/7$/.test(url)) return poll(0);
    return { status: 404, body: { message: 'no route' } };
  };

describe('review 131: hostile report ids never reach a path', () => {
  for (const id of [
    '../8',
    '7/../8',
    '7%2F..%2F8',
    '%2e%2e',
    -1,
    0,
    1e21,
    2 ** 53,
    '0x7',
    null,
    [7],
    { id: 7 },
  ])
    it(`generate answers id ${JSON.stringify(id)}: typed failure, or polls /income-report/7 only`, async () => {
      const t = await run(generateAnswers(report(1, { id })));
      expect(t.s.value).toBe('failed');
      expect(isPamError(t.s.context.error)).toBe(true);
      const paths = t.seen.map((r) => r.url).filter((u) => !/available-years|generate$/.test(u));
      expect(paths.every((u) => /\/v1\/income-report\/7$/.test(u))).toBe(true);
      expect(t.clock.due.size).toBe(0);
    });
});

describe('review 131: a padded numeric id', () => {
  it('" 7" is read as 7 (PHP-ism): only /income-report/7 is polled', async () => {
    const t = await run(generateAnswers(report(1, { id: ' 7' })));
    expect(t.s.value).toBe('timedOut');
    expect(t.s.context.report?.id).toBe(7);
    const paths = t.seen.map((r) => r.url).filter((u) => !/available-years|generate$/.test(u));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((u) => /\/v1\/income-report\/7$/.test(u))).toBe(true);
  });
});

describe('review 131: statuses outside 1..4', () => {
  it('any status outside the spec’s set fails typed (invalid_response), never completes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.integer().filter((n) => n < 1 || n > 4),
          fc.constantFrom(2.5, '3a', '', null, true, 'completed', Number.NaN),
        ),
        async (status) => {
          const t = await run(generateAnswers(report(1), () => ({ body: report(status) })));
          rigs.splice(rigs.indexOf(t), 1);
          t.actor.stop();
          await t.server.close();
          expect(t.s.value).toBe('failed');
          expect(t.s.context.error?.code).toBe('invalid_response');
        },
      ),
      { numRuns: 15, seed: 1311 },
    );
  });
});

describe('review 131: transient failures keep polling, bounded', () => {
  it('503 for ever: polls to the deadline (never stops early), backs off, no timer left', async () => {
    const t = await run(
      generateAnswers(report(1), () => ({ status: 503, body: { message: 'down' } })),
      120_000,
    );
    expect(t.s.value).toBe('timedOut');
    const at = pollsOf(t.seen).map((r) => r.at);
    const start = t.s.context.startedAt!;
    expect(at.length).toBeGreaterThan(5);
    expect(Math.max(...at) - start).toBeGreaterThan(60_000); // not given up early
    expect(Math.max(...at) - start).toBeLessThanOrEqual(120_000);
    expect(Math.min(...gapsOf(at))).toBeGreaterThanOrEqual(900);
    expect(Math.max(...gapsOf(at))).toBeLessThanOrEqual(11_000); // capped at 10 × interval (+10 %)
    expect(t.clock.due.size).toBe(0);
  });

  it('ready, then 404 on the next poll of a pending one: failed typed, no more polls', async () => {
    let k = 0;
    const t = await run(
      generateAnswers(report(1), () => (k++ === 0 ? { body: report(2) } : { status: 404, body: {} })),
    );
    expect(t.s.value).toBe('failed');
    expect(t.s.context.error?.code).toBe('http');
    const n = t.seen.length;
    t.clock.increment(600_000);
    expect(t.seen.length).toBe(n);
    expect(t.clock.due.size).toBe(0);
  });

  it('a report for another player (another id on a poll): failed typed, not completed', async () => {
    const t = await run(
      generateAnswers(report(1), () => ({ body: report(3, { id: 8, download_url: '/x.pdf' }) })),
    );
    expect(t.s.value).toBe('failed');
    expect(t.s.context.error?.code).toBe('invalid_response');
    expect(t.s.context.report?.id).not.toBe(8);
  });
});
