// The proxy judges a report's `download_url` by the client's rule (review rj10 MED-1): one on the
// API becomes the report-file route, one elsewhere is passed on only when it is an http(s) URL a
// browser opens as such, with no C0 control, DEL, whitespace or backslash anywhere (the WHATWG
// parser strips leading controls: "\u0001javascript:..." is a script link); anything else goes
// out as null, and the report-file route never fetches it.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPamError } from '../../src/index';
import { createPamServer } from '../../src/server/index';
import { apiFileURL, REPORT_FILE_ROUTE, rewriteDownloadURL } from '../../src/server/strip';
import { browserSafe, CONTROLS, hostileURL } from '../user/hostile-urls';
import { SECRETS } from './harness';
import { json, loginOk, pamFor, request, signIn, useHostile } from './hostile';

const API = 'https://api.example/v1';
const report = (download_url: unknown) => ({ id: 7, reference_year: 2025, status: 3, download_url });
const rewritten = (url: unknown) =>
  (rewriteDownloadURL(report(url), API) as { download_url: unknown }).download_url;

const HOSTILE = [
  '\u0001javascript:alert(document.domain)',
  '\u0000javascript:alert(1)',
  '\u001fdata:text/html,<script>alert(1)</script>',
  '\u007fjavascript:alert(1)',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,x',
  ' https://bucket.example/r.pdf',
  'https://bucket.example/r.pdf\u0000',
  'https://bucket.ex\tample/r.pdf',
  '\u0001//evil.example/x.pdf',
  '//evil.example/x.pdf',
  '\\\\evil.example/x.pdf',
  '\u0001/v1/files/a.pdf',
  '/v1/files/a\u001b.pdf',
  `\u0001${API}/files/r.pdf`,
  `${API}/files/r\u007f.pdf`,
];

describe('rewriteDownloadURL and apiFileURL: controls and scripts', () => {
  for (const url of HOSTILE) {
    it(`${JSON.stringify(url)}: no file on the API, and null to the browser`, () => {
      expect(apiFileURL(API, url)).toBeNull();
      expect(rewritten(url)).toBeNull();
    });
  }

  it('every C0 control and DEL, anywhere in a URL on the API or elsewhere: null', () => {
    for (const c of CONTROLS)
      for (const url of [
        `${c}${API}/f.pdf`,
        `${API}/f${c}.pdf`,
        `https://b.example/r.pdf${c}`,
        `/f.pdf${c}`,
      ]) {
        expect(apiFileURL(API, url), JSON.stringify(url)).toBeNull();
        expect(rewritten(url), JSON.stringify(url)).toBeNull();
      }
  });

  it('a file on the API becomes the route; a bucket link stays; no URL stays none', () => {
    expect(rewritten(`${API}/files/r.pdf`)).toBe(`${REPORT_FILE_ROUTE}?id=7`);
    expect(rewritten('/v1/files/r.pdf')).toBe(`${REPORT_FILE_ROUTE}?id=7`);
    expect(rewritten('https://bucket.example/r.pdf?sig=a%01b')).toBe(
      'https://bucket.example/r.pdf?sig=a%01b',
    );
    expect(rewritten(null)).toBeNull();
    expect(rewriteDownloadURL({ id: 7, status: 1 }, API)).toEqual({ id: 7, status: 1 });
  });

  it('(property) what goes to the browser is null, the route, or an http(s) URL a browser opens as such', () => {
    fc.assert(
      fc.property(hostileURL, (url) => {
        const out = rewritten(url);
        const ok =
          out === null ||
          out === `${REPORT_FILE_ROUTE}?id=7` ||
          (out === url && browserSafe(url, 'https://app.example/'));
        expect(ok, JSON.stringify([url, out])).toBe(true);
        // A file fetched with the token only from the API, and only one a browser reads the same way.
        const file = apiFileURL(API, url);
        expect(
          file === null || (browserSafe(url) && file.startsWith(`${API}/`)),
          JSON.stringify([url, file]),
        ).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the proxy, with a hostile report URL', () => {
  const hostile = useHostile();

  it('"\\u0001javascript:…" goes out as null, and the report-file route fetches nothing', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      const path = req.url ?? '';
      if (path.startsWith('/auth/login')) return json(res, 200, loginOk());
      if (path === '/income-report/7')
        return json(res, 200, {
          ...report('\u0001javascript:alert(document.domain)'),
          delivery_type: 'download',
        });
      return json(res, 404, {});
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const answer = (await pam.handle(request('/pam/income-report/7', { cookie })))!;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { download_url: unknown }).download_url).toBeNull();
    const file = (await pam.handle(request('/pam/report-file?id=7', { cookie })))!;
    expect(file.status).toBe(404);
    expect(api.requests.map((r) => r.url)).toEqual(['/auth/login', '/income-report/7', '/income-report/7']);
  });
});

describe('createPamServer: an apiBaseURL with a control character or whitespace', () => {
  it('is a ConfigurationError, whatever the URL parser would strip', () => {
    for (const apiBaseURL of [
      '\u0001https://api.example',
      'https://api.example/v1\n',
      'https://api.ex\tample',
      ' https://api.example',
      'https://api.example\u007f',
    ]) {
      let error: unknown;
      try {
        createPamServer({ apiBaseURL, secrets: SECRETS });
      } catch (e) {
        error = e;
      }
      expect(isPamError(error) && error.code, JSON.stringify(apiBaseURL)).toBe('configuration');
      expect(String((error as Error | undefined)?.message)).toMatch(/apiBaseURL/);
    }
    expect(createPamServer({ apiBaseURL: 'https://api.example/v1', secrets: SECRETS })).toBeDefined();
  });
});
