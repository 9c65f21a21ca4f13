// review141: a download the API redirects (same origin) outside baseURL's path is followed WITH the
// access token (an API call's hop out of baseURL is refused: review 108's hopUnder).
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { afterEach, expect, it } from 'vitest';
import { hostile, report, TOKEN } from './hostile';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

it('a same-origin redirect of a download out of baseURL carries no token there', async () => {
  const srv = await hostile();
  close = srv.close;
  srv.on((q, res) =>
    q.path.startsWith('/api/')
      ? res.writeHead(302, { location: `${srv.url}/other-service/x.pdf` }).end()
      : res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4'),
  );
  const user = createUserModule(
    createOfetchAdapter({ baseURL: `${srv.url}/api`, getAccessToken: () => TOKEN, retry: 0 }),
  );
  const error = await user
    .downloadIncomeReport(report({ status: 3, download_url: '/income-report/7/file' }) as never)
    .catch((e: unknown) => e);
  void error;
  const outside = srv.seen.filter((q) => !q.path.startsWith('/api/'));
  expect(outside.map((q) => q.headers.authorization ?? null)).not.toContain(`Bearer ${TOKEN}`);
});
