// Review 146 (holds): the income-report poll over real sockets (a scripted node:http server), time
// on a SimulatedClock. Done, then pending again: completed at the first done, never polled again.
// A Retry-After date already past by the answer's own Date: the backoff, no storm. A poll that
// answers another report id mid-poll: failed typed, nothing more sent. Stopped during a hung poll:
// the request aborted (the server sees the hang-up), no machine timer and no timer of pam-client
// left (undici's own pool timers aside).
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  hostile,
  idle,
  json,
  report,
  reportActor,
  routes,
  runUntil,
  settle,
  TestClock,
} from '../review141/hostile';
import { until } from '../support/event-loop';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const c of closers.splice(0)) await c();
});

const DONE = report({
  status: 3,
  download_url: '/income-report/7/file',
  generated_at: '2026-01-01T00:01:00Z',
});

async function start(poll: (n: number, res: ServerResponse) => void, maxPollMs = 600_000) {
  const clock = new TestClock();
  const srv = await hostile(() => clock.now());
  closers.push(srv.close);
  srv.on(routes((n, _q, res) => poll(n, res)));
  const actor = reportActor(srv.url, clock, { maxPollMs });
  await settle(actor);
  actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
  const polls = () => srv.seen.filter((q) => q.path === '/income-report/7').length;
  return { clock, srv, actor, polls };
}

describe('review 146 (holds): the report poll', () => {
  it('done, then pending again: completed at the first done, no poll after it, no timer left', async () => {
    const { clock, actor, polls } = await start((n, res) =>
      json(res, 200, n === 0 ? report({ status: 2 }) : n === 1 ? DONE : report({ status: 1 })),
    );
    const s = await runUntil(actor, clock, idle);
    expect(s.value).toBe('completed');
    expect(s.context.report?.status).toBe(3);
    expect(polls()).toBe(2);
    expect(clock.due.size).toBe(0);
    clock.increment(3_600_000);
    expect(polls()).toBe(2);
    actor.stop();
  });

  it('a Retry-After date already past by the answer\u2019s Date: the backoff (1.5 s), completes', async () => {
    const date = 'Wed, 21 Oct 2015 07:28:00 GMT';
    const { clock, srv, actor } = await start((n, res) =>
      n === 0
        ? json(res, 429, {}, { date, 'retry-after': 'Wed, 21 Oct 2015 07:00:00 GMT' })
        : json(res, 200, DONE),
    );
    const s = await runUntil(actor, clock, idle);
    expect(s.value).toBe('completed');
    expect(srv.seen.filter((q) => q.path === '/income-report/7').map((q) => q.at)).toEqual([1_000, 2_500]);
    actor.stop();
  });

  it.each([
    ['another id', report({ id: 8, status: 2 })],
    ['another year', report({ reference_year: 2024, status: 2 })],
    ['e-mail instead of download', report({ delivery_type: 'email', status: 3 })],
    ['status 0', report({ status: 0 })],
    ['status "3" with no URL', report({ status: '3' })],
  ])('mid-poll, %s: failed invalid_response, nothing more sent', async (_n, other) => {
    const { clock, actor, polls } = await start((n, res) =>
      json(res, 200, n === 0 ? report({ status: 2 }) : other),
    );
    const s = await runUntil(actor, clock, idle);
    expect(s.value).toBe('failed');
    expect(s.context.error?.code).toBe('invalid_response');
    expect(polls()).toBe(2);
    clock.increment(3_600_000);
    expect(polls()).toBe(2);
    actor.stop();
  });

  it('stopped during a hung poll: aborted, no machine timer and no timer of pam-client left', async () => {
    // Every timer pam-client's own code sets (the adapter's timeout, a retry's sleep), watched on
    // the real timers (undici's own pool timers are not the client's and are left out).
    const live = new Map<unknown, string>();
    const realSet = globalThis.setTimeout;
    const realClear = globalThis.clearTimeout;
    const watchedSet = ((fn: (...a: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
      const stack = new Error().stack ?? '';
      const id: unknown = realSet(
        (...a: unknown[]) => {
          live.delete(id);
          fn(...a);
        },
        ms,
        ...rest,
      );
      if (!stack.includes('undici')) live.set(id, `${ms} ${stack.split('\n').slice(2, 6).join(' | ')}`);
      return id;
    }) as unknown as typeof setTimeout;
    const watchedClear = ((id: unknown) => {
      live.delete(id);
      realClear(id as Parameters<typeof clearTimeout>[0]);
    }) as typeof clearTimeout;
    globalThis.setTimeout = watchedSet;
    globalThis.clearTimeout = watchedClear;
    try {
      let hung: ServerResponse | undefined;
      const { clock, actor, polls } = await start((n, res) => {
        if (n === 0) json(res, 200, report({ status: 2 }));
        else hung = res;
      });
      await settle(actor);
      clock.advanceToNext(); // the first poll: processing
      await settle(actor);
      clock.advanceToNext(); // the second: hangs
      await until(() => hung !== undefined, 'the second poll hangs');
      expect(actor.getSnapshot().matches({ polling: 'fetching' })).toBe(true);
      expect(live.size).toBeGreaterThan(0); // the adapter's timeout, armed
      actor.stop();
      await until(() => hung!.socket === null || hung!.socket.destroyed, 'the poll aborted');
      await until(
        () => live.size === 0,
        () => `timers left: ${[...live.values()]}`,
      );
      expect(clock.due.size).toBe(0);
      expect(polls()).toBe(2);
    } finally {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
    }
  });
});
