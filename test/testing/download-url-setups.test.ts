import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { createReferenceFetch, type ReferenceServer, startReferenceServer } from 'pam-client/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';

// REVIEW-AA AA-4 / AA-15: the reference server built `download_url` from its own listening
// address, so `downloadIncomeReport(report)` failed behind a dev proxy at /api (another origin:
// no token, 401) and on the in-process kit with `baseURL: '/api'` (joined under /api twice: 404).
// It now answers a path under the API (`/income-report/N/file`), which the client joins to its
// baseURL: one answer that downloads in all three set-ups.

let clock = 0;
const now = () => clock;
let server: ReferenceServer;
let proxy: Server;
let proxyURL: string;

/** A path proxy, as a dev server's: `/api/x` is forwarded to the reference server's `/x`. */
function startProxy(target: string): Promise<string> {
  const to = new URL(target);
  proxy = createServer((req, res) => {
    if (!req.url?.startsWith('/api/')) {
      res.writeHead(404).end();
      return;
    }
    const upstream = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url.slice(4), headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  server = await startReferenceServer({ now, reportStepMs: 1000 });
  proxyURL = await startProxy(server.url);
});
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await server.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
  clock = 0;
});

/** Generates a download report, lets the server's clock complete it, then downloads it. */
async function downloadThrough(baseURL: string, token: string, fetch?: typeof globalThis.fetch) {
  const http = createOfetchAdapter({
    baseURL,
    getAccessToken: () => token,
    timeout: REAL_TIME_TIMEOUT_MS,
    retry: 0,
    fetch,
  });
  const user = createUserModule(http);
  const { id } = await user.generateIncomeReport({ reference_year: 2023, type: 'download' });
  clock += 5000;
  const report = await user.getIncomeReportStatus(id);
  expect(report.status).toBe(3);
  const { blob, fileName } = await user.downloadIncomeReport(report);
  expect(fileName).toBe('income-report-2023.pdf');
  expect(await blob.text()).toMatch(/^%PDF-1\.4\n% Income report 2023 for user 1\n/);
  expect(report.download_url).toBe(`/income-report/${id}/file`); // a path under the API
}

describe('download_url works wherever the client reaches the reference server (AA-4, AA-15)', () => {
  it('on the socket server, directly', async () => {
    server.reset();
    await downloadThrough(server.url, server.issueToken(server.seed.plain.id));
  });

  it('behind a path proxy at /api (a dev server)', async () => {
    server.reset();
    await downloadThrough(`${proxyURL}/api`, server.issueToken(server.seed.plain.id));
    expect(server.requests.map((r) => r.path)).toContain('/income-report/1/file');
  });

  it("on the in-process kit with baseURL '/api', from a page (the browser form)", async () => {
    vi.stubGlobal('location', { href: 'http://localhost:5173/app/' });
    const kit = createReferenceFetch({ baseURL: '/api', now, reportStepMs: 1000 });
    await downloadThrough('/api', kit.issueToken(kit.seed.plain.id), kit);
    expect(kit.requests.map((r) => r.path)).toContain('/income-report/1/file');
  });
});
