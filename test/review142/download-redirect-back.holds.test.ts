// review 142: a download redirected out of baseURL (token and caller headers dropped, review 141)
// and then back under it is not given the token again silently; a root baseURL and one with a
// trailing slash keep the token for a download under them.
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { afterEach, expect, it } from 'vitest';
import { hostile, report, TOKEN } from '../review141/hostile';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

it('out of baseURL and back: neither the token nor the caller headers come back', async () => {
  const srv = await hostile();
  close = srv.close;
  srv.on((q, res) =>
    q.path === '/api/income-report/7/file'
      ? res.writeHead(302, { location: `${srv.url}/cdn/x` }).end()
      : q.path === '/cdn/x'
        ? res.writeHead(302, { location: `${srv.url}/api/final.pdf` }).end()
        : res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4'),
  );
  const user = createUserModule(
    createOfetchAdapter({
      baseURL: `${srv.url}/api`,
      getAccessToken: () => TOKEN,
      headers: { 'x-jwt': 'credential' },
      retry: 0,
    }),
  );
  await user.downloadIncomeReport(report({ status: 3, download_url: '/income-report/7/file' }) as never);
  expect(srv.seen.map((q) => q.path)).toEqual(['/api/income-report/7/file', '/cdn/x', '/api/final.pdf']);
  expect(srv.seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(srv.seen[0]!.headers['x-jwt']).toBe('credential');
  for (const q of srv.seen.slice(1)) {
    expect(q.headers.authorization).toBeUndefined();
    expect(q.headers['x-jwt']).toBeUndefined();
  }
});

for (const base of ['', '/', '/api/'])
  it(`an absolute download_url under baseURL "<origin>${base}" carries the token`, async () => {
    const srv = await hostile();
    close = srv.close;
    srv.on((_q, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4'));
    const user = createUserModule(
      createOfetchAdapter({ baseURL: `${srv.url}${base}`, getAccessToken: () => TOKEN, retry: 0 }),
    );
    const url = `${srv.url}/api/x.pdf`;
    await user.downloadIncomeReport(report({ status: 3, download_url: url }) as never);
    expect(srv.seen.map((q) => q.headers.authorization)).toEqual([`Bearer ${TOKEN}`]);
  });
