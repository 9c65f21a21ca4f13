import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOfetchAdapter,
  createUserModule,
  downloadIncomeReport,
  type IncomeReportData,
  isPamError,
  RequestValidationError,
} from '../../src/index';
import { fileNameOf } from '../../src/user/file-name';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { rejectionOf } from '../http/helpers';
import { signedIn, useReferenceServer } from '../support/server';

let clock = 1_800_000_000_000;
const ctx = useReferenceServer({ reportStepMs: 1000, now: () => clock });

// biome-ignore lint/suspicious/noExplicitAny: the point is to pass what the types forbid
type Loose = any;

/** A completed download report of the seed user, on the server's simulated clock. */
async function completedReport(user: ReturnType<typeof signedIn>['user']): Promise<IncomeReportData> {
  const created = await user.generateIncomeReport({ reference_year: 2025, type: 'download' });
  clock += 5_000;
  const report = await user.getIncomeReportStatus(created.id);
  expect(report.status).toBe(3);
  expect(report.download_url).toMatch(/^\/income-report\/\d+\/file$/); // a path under the API (REVIEW-AA AA-4)
  return report;
}

describe('downloadIncomeReport', () => {
  it('GETs download_url with the token and gives the Blob and its file name', async () => {
    const { user, token } = signedIn(ctx.server);
    const report = await completedReport(user);
    const { blob, fileName } = await user.downloadIncomeReport(report);
    expect(fileName).toBe('income-report-2025.pdf');
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toMatch(/^%PDF-1\.4\n% Income report 2025/);
    const sent = ctx.server.requests.at(-1)!;
    expect(sent.url).toBe(report.download_url);
    expect(sent.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('the standalone function does the same on any adapter', async () => {
    const { user, http } = signedIn(ctx.server);
    const report = await completedReport(user);
    const { blob } = await downloadIncomeReport(http, report);
    expect(await blob.text()).toContain('%PDF');
  });

  it("another user's report is the server's 404, a typed HttpError", async () => {
    const { user } = signedIn(ctx.server);
    const report = await completedReport(user);
    const other = signedIn(ctx.server, ctx.server.seed.twoFactor?.id ?? ctx.server.seed.plain.id + 1);
    const error = await rejectionOf(other.user.downloadIncomeReport(report));
    expect(isPamError(error) && error.code).toBe('http');
    expect((error as { status?: number }).status).toBe(404);
  });

  for (const report of [
    { download_url: null },
    { download_url: undefined },
    {},
    null,
    { download_url: 'javascript:alert(1)' },
    { download_url: 'file:///etc/passwd' },
    { download_url: 'data:application/pdf,x' },
    { download_url: '' },
    { download_url: 42 },
  ]) {
    it(`refuses ${JSON.stringify(report)} before sending`, async () => {
      const { user } = signedIn(ctx.server);
      const error = await rejectionOf(user.downloadIncomeReport(report as Loose));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.path).toEqual(['download_url']);
      expect(ctx.server.requests).toEqual([]);
    });
  }
});

describe('a download_url on another origin', () => {
  let storage: EchoServer;
  beforeAll(async () => {
    storage = await startEchoServer();
  });
  afterAll(() => storage?.close());

  it('is fetched without the token or any credential header', async () => {
    storage.answer = () => ({
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="fallback.pdf"; filename*=UTF-8''relat%C3%B3rio%202025.pdf`,
      },
      body: '%PDF-1.4 stored',
    });
    const http = createOfetchAdapter({
      baseURL: ctx.server.url,
      getAccessToken: () => 'tok-api-only',
      headers: { 'x-api-key': 'key-api-only', 'x-trace': 't1' },
    });
    const { blob, fileName } = await createUserModule(http).downloadIncomeReport({
      download_url: `${storage.url}/bucket/r-9.pdf?sig=abc`,
    });
    expect(fileName).toBe('relatório 2025.pdf');
    expect(await blob.text()).toBe('%PDF-1.4 stored');
    const seen = storage.requests.at(-1)!;
    expect(seen.url).toBe('/bucket/r-9.pdf?sig=abc');
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers['x-api-key']).toBeUndefined();
    // No configured header at all (review L2), credential-named or not.
    expect(seen.headers['x-trace']).toBeUndefined();
  });

  it('an error answer is a typed error whose body is read as text and scrubbed', async () => {
    storage.answer = () => ({ status: 403, body: { message: 'Expired link' } });
    const http = createOfetchAdapter({ baseURL: ctx.server.url, retry: 0 });
    const error = await rejectionOf(downloadIncomeReport(http, { download_url: `${storage.url}/x.pdf` }));
    expect(isPamError(error) && error.code).toBe('http');
    expect((error as Error).message).toBe('Expired link');
  });
});

describe('odd answers', () => {
  let storage: EchoServer;
  beforeAll(async () => {
    storage = await startEchoServer();
  });
  afterAll(() => storage?.close());

  it('a 204 is an empty file, not a crash', async () => {
    storage.answer = () => ({ status: 204 });
    const http = createOfetchAdapter({ baseURL: ctx.server.url, retry: 0 });
    const { blob, fileName } = await downloadIncomeReport(http, { download_url: `${storage.url}/r.pdf` });
    expect(blob.size).toBe(0);
    expect(fileName).toBe('r.pdf');
  });

  it('an adapter that ignores responseType gives a typed error, not a TypeError', async () => {
    const http = { get: async () => ({ ok: true }) } as Loose;
    const error = await rejectionOf(downloadIncomeReport(http, { download_url: 'https://x.test/r.pdf' }));
    expect(isPamError(error) && error.code).toBe('invalid_response');
  });
});

describe('fileNameOf', () => {
  const cases: [string | null, string, string][] = [
    ['attachment; filename="a b.pdf"', '/x/file', 'a b.pdf'],
    ["attachment; filename=plain.pdf; filename*=UTF-8''na%C3%AFve.pdf", '/x', 'naïve.pdf'],
    ["attachment; filename*=iso-8859-1'pt'relat%F3rio.pdf", '/x', 'relatório.pdf'],
    ['attachment; filename="quo\\"ted.pdf"', '/x', 'quo_ted.pdf'],
    ['attachment; filename="../../etc/passwd"', '/x', 'passwd.pdf'], // the extension is always .pdf (R30-6)
    ['attachment; filename="..\\\\..\\\\boot.ini"', '/x', 'boot.pdf'],
    ['attachment; filename="...."', '/dl/r%C3%A9sum%C3%A9.pdf', 'résumé.pdf'],
    ["attachment; filename*=UTF-8''%E0%A4%A.pdf; filename=ok.pdf", '/x', 'ok.pdf'],
    ['attachment', '/reports/2025.pdf?sig=1', '2025.pdf'],
    [null, '/reports/', 'fallback.pdf'],
    [null, '/a/%E0%A4%A', 'fallback.pdf'],
    ['attachment; filename="a\u0001b.pdf"', '/x', 'a_b.pdf'],
  ];
  for (const [disposition, url, expected] of cases) {
    it(`${JSON.stringify(disposition)} + ${url} -> ${expected}`, () => {
      expect(fileNameOf(disposition, url, 'fallback.pdf')).toBe(expected);
    });
  }
});
