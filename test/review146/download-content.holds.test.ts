// Review 146 (holds): a real PDF resolves typed and named; page types (HTML, JSON, SVG, none) and
// a 2xx body past maxDownloadBytes are typed errors; Content-Disposition names are made safe
// (traversal, encoded separators, CR/LF escapes, device names, bidi, a `.exe`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule, isPamError } from '../../src/index';
import { completedReport, type Hostile, hostile, outcome, TOKEN } from './hostile';

let srv: Hostile;
beforeAll(async () => {
  srv = await hostile();
});
afterAll(() => srv.close());

const user = () =>
  createUserModule(createOfetchAdapter({ baseURL: srv.url, getAccessToken: () => TOKEN, retry: 0 }));
const PDF = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF';

describe('review 146 (holds): download content', () => {
  it('a PDF resolves with its type and the name from Content-Disposition', async () => {
    srv.on((_q, res) =>
      res
        .writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="informe-2025.pdf"',
        })
        .end(PDF),
    );
    const { blob, fileName } = await user().downloadIncomeReport(completedReport() as never);
    expect(blob.type).toBe('application/pdf');
    expect(blob.size).toBeGreaterThan(0);
    expect(fileName).toBe('informe-2025.pdf');
  });

  it.each(['text/html', 'application/json', 'image/svg+xml', 'text/plain', 'application/xhtml+xml'])(
    '%s: not_a_file',
    async (type) => {
      srv.on((_q, res) => res.writeHead(200, { 'content-type': type }).end('<svg onload=alert(1)>'));
      await expect(user().downloadIncomeReport(completedReport() as never)).rejects.toMatchObject({
        code: 'invalid_response',
      });
    },
  );

  it.each([
    ['attachment; filename="../../../etc/passwd"', 'passwd.pdf'],
    ['attachment; filename="..\\\\..\\\\Windows\\\\evil.exe"', 'evil.pdf'],
    ["attachment; filename*=UTF-8''..%2F..%2F.bashrc", 'bashrc.pdf'],
    ["attachment; filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x.pdf", 'a__Set-Cookie_ x.pdf'],
    ['attachment; filename="CON.pdf"', '_CON.pdf'],
    ["attachment; filename*=UTF-8''relatorio%E2%80%AEfdp.exe", 'relatoriofdp.pdf'],
    ['attachment; filename=".."', 'file.pdf'],
  ])('Content-Disposition %j is saved as %j', async (disposition, name) => {
    srv.on((_q, res) =>
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': disposition }).end(PDF),
    );
    const { fileName } = await user().downloadIncomeReport(completedReport() as never);
    expect(fileName).toBe(name);
    expect(fileName).not.toMatch(/[/\\\r\n\u202e]/);
  });

  it('a declared 200 MB body is refused before it is read (too_large), the connection let go', async () => {
    srv.on((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(200 * 2 ** 20) });
      res.write(PDF);
    });
    const error = await user()
      .downloadIncomeReport(completedReport() as never)
      .catch((e: unknown) => e);
    expect(isPamError(error) && error.code).toBe('invalid_response');
    expect(JSON.stringify(error)).toMatch(/too_large/);
  });

  it('an endless chunked body is cut at maxDownloadBytes (too_large), the server hung up on', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let sent = 0;
    srv.on((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) sent += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const hungBefore = srv.hungUp();
    const http = createOfetchAdapter({
      baseURL: srv.url,
      getAccessToken: () => TOKEN,
      retry: 0,
      maxDownloadBytes: 2 ** 20,
    });
    const error = await createUserModule(http)
      .downloadIncomeReport(completedReport() as never)
      .catch((e: unknown) => e);
    expect(isPamError(error) && error.code).toBe('invalid_response');
    expect(JSON.stringify(error)).toMatch(/too_large/);
    const { until } = await import('../support/event-loop');
    await until(() => srv.hungUp() > hungBefore, 'the client closed the endless answer');
    // Far less than the 200 MB an unbounded read would take (socket buffers aside).
    expect(sent).toBeLessThan(64 * 2 ** 20);
  });

  it('a gzip bomb (64 MiB of zeros in ~64 kB) is cut at maxDownloadBytes by its inflated size', async () => {
    const { gzipSync } = await import('node:zlib');
    const bomb = gzipSync(Buffer.alloc(64 * 2 ** 20));
    srv.on((_q, res) =>
      res
        .writeHead(200, {
          'content-type': 'application/pdf',
          'content-encoding': 'gzip',
          'content-length': String(bomb.length),
        })
        .end(bomb),
    );
    const http = createOfetchAdapter({
      baseURL: srv.url,
      getAccessToken: () => TOKEN,
      retry: 0,
      maxDownloadBytes: 2 ** 20,
    });
    const error = await createUserModule(http)
      .downloadIncomeReport(completedReport() as never)
      .catch((e: unknown) => e);
    expect(isPamError(error) && error.code).toBe('invalid_response');
    expect(JSON.stringify(error)).toMatch(/too_large/);
  });

  it('a 200 download answered as a 404 HTML page keeps the status, typed', async () => {
    srv.on((_q, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>'));
    expect(await outcome(user().downloadIncomeReport(completedReport() as never))).toBe('http');
  });
});
