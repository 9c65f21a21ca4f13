// Review 91 — LOW. Windows device names that `fileNameOf` lets through unprefixed.
//
// Docs promise: src/user/file-name.ts `RESERVED`: "Names Windows reserves for devices, whatever the
// extension (`CON`, `nul.txt`, `COM1.pdf`)" are prefixed with `_`; docs/contract.md "File names":
// the name is made safe "so it can be given to `<a download>` or a file system as is".
// What happens: the list is CON, PRN, AUX, NUL, COM1-9, LPT1-9 only. Windows also reserves COM¹,
// COM², COM³, LPT¹, LPT², LPT³ (superscript digits, Latin-1, so they pass a plain `filename=`
// header as is) and CONIN$ / CONOUT$ (Microsoft's "Naming Files, Paths, and Namespaces"; CPython's
// ntpath reserved-name set holds the same twelve extra names): `COM¹.pdf` is handed to the save
// dialog as is, and opening/saving it on Windows addresses a device, not a file.
import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../src/user/file-name';

describe('a Windows device name from Content-Disposition is prefixed with _', () => {
  for (const stem of ['COM¹', 'COM²', 'COM³', 'LPT¹', 'LPT²', 'LPT³', 'CONIN$', 'CONOUT$', 'conin$']) {
    for (const header of [
      `attachment; filename="${stem}.pdf"`,
      `attachment; filename*=UTF-8''${encodeURIComponent(stem)}.pdf`,
    ]) {
      it(header, () => {
        expect(fileNameOf(header, '/income-report/7/file', 'income-report-2025.pdf')).toBe(`_${stem}.pdf`);
      });
    }
  }
});
