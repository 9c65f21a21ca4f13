// REVIEW30 R30-6 (LOW): `downloadIncomeReport` types the Blob by the answer (`application/pdf` or
// `application/octet-stream`, never a page type: `fileTypeOf`), but names it with the API's
// `Content-Disposition` as given, extension included: a hostile or compromised API (or bucket)
// answering `Content-Type: application/pdf` with `filename="income-report-2025.html"` (or `.svg`,
// `.exe`, `.lnk`) has the app's `<a download>` save the bytes under that name, and the player opens
// an HTML page (or runs a program) that the typed Blob was meant to rule out. The server session
// names the same file by its type (`income-report-<year>.<pdf|bin>`, src/server/file.ts); the
// browser-only path should keep the name's stem but give it the type's extension.
// Root cause: src/user/download.ts `downloadIncomeReport` (`fileNameOf(headers.get
// ('content-disposition'), ...)` used as is; src/user/file-name.ts sanitises characters, not the extension).
// Over a real socket: a hostile node:http API on 127.0.0.1.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter, downloadIncomeReport } from '../../src/index';

let server: Server;
let base = '';
let disposition = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/pdf');
    res.setHeader('content-disposition', disposition);
    res.end('<html><body><script>document.title = "not a PDF"</script></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const download = (name: string) => {
  disposition = `attachment; filename="${name}"`;
  const http = createOfetchAdapter({
    baseURL: base,
    retry: 0,
    getAccessToken: () => 'a-token-of-the-session-0123',
  });
  return downloadIncomeReport(http, { download_url: `${base}/files/7`, reference_year: 2025 });
};

describe("R30-6: a downloaded report's name never carries an extension its type does not have", () => {
  it('control: a PDF named .pdf keeps its name', async () => {
    const file = await download('informe-2025.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(file.fileName).toBe('informe-2025.pdf');
  });

  for (const name of ['informe-2025.html', 'informe-2025.svg', 'informe-2025.pdf.exe', 'informe-2025.lnk']) {
    it(`a PDF the API names ${name} is saved with the .pdf extension`, async () => {
      const file = await download(name);
      expect(file.blob.type).toBe('application/pdf');
      expect(file.fileName).toMatch(/\.pdf$/);
    });
  }
});
