// review 142: a download's token goes only under baseURL (review 141, `isUnder`). An absolute
// download_url whose path leaves baseURL through an encoded slash (`/api/..%2F..%2Fother-service`)
// is "under" as the URL parser reads it, so it gets the token; a front end that decodes `%2F`
// routes it to `/other-service`. The same place as a relative download_url, or as a redirect hop
// (`hopUnder`), is refused for exactly that reason (AMBIGUOUS, review 109).
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { afterEach, expect, it } from 'vitest';
import { hostile, report, TOKEN } from '../review141/hostile';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

it('an absolute download_url leaving baseURL by an encoded slash gets no token', async () => {
  const srv = await hostile();
  close = srv.close;
  srv.on((_q, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4'));
  const http = createOfetchAdapter({ baseURL: `${srv.url}/api`, getAccessToken: () => TOKEN, retry: 0 });
  const user = createUserModule(http);
  // The relative spelling is refused, nothing sent:
  await expect(
    user.downloadIncomeReport(report({ status: 3, download_url: '/..%2Fother-service/x.pdf' }) as never),
  ).rejects.toMatchObject({ code: 'invalid_request' });
  expect(srv.seen).toEqual([]);
  await user
    .downloadIncomeReport(
      report({ status: 3, download_url: `${srv.url}/api/..%2Fother-service/x.pdf` }) as never,
    )
    .catch(() => undefined);
  const sent = srv.seen.filter((q) => /%2f/i.test(q.path));
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.map((q) => q.headers.authorization ?? null)).not.toContain(`Bearer ${TOKEN}`);
});
