// Review 153, DEFECT (LOW): a downloaded report's file name keeps BACKSLASH look-alikes. The
// name rule replaces `/` `\` and the slash look-alikes U+FF0F, U+2215, U+2044 ("slashes that look
// like a path separator"), but not the backslash ones: U+FF3C FULLWIDTH REVERSE SOLIDUS, U+FE68
// SMALL REVERSE SOLIDUS, U+29F5 REVERSE SOLIDUS OPERATOR. Windows' best-fit conversion (the
// "WorstFit" class) turns U+FF3C into `\` in the CJK code pages an app may save under, so
// `＼..＼Windows＼x.pdf` is a path again; and on screen it reads as one. Real socket.
import { createOfetchAdapter, downloadIncomeReport } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import { fileServer } from './file-server';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe('review 153: backslash look-alikes in a Content-Disposition name', () => {
  for (const [what, encoded] of [
    ['U+FF3C fullwidth reverse solidus', '..%EF%BC%BC..%EF%BC%BCWindows%EF%BC%BCevil.pdf'],
    ['U+FE68 small reverse solidus', '..%EF%B9%A8..%EF%B9%A8evil.pdf'],
    ['U+29F5 reverse solidus operator', '..%E2%A7%B5..%E2%A7%B5evil.pdf'],
  ] as const) {
    it(`${what}: replaced as the slash look-alikes are`, async () => {
      const server = await fileServer((_req, res) => {
        res.writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename*=UTF-8''${encoded}`,
        });
        res.end('%PDF-1.4\n%%EOF\n');
      });
      servers.push(server);
      const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => 'tok', retry: 0 });
      const { fileName } = await downloadIncomeReport(http, {
        download_url: '/income-report/7/file',
        reference_year: 2025,
      });
      expect(fileName).not.toMatch(/[\uff3c\ufe68\u29f5\\/]/);
    });
  }
});
