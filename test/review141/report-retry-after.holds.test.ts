// review141: the income-report poll honours a server's Retry-After (seconds, HTTP date), ignores a
// negative or garbage one (its own backoff instead), and a huge one ends at the deadline, typed,
// with no timer left. Real sockets (a scripted node:http server), time on a SimulatedClock.
import { afterEach, describe, expect, it } from 'vitest';
import { hostile, idle, json, report, reportActor, routes, runUntil, settle, TestClock } from './hostile';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

const DONE = report({
  status: 3,
  download_url: '/income-report/7/file',
  generated_at: '2026-01-01T00:01:00Z',
});

async function run(first: (res: import('node:http').ServerResponse) => void) {
  const clock = new TestClock();
  const srv = await hostile(() => clock.now());
  close = srv.close;
  srv.on(routes((n, _q, res) => (n === 0 ? first(res) : json(res, 200, DONE))));
  const actor = reportActor(srv.url, clock);
  await settle(actor);
  actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
  const s = await runUntil(actor, clock, idle);
  const polls = srv.seen.filter((q) => /^\/income-report\/7$/.test(q.path)).map((q) => q.at);
  actor.stop();
  return { s, polls, clock };
}

describe('Retry-After on a poll (review141)', () => {
  it('429 Retry-After: 120 puts the next poll 120 s after the answer', async () => {
    const { s, polls, clock } = await run((res) =>
      json(res, 429, { message: 'slow down' }, { 'retry-after': '120' }),
    );
    expect(s.value).toBe('completed');
    expect(polls).toEqual([1_000, 121_000]);
    expect(clock.due.size).toBe(0);
  });

  it("503 Retry-After as an HTTP date (from the answer's Date) is waited out", async () => {
    const date = 'Wed, 21 Oct 2015 07:28:00 GMT';
    const { s, polls } = await run((res) =>
      json(res, 503, {}, { date, 'retry-after': 'Wed, 21 Oct 2015 07:29:30 GMT' }),
    );
    expect(s.value).toBe('completed');
    expect(polls).toEqual([1_000, 91_000]);
  });

  it.each(['-5', 'soon', '1e3', '12.5', ''])('Retry-After %j: the backoff (1.5 s), no crash', async (v) => {
    const { s, polls } = await run((res) => json(res, 503, {}, { 'retry-after': v }));
    expect(s.value).toBe('completed');
    expect(polls).toEqual([1_000, 2_500]);
  });

  it('a huge Retry-After ends timedOut at the deadline, nothing more sent, no timer left', async () => {
    const clock = new TestClock();
    const srv = await hostile(() => clock.now());
    close = srv.close;
    srv.on(routes((_n, _q, res) => json(res, 429, {}, { 'retry-after': '99999999999999' })));
    const actor = reportActor(srv.url, clock, { maxPollMs: 60_000 });
    await settle(actor);
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    const s = await runUntil(actor, clock, idle);
    expect(s.value).toBe('timedOut');
    expect(clock.now()).toBe(60_000);
    expect(srv.seen.filter((q) => q.path === '/income-report/7').length).toBe(1);
    actor.stop();
    expect(clock.due.size).toBe(0);
  });

  it('a 503 storm: polls never closer than the backoff, ends timedOut with the typed error', async () => {
    const clock = new TestClock();
    const srv = await hostile(() => clock.now());
    close = srv.close;
    srv.on(routes((_n, _q, res) => json(res, 503, {})));
    const actor = reportActor(srv.url, clock, { maxPollMs: 60_000 });
    await settle(actor);
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    const s = await runUntil(actor, clock, idle);
    expect(s.value).toBe('timedOut');
    const at = srv.seen.filter((q) => q.path === '/income-report/7').map((q) => q.at);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    // 1000 × 1.5^n, capped at 10 s
    expect(gaps).toEqual(gaps.map((_, i) => Math.round(Math.min(10_000, 1000 * 1.5 ** (i + 1)))));
    expect(s.context.error?.code).toBeDefined();
    actor.stop();
    expect(clock.due.size).toBe(0);
  });
});
