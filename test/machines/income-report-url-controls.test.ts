// incomeReportMachine's judge of a completed download (`checkedAnswer`, machines/income-report/
// answer.ts) refuses a `download_url` holding a C0 control, DEL or whitespace anywhere (review
// rj10 MED-1): a browser strips leading controls, so "\u0001javascript:alert(1)" completed the
// report with a script link. It must agree with `downloadIncomeReport` (src/user/download.ts) on
// the controls (a URL with no host, `https://`, is the download's to refuse: nothing opens it).

import fc from 'fast-check';
import { type IncomeReportData, ResponseValidationError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { checkedAnswer } from '../../machines/income-report/answer';
import { CONTROLS, hostileURL, neverScript } from '../user/hostile-urls';

const completed = (download_url: unknown) =>
  ({ id: 7, reference_year: 2025, delivery_type: 'download', status: 3, download_url }) as IncomeReportData;

/** Whether the machine takes a completed report naming `url` (else `invalid_response` on `download_url`). */
function completes(url: unknown): boolean {
  let error: unknown;
  try {
    checkedAnswer(completed(url), { id: 7, referenceYear: 2025, deliveryType: 'download' });
  } catch (e) {
    error = e;
  }
  expect(error === undefined || error instanceof ResponseValidationError, String(error)).toBe(true);
  expect((error as ResponseValidationError | undefined)?.issues[0]?.path ?? ['download_url']).toEqual([
    'download_url',
  ]);
  return error === undefined;
}

describe('incomeReportMachine: a completed download whose URL holds a control character', () => {
  for (const url of [
    '\u0001javascript:alert(document.domain)',
    '\u0000javascript:alert(1)',
    '\u001fdata:text/html,<script>alert(1)</script>',
    '\u007fjavascript:alert(1)',
    'https://bucket.example/r.pdf\u0000',
    '/files/a\u001b.pdf',
    '\u0001//evil.example/x.pdf',
  ]) {
    it(`never completes with ${JSON.stringify(url)}`, () => {
      expect(completes(url)).toBe(false);
    });
  }

  it('refuses every C0 control and DEL, anywhere; still completes with an http(s) URL or a path', () => {
    for (const c of CONTROLS)
      for (const url of [`${c}https://b.example/r.pdf`, `https://b.ex${c}ample/r.pdf`, `/files/r.pdf${c}`])
        expect(completes(url), JSON.stringify(url)).toBe(false);
    for (const url of [
      'https://bucket.example/r.pdf?sig=a%01b',
      'HTTP://b.example/r.pdf',
      '/income-report/7/file',
    ])
      expect(completes(url), url).toBe(true);
  });

  it('(property) completes only with a URL with no control or whitespace that a browser never opens as a script', () => {
    fc.assert(
      fc.property(hostileURL, (url) => {
        expect(!completes(url) || neverScript(url), JSON.stringify(url)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
