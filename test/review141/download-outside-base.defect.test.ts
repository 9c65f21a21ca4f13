// review141: the token goes only under baseURL's path for a relative download_url (`/api/../x` is
// refused) and for a redirect (`hopUnder`), but an ABSOLUTE download_url on the same origin and
// outside baseURL's path (`http://host/admin/x` with baseURL `http://host/api`) is fetched with the
// access token. Both the machine (checkedAnswer) and downloadIncomeReport accept it.
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { afterEach, expect, it } from 'vitest';
import { hostile, report, TOKEN } from './hostile';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

it('an absolute same-origin download_url outside baseURL gets no token (as a relative one or a redirect would not)', async () => {
  const srv = await hostile();
  close = srv.close;
  srv.on((_q, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4'));
  const http = createOfetchAdapter({ baseURL: `${srv.url}/api`, getAccessToken: () => TOKEN, retry: 0 });
  const user = createUserModule(http);
  // The relative form of the same place is refused, nothing sent:
  await expect(
    user.downloadIncomeReport(report({ status: 3, download_url: '/../other-service/x.pdf' }) as never),
  ).rejects.toMatchObject({ code: 'invalid_request' });
  expect(srv.seen).toEqual([]);
  // The absolute form:
  await user
    .downloadIncomeReport(report({ status: 3, download_url: `${srv.url}/other-service/x.pdf` }) as never)
    .catch(() => undefined);
  const sent = srv.seen.filter((q) => q.path.startsWith('/other-service'));
  expect(sent.map((q) => q.headers.authorization ?? null)).not.toContain(`Bearer ${TOKEN}`);
});
