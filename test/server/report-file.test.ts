// The report file route (review D1, L6): it only ever fetches the file the API named for one of
// this player's reports, read with the cookie's token; the answer is always a download
// (attachment, nosniff, PDF or octet-stream), and its deadline covers the body.

import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../src/server/upstream';
import { completedReport } from '../support/completed-report';
import { installFakeTimers } from '../support/fake-timers';
import { Browser, leakedTokens, type TestClock, usePam } from './harness';
import { json, loginOk, pamFor, request, signIn, TOKEN, useHostile } from './hostile';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);
const hostile = useHostile();

const sentTokens = () =>
  ref.server.requests
    .map((r) => /^Bearer (\S+)$/i.exec(String(r.headers.authorization ?? ''))?.[1])
    .filter((t): t is string => t !== undefined);

describe('report-file on the reference server', () => {
  it('no URL is taken from the browser: ?url= of any API route is refused and nothing is forwarded', async () => {
    const browser = new Browser(fx.served.url);
    await browser.login(ref.server.seed.plain.email, ref.server.seed.plain.password);
    const api = ref.server.url;
    ref.server.requests.length = 0;
    for (const target of [
      `${api}/auth/user-profile?check_spa_again=1`,
      `${api}/bff/users/login-history`,
      `${api}/income-report/../auth/user-profile`,
      `${api}/income-report/%2e%2e/auth/user-profile`,
      `${api}/income-report/1/file`,
    ]) {
      const answer = await browser.call('GET', `/pam/report-file?url=${encodeURIComponent(target)}`);
      expect(answer.status).toBe(400);
    }
    expect(ref.server.requests).toEqual([]);
    expect(leakedTokens(browser.received, sentTokens())).toEqual([]);
  });

  it("downloads by report id: the report read with the cookie's token, then its file, as an attachment", async () => {
    const browser = new Browser(fx.served.url);
    const { id, url } = await completedReport(browser, { ref, clock });
    expect(url).toBe(`/report-file?id=${id}`);
    ref.server.requests.length = 0;
    const file = await browser.call('GET', `/pam${url}`);
    expect(file.status).toBe(200);
    expect(file.text).toMatch(/^%PDF-1\.4/);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="income-report-2025.pdf"');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ref.server.requests.map((r) => r.path)).toEqual([
      `/income-report/${id}`,
      `/income-report/${id}/file`,
    ]);
    expect(leakedTokens(browser.received, sentTokens())).toEqual([]);
  });

  it("another player's report is not found; an id that is not a report id is refused", async () => {
    const owner = new Browser(fx.served.url);
    const { id } = await completedReport(owner, { ref, clock });
    const other = new Browser(fx.served.url);
    await other.login(ref.server.seed.paused.email, ref.server.seed.paused.password);
    const answer = await other.call('GET', `/pam/report-file?id=${id}`);
    expect(answer.status).toBe(404);
    expect(answer.text).not.toMatch(/PDF/);
    for (const query of ['id=0', 'id=1e3', 'id=7&id=8', 'id=7&url=x', '']) {
      expect((await other.call('GET', `/pam/report-file?${query}`)).status).toBe(400);
    }
  });
});

describe('report-file against a hostile API', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A hostile API whose report 7 names `downloadURL`, and whose `/files/` answer `file` writes. */
  async function apiWith(downloadURL: (base: string) => string, file: (res: ServerResponse) => void) {
    const api = await hostile.api();
    api.handler = (req, res) => {
      const path = req.url ?? '';
      if (path.startsWith('/auth/login')) return json(res, 200, loginOk());
      if (path === '/income-report/7')
        return json(res, 200, {
          id: 7,
          reference_year: 2025,
          status: 3,
          delivery_type: 'download',
          download_url: downloadURL(api.url),
        });
      if (path.startsWith('/auth/user-profile'))
        return json(res, 200, { user: { id: 1, token: TOKEN }, userInfo: {} });
      if (path.startsWith('/files/')) return file(res);
      return json(res, 404, {});
    };
    return api;
  }

  it('a report that names a JSON route of the API: refused, the route never called', async () => {
    const api = await apiWith(
      (base) => `${base}/auth/user-profile?check_spa_again=1`,
      (res) => json(res, 500, {}),
    );
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const answer = (await pam.handle(request('/pam/report-file?id=7', { cookie })))!;
    const text = await answer.text();
    expect(answer.status).toBe(502);
    expect(text).not.toContain(TOKEN);
    expect(api.requests.map((r) => r.url)).toEqual(['/auth/login', '/income-report/7']);
  });

  it('a file that is not a PDF or octet-stream (HTML, JSON) is refused; an inline PDF goes out as an attachment', async () => {
    let type = 'text/html';
    const api = await apiWith(
      (base) => `${base}/files/r.pdf`,
      (res) => {
        res.writeHead(200, { 'content-type': type, 'content-disposition': 'inline; filename="x.html"' });
        res.end(type === 'application/pdf' ? '%PDF' : `<script>alert(1)</script>{"token":"${TOKEN}"}`);
      },
    );
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    for (const refused of ['text/html', 'application/json', 'image/svg+xml', '']) {
      type = refused;
      const answer = (await pam.handle(request('/pam/report-file?id=7', { cookie })))!;
      const text = await answer.text();
      expect(answer.status).toBe(502);
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(text).not.toMatch(/script|TOKEN/);
    }
    type = 'application/pdf';
    const answer = (await pam.handle(request('/pam/report-file?id=7', { cookie })))!;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('%PDF');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="income-report-2025.pdf"');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-type')).toBe('application/pdf');
  });

  it('a file that holds the access token is cut off (the stream errors), never delivered whole', async () => {
    const api = await apiWith(
      (base) => `${base}/files/r.pdf`,
      (res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.write('%PDF TOK');
        res.end(`${TOKEN.slice(3)} %%EOF`);
      },
    );
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const answer = (await pam.handle(request('/pam/report-file?id=7', { cookie })))!;
    expect(answer.status).toBe(200);
    await expect(answer.text()).rejects.toThrow();
  });

  it('a report whose file is elsewhere (a bucket link) has no file on this route', async () => {
    const api = await apiWith(
      () => 'https://bucket.example/r.pdf?sig=1',
      (res) => json(res, 500, {}),
    );
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const report = (await pam.handle(request('/pam/income-report/7', { cookie })))!;
    expect(((await report.json()) as { download_url: string }).download_url).toBe(
      'https://bucket.example/r.pdf?sig=1',
    );
    const answer = (await pam.handle(request('/pam/report-file?id=7', { cookie })))!;
    expect(answer.status).toBe(404);
    expect(api.requests.map((r) => r.url)).toEqual(['/auth/login', '/income-report/7', '/income-report/7']);
  });

  it('the deadline covers the body: a file that trickles past timeoutMs errors (L6)', async () => {
    let more: (() => void) | undefined;
    const api = await apiWith(
      (base) => `${base}/files/r.pdf`,
      (res) => {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.write('%PDF');
        more = () => res.end('-the rest, after the deadline');
      },
    );
    const pam = pamFor(api, { timeoutMs: 1000 });
    const cookie = await signIn(pam);
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = (await pam.handle(request('/pam/report-file?id=7', { cookie })))!;
    expect(answer.status).toBe(200);
    vi.advanceTimersByTime(1000);
    more!();
    await expect(answer.text()).rejects.toThrow();
  });

  it("callApi's deadline covers a file's body, not only its headers (L6)", async () => {
    let more: (() => void) | undefined;
    const api = await hostile.api();
    api.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.write('%PDF');
      more = () => res.end('-the rest, after the deadline');
    };
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const deps = { apiBaseURL: api.url, fetch: globalThis.fetch, timeoutMs: 1000, forwardClient: false };
    const up = await callApi(deps, { method: 'GET', target: '/files/r.pdf', request: request('/') }, true);
    const reader = up.stream!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('%PDF');
    vi.advanceTimersByTime(1000);
    more!();
    await expect(reader.read()).rejects.toThrow();
  });
});
