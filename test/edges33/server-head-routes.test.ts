// EDGES33-4: the server session's proxy answered HEAD with 404 on every GET route, though
// docs/server.md says reads are GET, HEAD. HEAD is now GET without the body, on every GET route
// (the seed, the report file, every GET operation of the modules): the same status and headers,
// no body. Over a real socket, and at `handle` itself (no body in the Response).
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../src/server/routes';
import { Browser, type Received, type TestClock, usePam } from '../server/harness';
import { completedReport } from '../support/completed-report';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);

/** An answer's headers but those a host writes per answer (date, framing). */
const headersOf = (r: Received | Response) =>
  [...r.headers]
    .filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name),
    )
    .map(([name, value]) => (name === 'set-cookie' ? `${name}: ${value.split('=')[0]}` : `${name}: ${value}`))
    .sort();

/** Every GET path under the prefix: the proxy's own and the modules' GET rows, holes filled. */
function getPaths(reportId: number): string[] {
  const rows = buildRoutes()
    .filter((r) => r.method === 'GET')
    .map((r) => {
      const path = r.segments.map((s) => (typeof s === 'string' ? s : s.hole === 'id' ? reportId : 'google'));
      const query = Object.entries(r.query).map(([k, q]) => `${k}=${q.fixed ?? 1}`);
      return `/pam/${path.join('/')}${query.length ? `?${query.join('&')}` : ''}`;
    });
  expect(rows.length).toBeGreaterThanOrEqual(5);
  return ['/pam/session', `/pam/report-file?id=${reportId}`, ...rows];
}

describe('pam-client/server: HEAD on every GET route', () => {
  it('answers HEAD as GET (same status and headers), with no body, signed in', async () => {
    const browser = new Browser(fx.served.url);
    const { id } = await completedReport(browser, { ref, clock });
    for (const path of getPaths(id)) {
      const get = await browser.call('GET', path);
      const head = await browser.call('HEAD', path);
      expect(head.status, `HEAD ${path}`).toBe(get.status);
      expect(get.status, `GET ${path}`).not.toBe(404);
      expect(headersOf(head), `HEAD ${path}`).toEqual(headersOf(get));
      expect(head.text, `HEAD ${path}`).toBe('');
    }
  });

  it('answers HEAD as GET signed out too (the seed 200, an operation 401), and HEAD on a POST route as GET would', async () => {
    const browser = new Browser(fx.served.url);
    for (const path of [
      '/pam/session',
      '/pam/income-report/available-years',
      '/pam/auth/login',
      '/pam/nowhere',
    ]) {
      const get = await browser.call('GET', path);
      const head = await browser.call('HEAD', path);
      expect([path, head.status]).toEqual([path, get.status]);
      expect(headersOf(head)).toEqual(headersOf(get));
      expect(head.text).toBe('');
    }
  });

  it('gives handle() callers a Response with no body', async () => {
    const answer = await fx.pam.handle(new Request(`${fx.served.url}/pam/session`, { method: 'HEAD' }));
    expect(answer?.status).toBe(200);
    expect(answer?.body).toBeNull();
    expect(answer?.headers.get('content-type')).toBe('application/json');
    expect(answer?.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a HEAD from another site as a GET is refused (403, nothing forwarded)', async () => {
    const browser = new Browser(fx.served.url);
    const before = ref.server.requests.length;
    const head = await browser.call('HEAD', '/pam/session', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(head.status).toBe(403);
    expect(ref.server.requests.length).toBe(before);
  });
});
