// Review 91, holds: file names of a download (docs/contract.md "File names").
import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../src/user/file-name';

const name = (d: string | null, url = '/income-report/7/file') =>
  fileNameOf(d, url, 'income-report-2025.pdf');

describe('hostile Content-Disposition names', () => {
  for (const [header, expected] of [
    [`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, 'passwd.pdf'],
    [`attachment; filename="..\\\\..\\\\boot.ini"`, 'boot.pdf'],
    [`attachment; filename=".."`, 'file.pdf'],
    [`attachment; filename="..."`, 'file.pdf'],
    [`attachment; filename*=UTF-8''a%00b%0Ac.pdf`, 'a_b_c.pdf'],
    [`attachment; filename*=UTF-8''relatorio%E2%80%AEfdp.exe`, 'relatoriofdp.pdf'],
    [`attachment; filename="informe.html"`, 'informe.pdf'],
    [`attachment; filename="r.pdf.exe"`, 'r.pdf.pdf'],
    [`attachment; filename="CON"`, '_CON.pdf'],
    [`attachment; filename="nul.txt"`, '_nul.pdf'],
    [`attachment; filename="a:b|c?.pdf"`, 'a_b_c_.pdf'],
    [`attachment; filename="r.pdf"; filename*=UTF-8''relat%C3%B3rio.pdf`, 'relatório.pdf'],
    [`attachment; filename*=UTF-8''%ZZ; filename="ok.pdf"`, 'ok.pdf'],
  ] as const) {
    it(`${header} -> ${expected}`, () => expect(name(header)).toBe(expected));
  }
  it('very long: at most 255 UTF-8 bytes, .pdf kept', () => {
    const got = name(`attachment; filename*=UTF-8''${encodeURIComponent('ç'.repeat(400))}.pdf`);
    expect(new TextEncoder().encode(got).length).toBeLessThanOrEqual(255);
    expect(got.endsWith('.pdf')).toBe(true);
  });
  it('no header: the URL segment, else the fallback', () => {
    expect(name(null, 'https://bucket.example/a%2F..%2Fx.exe')).toBe('x.pdf');
    expect(name(null, 'https://bucket.example/')).toBe('income-report-2025.pdf');
  });
});
