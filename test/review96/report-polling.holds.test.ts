// Review 96, holds: the income-report polling flow over a real socket, time simulated.
import { isPamError } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  finished,
  pollsOf,
  type RealServer,
  type Reply,
  report,
  reportActor,
  routeWith,
  runUntil,
} from './support';

const servers: RealServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const TOKEN = 'tok-abcdefgh-123456789';

async function generate(poll: (n: number) => Reply, maxPollMs = 60_000) {
  const inspected: unknown[] = [];
  const t = await reportActor(routeWith(poll), { maxPollMs });
  servers.push(t.server);
  t.actor.system.inspect((e) => inspected.push(e));
  t.actor.start();
  await runUntil(t.actor, t.clock, (s) => s.matches('ready'));
  t.actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
  const s = await runUntil(t.actor, t.clock, finished, 400);
  return { ...t, s, inspected };
}

const gapsOf = (at: number[]) => at.slice(1).map((x, i) => x - at[i]!);

describe('bounded polling', () => {
  it('a report that never gets ready times out at maxPollMs, backing off, no timer left', async () => {
    const t = await generate((n) => ({ body: report(n % 2 ? 1 : 2) }));
    expect(t.s.value).toBe('timedOut');
    const at = pollsOf(t.seen).map((r) => r.at);
    expect(Math.max(...at)).toBeLessThanOrEqual(60_000);
    expect(Math.min(...gapsOf(at))).toBeGreaterThanOrEqual(900);
    expect(t.clock.due.size).toBe(0);
    t.actor.stop();
  });

  for (const [what, retryAfter] of [
    ['0', '0'],
    ['huge', '99999999'],
    ['a date in the past', 'Wed, 21 Oct 2015 07:28:00 GMT'],
  ] as const) {
    it(`a 429 storm with Retry-After ${what}: no tight loop, ends by the deadline`, async () => {
      const t = await generate(() => ({ status: 429, body: {}, headers: { 'retry-after': retryAfter } }));
      expect(t.s.value).toBe('timedOut');
      const at = pollsOf(t.seen).map((r) => r.at);
      if (at.length > 1) expect(Math.min(...gapsOf(at))).toBeGreaterThanOrEqual(900);
      expect(at.length).toBeLessThan(40);
      t.actor.stop();
    });
  }

  it('a 200 HTML page mid-poll fails typed (invalid_response), polling stops', async () => {
    const t = await generate((n) =>
      n === 0 ? { body: report(2) } : { raw: '<html>login</html>', headers: { 'content-type': 'text/html' } },
    );
    expect(t.s.value).toBe('failed');
    expect(isPamError(t.s.context.error)).toBe(true);
    expect(t.clock.due.size).toBe(0);
    t.actor.stop();
  });

  it('stopped mid-poll: no timer held, no request after', async () => {
    const t = await reportActor(routeWith(() => ({ body: report(2) })));
    servers.push(t.server);
    t.actor.start();
    await runUntil(t.actor, t.clock, (s) => s.matches('ready'));
    t.actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await runUntil(t.actor, t.clock, () => pollsOf(t.seen).length >= 2);
    t.actor.stop();
    const n = t.seen.length;
    t.clock.increment(10 * 60_000);
    expect(t.clock.due.size).toBe(0);
    expect(t.seen.length).toBe(n);
  });
});

describe('hostile answers fail closed, typed', () => {
  for (const [what, body] of [
    ['another player/report id', report(3, { id: 8, download_url: '/f.pdf' })],
    ['another year', report(3, { reference_year: 2024, download_url: '/f.pdf' })],
    ['credentials in the URL', report(3, { download_url: 'https://u:p@evil.test/f.pdf' })],
    ['data: URL', report(3, { download_url: 'data:text/html,<script>1</script>' })],
    ['protocol-relative', report(3, { download_url: '//evil.test/f.pdf' })],
  ] as const) {
    it(what, async () => {
      const t = await generate(() => ({ body }));
      expect(t.s.value).toBe('failed');
      expect(isPamError(t.s.context.error)).toBe(true);
      expect(String(t.s.context.report?.download_url ?? '')).not.toMatch(/evil|data:|u:p/);
      t.actor.stop();
    });
  }
});

describe('PHP-isms', () => {
  it('id "7" and status "3" are read as the numbers they spell (typed in the context)', async () => {
    const t = await generate(() => ({ body: report('3', { id: '7', download_url: '/f.pdf' }) }));
    expect(t.s.value).toBe('completed');
    expect(t.s.context.report?.id).toBe(7);
    expect(t.s.context.report?.status).toBe(3);
    t.actor.stop();
  });
});

describe('secrets', () => {
  it('the access token and a signed URL signature never reach a snapshot, error or inspector', async () => {
    const t = await generate((n) =>
      n === 0 ? { status: 401, body: { message: 'expired' } } : { status: 403, body: { message: 'no' } },
    );
    const dump = JSON.stringify([t.actor.getPersistedSnapshot(), t.s.context.error, t.inspected]);
    expect(dump).not.toContain(TOKEN);
    expect(dump).not.toContain('abcdefgh');
    t.actor.stop();
  });
});

describe('events in odd orders never crash', () => {
  it('CANCEL/RETRY/RESET twice, in every state; hostile GENERATE payloads', async () => {
    const t = await reportActor(routeWith(() => ({ body: report(2) })));
    servers.push(t.server);
    const errors: unknown[] = [];
    t.actor.subscribe({ error: (e) => errors.push(e) });
    t.actor.start();
    const odd = () => {
      for (const type of ['CANCEL', 'CANCEL', 'RETRY', 'RETRY', 'RESET', 'SESSION_REFRESHED', 'WAKE'])
        t.actor.send({ type } as never);
    };
    odd();
    await runUntil(t.actor, t.clock, (s) => s.matches('ready'));
    const hostile = new Proxy(
      { type: 'GENERATE' },
      {
        get: (_o, k) => {
          if (k === 'type') return 'GENERATE';
          throw new Error(String(k));
        },
        ownKeys: () => {
          throw new Error('keys');
        },
      },
    );
    for (const e of [
      hostile,
      { type: 'GENERATE', referenceYear: 1e21, deliveryType: 'download' },
      { type: 'GENERATE', referenceYear: '2025', deliveryType: 'download' },
      { type: 'GENERATE', referenceYear: 2024.5, deliveryType: 'download' },
      JSON.parse('{"type":"GENERATE","__proto__":{"referenceYear":2025,"deliveryType":"download"}}'),
    ]) {
      t.actor.send(e as never);
      const s = await runUntil(t.actor, t.clock, (x) => x.matches('failed') || x.matches('ready'));
      expect(s.value).toBe('failed');
      expect(isPamError(s.context.error)).toBe(true);
      t.actor.send({ type: 'RESET' });
    }
    t.actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await runUntil(t.actor, t.clock, () => pollsOf(t.seen).length >= 1);
    odd();
    odd();
    expect(errors).toEqual([]);
    expect(t.actor.getSnapshot().status).toBe('active');
    expect(t.actor.getSnapshot().value).toBe('ready');
    expect(pollsOf(t.seen).filter((r) => r.url.includes('/7')).length).toBeGreaterThan(0);
    t.actor.stop();
  });
});
