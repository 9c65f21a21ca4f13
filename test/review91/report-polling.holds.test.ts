// Review 91, holds: incomeReportMachine's polling against odd answers (a real ofetch adapter over a
// scripted fetch; time on a SimulatedClock). Docs: "Network errors and 5xx while polling keep
// polling with backoff; other 4xx fail." "`maxPollMs` bounds all polling after `GENERATE`."
import { describe, expect, it } from 'vitest';
import { finished, type Reply, reportActor, runUntil } from './support';

const YEARS: Reply = { body: { years: [2024, 2025] } };
const report = (status: unknown, extra: Record<string, unknown> = {}) => ({
  id: 7,
  reference_year: 2025,
  status,
  delivery_type: 'download',
  requested_at: '2026-01-01 10:00:00',
  generated_at: null,
  path: null,
  download_url: null,
  ...extra,
});

function routeWith(poll: (n: number) => Reply | Error) {
  let n = 0;
  return (method: string, url: string): Reply | Error => {
    if (url.endsWith('/income-report/available-years')) return YEARS;
    if (method === 'POST' && url.endsWith('/income-report/generate')) return { body: report(1) };
    if (/\/income-report\/7$/.test(url)) return poll(n++);
    return { status: 404, body: { message: 'no route' } };
  };
}

const polls = (seen: { method: string; url: string }[]) =>
  seen.filter((r) => /\/income-report\/7$/.test(r.url));

async function generate(poll: (n: number) => Reply | Error, maxPollMs = 120_000) {
  const t = reportActor(routeWith(poll), { maxPollMs });
  await runUntil(t.actor, t.clock, (s) => s.matches('ready'));
  t.actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
  const s = await runUntil(t.actor, t.clock, finished);
  t.actor.stop();
  return { ...t, s };
}

describe('an answer that is not a status the spec knows fails the report (fail closed), polling stops', () => {
  for (const [what, status] of [
    ['status 0', 0],
    ['status 5', 5],
    ['status -1', -1],
    ['status null', null],
    ['status "done"', 'done'],
    ['status 2.5', 2.5],
    ['status {}', {}],
  ] as const) {
    it(what, async () => {
      const { s, seen } = await generate(() => ({ body: report(status) }));
      expect(s.value).toBe('failed');
      expect(s.context.error?.code).toBe('invalid_response');
      expect(polls(seen)).toHaveLength(1);
    });
  }
  it('an answer about another report id', async () => {
    const { s, seen } = await generate(() => ({ body: report(2, { id: 8 }) }));
    expect(s.value).toBe('failed');
    expect(s.context.error?.code).toBe('invalid_response');
    expect(polls(seen)).toHaveLength(1);
  });
  it('an answer of another year', async () => {
    const { s } = await generate(() => ({ body: report(3, { reference_year: 2024, download_url: '/f' }) }));
    expect(s.value).toBe('failed');
  });
  it('a completed download with a javascript: URL', async () => {
    const { s } = await generate(() => ({ body: report(3, { download_url: 'javascript:alert(1)' }) }));
    expect(s.value).toBe('failed');
    expect(String(s.context.report?.download_url ?? '')).not.toContain('javascript');
  });
});

describe('4xx mid-poll fail at once; 5xx and network errors keep polling', () => {
  for (const status of [400, 403, 404, 409, 410, 422]) {
    it(`${status} fails, no more polls`, async () => {
      const { s, seen } = await generate((n) =>
        n === 0 ? { body: report(2) } : { status, body: { message: 'x' } },
      );
      expect(s.value).toBe('failed');
      expect(polls(seen)).toHaveLength(2);
    });
  }
  it('a 503 then completed', async () => {
    const { s } = await generate((n) =>
      n === 0
        ? { status: 503, body: { message: 'busy' } }
        : { body: report(3, { download_url: '/income-report/7/file' }) },
    );
    expect(s.value).toBe('completed');
  });
});

describe('429 with Retry-After is honoured', () => {
  it('the next poll waits at least Retry-After', async () => {
    const { s, seen } = await generate((n) =>
      n === 0
        ? { status: 429, body: { message: 'slow down' }, headers: { 'retry-after': '45' } }
        : { body: report(3, { download_url: '/income-report/7/file' }) },
    );
    expect(s.value).toBe('completed');
    const [a, b] = polls(seen as never) as unknown as { at: number }[];
    expect(b!.at - a!.at).toBeGreaterThanOrEqual(45_000);
  });
});

describe('never hammers, never ends late', () => {
  it('a report that stays pending: polls back off, stop at maxPollMs, none after', async () => {
    const { s, seen, clock } = await generate(() => ({ body: report(1) }), 120_000);
    expect(s.value).toBe('timedOut');
    const times = (polls(seen) as unknown as { at: number }[]).map((r) => r.at);
    expect(times.length).toBeLessThan(25);
    expect(Math.max(...times)).toBeLessThanOrEqual(120_000);
    for (let i = 2; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
    expect(clock.due.size).toBe(0);
  });
  it('a server always 503: still bounded by maxPollMs', async () => {
    const { s, seen } = await generate(() => ({ status: 503, body: {} }), 60_000);
    expect(s.value).toBe('timedOut');
    expect(polls(seen).length).toBeLessThan(20);
  });
  it('a network error every time: bounded too', async () => {
    const { s, seen } = await generate(() => new TypeError('fetch failed'), 60_000);
    expect(s.value).toBe('timedOut');
    expect(polls(seen).length).toBeLessThan(20);
  });
});
