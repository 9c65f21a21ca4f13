// REVIEW-P L4 (its second half): a report's `download_url` on the API naming one of the API's own
// routes through an encoded separator (`/files/..%2Fauth%2Fuser-profile`) was fetched with the
// session's token: the route check decoded each segment but judged the decoded `../auth/...` as a
// file name, and an API that decodes `%2F` serves its profile there. Now a `download_url` whose
// decoded segment holds a `/` or `\`, or is `.` or `..`, names no file: 502, nothing fetched (the
// rule the proxy's own paths follow). Over real sockets: a hostile API on 127.0.0.1.

import { describe, expect, it } from 'vitest';
import { json, loginOk, pamFor, request, signIn, useHostile } from './hostile';

const hostile = useHostile();

async function reportNaming(path: string) {
  const api = await hostile.api();
  api.handler = (req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/auth/login')) return json(res, 200, loginOk());
    if (url === '/income-report/7')
      return json(res, 200, { id: 7, reference_year: 2025, status: 3, download_url: `${api.url}${path}` });
    res.writeHead(200, { 'content-type': 'application/pdf' });
    res.end('%PDF-1.4 a report');
  };
  const pam = pamFor(api);
  const cookie = await signIn(pam);
  api.requests.length = 0;
  const file = (await pam.handle(request('/pam/report-file?id=7', { cookie })))!;
  await file.arrayBuffer();
  return {
    status: file.status,
    fetched: api.requests.map((r) => r.url).filter((u) => u !== '/income-report/7'),
  };
}

describe('a download_url with an encoded separator or dot segment (REVIEW-P L4)', () => {
  it.each([
    '/files/..%2Fauth%2Fuser-profile',
    '/files/..%2fauth%2fuser-profile',
    '/files/%2E%2E%2Fauth%2Fuser-profile',
    '/files/..%5Cauth%5Cuser-profile',
    '/files/x%2F..%2F..%2Fusers%2Frefresh-token',
    '/auth%2Fuser-profile',
  ])('%s: 502, nothing fetched', async (path) => {
    expect(await reportNaming(path)).toEqual({ status: 502, fetched: [] });
  });

  it('a file name with an ordinary escape (a space) is still fetched', async () => {
    expect(await reportNaming('/files/my%20report.pdf')).toEqual({
      status: 200,
      fetched: ['/files/my%20report.pdf'],
    });
  });
});
