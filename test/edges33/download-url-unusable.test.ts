// EDGES33-2: a download URL the client cannot use safely (`http:/x`, read by a parser as the
// page's host or as host `x`; `http:x`; `https://` with no host; a host or port no URL has; user
// information; a backslash; a scheme that is not http(s)) failed as a `network` error, or was
// fetched somewhere the caller never named. Every one is now `invalid_request` with nothing sent:
// through `downloadIncomeReport` (a user module on a real adapter) and through the adapter's own
// download (`responseType: 'blob'`). What works still downloads, over a real socket.
import { describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule, isPamError } from '../../src/index';
import { rejectionOf } from '../http/helpers';
import { REAL_TIME_TIMEOUT_MS, signedIn, useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

let clock = 1_800_000_000_000;
const ctx = useReferenceServer({ reportStepMs: 1000, now: () => clock });

/** URLs no download may fetch (`<host>` stands for the reference server's `127.0.0.1:port`). */
const UNUSABLE = [
  'http:/<host>/f',
  'http:<host>/f',
  'HTTP:/<host>/f',
  'https:',
  'https://',
  'http:///<host>/f',
  'https:////<host>/f',
  'http:\\\\<host>\\f',
  'http:/\\<host>/f',
  'http://\\<host>/f',
  'http://<host>\\f',
  'http://[::1/f',
  'http://127.0.0.1:99999/f',
  'http://%zz/f',
  'http://:80/f',
  'http://a b/f',
  'http://user:PASS@<host>/f',
  'http://@<host>/f',
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'data:application/pdf;base64,JVBERg==',
  'file:///etc/passwd',
  'ftp://<host>/f',
  'blob:http://<host>/1',
  'ws://<host>/f',
  'mailto:a@b.example',
  '//<host>/f',
  'http://<host>/f\n',
];
/** Refused by `downloadIncomeReport` (no whitespace anywhere); to the adapter a path under the API. */
const MODULE_ONLY = [' http://<host>/f', '\thttp://<host>/f'];

/** The user module on a real adapter that counts every fetch it starts. */
function client() {
  const { token } = signedIn(ctx.server);
  const tracked = trackedFetch();
  const http = createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: () => token,
    fetch: tracked.fetch,
    timeout: REAL_TIME_TIMEOUT_MS,
    retry: 0,
  });
  return { http, user: createUserModule(http), tracked };
}

describe('a download URL the client cannot use', () => {
  const host = () => new URL(ctx.server.url).host;
  for (const template of [...UNUSABLE, ...MODULE_ONLY])
    it(`${JSON.stringify(template)} is invalid_request, nothing sent`, async () => {
      const url = template.replaceAll('<host>', host());
      const { http, user, tracked } = client();
      const before = ctx.server.requests.length;
      const viaModule = await rejectionOf(
        user.downloadIncomeReport({ download_url: url, reference_year: 2025 }),
      );
      expect(isPamError(viaModule) && viaModule.code, String(viaModule)).toBe('invalid_request');
      const viaAdapter = MODULE_ONLY.includes(template)
        ? viaModule
        : await rejectionOf(http.get(url, { responseType: 'blob' }));
      expect(isPamError(viaAdapter) && viaAdapter.code, String(viaAdapter)).toBe('invalid_request');
      expect(JSON.stringify([viaModule, viaAdapter])).not.toContain('PASS');
      expect(tracked.started).toBe(0);
      expect(ctx.server.requests.length).toBe(before);
    });

  it('a completed report still downloads, by its path and by its absolute URL', async () => {
    const { user, tracked } = client();
    const created = await user.generateIncomeReport({ reference_year: 2025, type: 'download' });
    clock += 5_000;
    const report = await user.getIncomeReportStatus(created.id);
    const path = report.download_url!;
    for (const download_url of [path, `${ctx.server.url}${path}`, `HTTP://${host()}${path}`]) {
      const { blob } = await user.downloadIncomeReport({ download_url, reference_year: 2025 });
      expect(await blob.text()).toMatch(/^%PDF/);
    }
    expect(tracked.started).toBe(5); // generate, status, three downloads
  });
});
