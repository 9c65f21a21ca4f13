// Review 146 (holds): a download's redirects. To another host (the same port by another name,
// `localhost` for `127.0.0.1`): not followed, nothing sent there. A loop on the API: at most 5 hops
// followed, then a typed error. A hop out of baseURL's path (plain or by an encoded slash) is
// followed without the token or the caller's headers (`hopUnder`); one under it keeps them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule } from '../../src/index';
import { completedReport, type Hostile, hostile, outcome, TOKEN } from './hostile';

let srv: Hostile;
beforeAll(async () => {
  srv = await hostile();
});
afterAll(() => srv.close());

const PDF = '%PDF-1.4\n%%EOF\n';
const userUnder = (base: string) =>
  createUserModule(
    createOfetchAdapter({
      baseURL: base,
      getAccessToken: () => TOKEN,
      retry: 0,
      headers: { 'x-api-key': 'review146-api-key-value' },
    }),
  );

describe('review 146 (holds): download redirects', () => {
  it('to another host name of the same server: not followed, typed http error', async () => {
    const other = srv.url.replace('127.0.0.1', 'localhost');
    srv.on((q, res) =>
      q.path === '/api/income-report/7/file'
        ? res.writeHead(302, { location: `${other}/api/income-report/7/file2` }).end()
        : res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF),
    );
    const before = srv.seen.length;
    const got = await outcome(userUnder(`${srv.url}/api`).downloadIncomeReport(completedReport() as never));
    expect(got).toBe('http');
    expect(srv.seen.slice(before).map((s) => s.path)).toEqual(['/api/income-report/7/file']);
  });

  it('a redirect loop: at most 6 requests, then a typed error', async () => {
    srv.on((q, res) => res.writeHead(302, { location: q.path }).end());
    const before = srv.seen.length;
    const got = await outcome(userUnder(`${srv.url}/api`).downloadIncomeReport(completedReport() as never));
    expect(got).toBe('http');
    expect(srv.seen.length - before).toBeLessThanOrEqual(6);
  });

  it.each([
    ['out of the base path', '/other/x.pdf', false],
    ['out by an encoded slash', '/api/..%2Fother/x.pdf', false],
    ['under the base path', '/api/files/x.pdf', true],
  ])('a hop %s: credentials %s', async (_n, location, withToken) => {
    srv.on((q, res) =>
      q.path === '/api/income-report/7/file'
        ? res.writeHead(302, { location }).end()
        : res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF),
    );
    const before = srv.seen.length;
    const got = await outcome(userUnder(`${srv.url}/api`).downloadIncomeReport(completedReport() as never));
    const hops = srv.seen.slice(before);
    expect(got).toBe('resolved');
    expect(hops.length).toBe(2);
    expect(hops[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(hops[1]!.headers.authorization === `Bearer ${TOKEN}`).toBe(withToken);
    expect(hops[1]!.headers['x-api-key'] === 'review146-api-key-value').toBe(withToken);
  });
});
