// review141: hostile poll answers give a typed error in context (never a crash, never completed
// with something not asked for); downloads of non-PDF answers and other origins stay safe.
import type { ServerResponse } from 'node:http';
import { isPamError } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
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
  TOKEN,
  userOn,
} from './hostile';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function pollWith(answer: (n: number, res: ServerResponse) => void) {
  const clock = new TestClock();
  const srv = await hostile(() => clock.now());
  closers.push(srv.close);
  srv.on(routes((n, _q, res) => answer(n, res)));
  const actor = reportActor(srv.url, clock, { maxPollMs: 60_000 });
  await settle(actor);
  actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
  const s = await runUntil(actor, clock, idle);
  actor.stop();
  return { s, clock };
}

describe('hostile poll answers (review141)', () => {
  it.each([
    ['an unknown status', report({ status: 9 })],
    ['another report id', report({ id: 8, status: 3, download_url: '/income-report/8/file' })],
    ['another year', report({ reference_year: 2024, status: 3, download_url: '/income-report/7/file' })],
    ['completed without a URL', report({ status: 3 })],
    ['completed with a javascript: URL', report({ status: 3, download_url: 'javascript:alert(1)' })],
    ['completed with a protocol-relative URL', report({ status: 3, download_url: '//evil.test/x.pdf' })],
  ])('%s: failed, invalid_response, no report kept that was not asked', async (_name, body) => {
    const { s, clock } = await pollWith((_n, res) => json(res, 200, body));
    expect(s.value).toBe('failed');
    expect(s.context.error?.code).toBe('invalid_response');
    expect(s.context.report?.status).toBe(1);
    expect(clock.due.size).toBe(0);
  });

  it('HTML with 200 for a poll: a typed error, never a crash', async () => {
    const { s } = await pollWith((_n, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>'),
    );
    expect(s.matches('failed') || s.matches('timedOut')).toBe(true);
    expect(isPamError(s.context.error)).toBe(true);
  });

  it('a status that goes backwards (2 → 1 → 2 → 3) keeps polling and completes', async () => {
    const seq = [2, 1, 2];
    const { s } = await pollWith((n, res) =>
      json(
        res,
        200,
        n < 3 ? report({ status: seq[n] }) : report({ status: 3, download_url: '/income-report/7/file' }),
      ),
    );
    expect(s.value).toBe('completed');
    expect(s.context.statusHistory.map((h) => h.status)).toEqual([1, 2, 1, 2, 3]);
  });
});

describe('downloads (review141)', () => {
  async function download(respond: (res: ServerResponse) => void, url = '/income-report/7/file') {
    const srv = await hostile();
    closers.push(srv.close);
    srv.on((_q, res) => respond(res));
    const user = userOn(srv.url);
    const out = await user.downloadIncomeReport(report({ status: 3, download_url: url }) as never).then(
      (v) => ({ ok: v }),
      (e: unknown) => ({ error: e }),
    );
    return { out, srv };
  }

  it.each([
    [
      '404',
      (res: ServerResponse) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>no</h1>'),
      'http_error',
    ],
    [
      'HTML 200',
      (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end('<script>x</script>'),
      'invalid_response',
    ],
    ['JSON 200', (res: ServerResponse) => json(res, 200, { url: 'x' }), 'invalid_response'],
    ['no type', (res: ServerResponse) => res.writeHead(200).end('%PDF-1.4'), 'invalid_response'],
  ])('%s: a typed error, no Blob', async (_n, respond) => {
    const { out } = await download(respond);
    expect('error' in out && isPamError(out.error)).toBe(true);
  });

  it('a download_url on another origin is fetched without the token', async () => {
    const other = await hostile();
    closers.push(other.close);
    other.on((_q, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4'));
    const { out, srv } = await download(() => {}, `${other.url}/signed/abc.pdf?sig=1`);
    expect('ok' in out).toBe(true);
    expect(srv.seen).toEqual([]);
    expect(other.seen.length).toBe(1);
    expect(JSON.stringify(other.seen[0]!.headers)).not.toContain(TOKEN);
    expect(other.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('the API redirecting the download to another origin: not followed, the token goes nowhere else', async () => {
    const other = await hostile();
    closers.push(other.close);
    other.on((_q, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4'));
    const { out, srv } = await download((res) =>
      res.writeHead(302, { location: `${other.url}/steal` }).end(),
    );
    expect(srv.seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(other.seen).toEqual([]);
    expect('error' in out && isPamError(out.error)).toBe(true);
  });
});
