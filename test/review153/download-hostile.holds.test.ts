// Review 153, HOLDS: hostile download answers over real sockets: traversal names, raw CR/LF in a
// header, a body over the cap (announced, chunked, or under a lying Content-Length), page types.
import { createOfetchAdapter, downloadIncomeReport, isPamError, type PamError } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import { fileServer, rawServer } from './file-server';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});
const REPORT = { download_url: '/income-report/7/file', reference_year: 2025 };
const PDF = '%PDF-1.4\n%%EOF\n';

const outcome = (p: Promise<{ fileName: string; blob: Blob }>) =>
  p.then(
    (f) => ({ ok: true as const, fileName: f.fileName, type: f.blob.type, size: f.blob.size }),
    (e: PamError) => ({ ok: false as const, typed: isPamError(e), code: e.code }),
  );

async function download(headers: Record<string, string>, body: string | Buffer, opts = {}) {
  const server = await fileServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  servers.push(server);
  const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => 'tok', retry: 0, ...opts });
  return outcome(downloadIncomeReport(http, REPORT));
}

describe('review 153: hostile file names', () => {
  for (const disposition of [
    'attachment; filename="../../etc/passwd"',
    "attachment; filename*=UTF-8''..%2F..%2F..%2Fhome%2Fu%2F.bashrc",
    'attachment; filename="..\\\\..\\\\Windows\\\\win.ini"',
    "attachment; filename*=UTF-8''C%3A%5CWindows%5Cx.exe",
    'attachment; filename="/abs/x.html"',
    "attachment; filename*=UTF-8''%0D%0ASet-Cookie%3A%20a%3Db.pdf",
  ]) {
    it(`${disposition}: a bare .pdf name, no separator, no control`, async () => {
      const r = await download(
        { 'content-type': 'application/pdf', 'content-disposition': disposition },
        PDF,
      );
      expect(r.ok).toBe(true);
      const name = r.ok ? r.fileName : '';
      expect(name).toMatch(/^[^/\\\r\n:]+\.pdf$/);
      expect(name.startsWith('.')).toBe(false);
    });
  }

  it('a raw CR inside Content-Disposition (written on the socket): typed error or a safe name', async () => {
    const raw =
      'HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\n' +
      'Content-Disposition: attachment; filename="a\rSet-Cookie: x=y.pdf"\r\n' +
      `Content-Length: ${PDF.length}\r\nConnection: close\r\n\r\n${PDF}`;
    const server = await rawServer(raw);
    servers.push(server);
    const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => 'tok', retry: 0 });
    const r = await outcome(downloadIncomeReport(http, REPORT));
    expect(r.ok ? /[\r\n]/.test(r.fileName) : !r.typed).toBe(false);
  });
});

describe('review 153: bodies over the download cap', () => {
  const big = Buffer.alloc(64 * 1024, 0x41);
  it('announced by Content-Length: too_large, typed', async () => {
    const r = await download({ 'content-type': 'application/pdf' }, big, { maxDownloadBytes: 4096 });
    expect(r).toEqual({ ok: false, typed: true, code: 'invalid_response' });
  });
  it('chunked, no Content-Length: too_large, typed', async () => {
    const server = await fileServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      for (let i = 0; i < 16; i++) res.write(big);
      res.end();
    });
    servers.push(server);
    const http = createOfetchAdapter({
      baseURL: server.url,
      getAccessToken: () => 'tok',
      retry: 0,
      maxDownloadBytes: 4096,
    });
    expect(await outcome(downloadIncomeReport(http, REPORT))).toEqual({
      ok: false,
      typed: true,
      code: 'invalid_response',
    });
  });
  it('a Content-Length under the cap, a longer body (raw socket): never a file over the cap', async () => {
    const body = 'A'.repeat(20_000);
    const raw = `HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\nContent-Length: 100\r\nConnection: close\r\n\r\n${body}`;
    const server = await rawServer(raw);
    servers.push(server);
    const http = createOfetchAdapter({
      baseURL: server.url,
      getAccessToken: () => 'tok',
      retry: 0,
      maxDownloadBytes: 4096,
    });
    const r = await outcome(downloadIncomeReport(http, REPORT));
    expect(r.ok ? r.size <= 4096 : r.typed).toBe(true);
  });
});

describe('review 153: page types are never a file', () => {
  for (const type of [
    'text/html',
    'image/svg+xml',
    'application/pdf, text/html',
    'text/html; x=application/pdf',
    '',
  ]) {
    it(`Content-Type ${JSON.stringify(type)}: not_a_file or typed`, async () => {
      const r = await download(type ? { 'content-type': type } : {}, '<script>alert(1)</script>');
      expect(r.ok).toBe(false);
    });
  }
});
