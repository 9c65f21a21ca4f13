import util from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripQuery } from '../../src/http/exchange';
import { createOfetchAdapter, downloadIncomeReport, isPamError } from '../../src/index';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';

// REVIEW-L 8 (eleventh pass): a download_url with credentials (`http://user:PASS@host/...`) failed
// with a NetworkError whose message, JSON and stack spelled the password: the path an error shows
// dropped the query, not the URL's user information. Errors now show a URL without it.

let api: EchoServer;
beforeAll(async () => {
  api = await startEchoServer();
});
afterAll(() => api.close());

const everything = (e: unknown) =>
  [
    String((e as Error).message),
    JSON.stringify(e),
    String((e as Error).stack),
    util.inspect(e, { depth: 6 }),
  ].join('\n');

describe('a URL with credentials: no error shows them', () => {
  it('a download from http://user:PASS@host fails typed, without the password anywhere', async () => {
    const http = createOfetchAdapter({ baseURL: api.url, timeout: REAL_TIME_TIMEOUT_MS, retry: 0 });
    const port = new URL(api.url).port;
    for (const url of [
      `http://user:URLPASSWORD@127.0.0.1:${port}/r.pdf`,
      'http://user:URLPASSWORD@127.0.0.1:1/r.pdf',
    ]) {
      const error = await downloadIncomeReport(http, { download_url: url, reference_year: 2025 }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isPamError(error)).toBe(true);
      expect(everything(error)).not.toContain('URLPASSWORD');
    }
  });

  it('property: the shown path has no user information, query or fragment, and keeps the rest', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'https', 'HTTP'),
        fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:%-]{1,20}$/),
        fc.stringMatching(/^[a-z0-9.-]{1,15}(:\d{1,5})?$/),
        fc.stringMatching(/^(\/[A-Za-z0-9._~%@-]{0,10}){0,4}$/),
        fc.stringMatching(/^[A-Za-z0-9=&%]{0,20}$/),
        (scheme, userinfo, host, path, query) => {
          const shown = stripQuery(`${scheme}://${userinfo}@${host}${path}?${query}`);
          expect(shown).toBe(`${scheme}://${host}${path}`);
        },
      ),
    );
    expect(stripQuery('/users/a@b.c/x?code=1')).toBe('/users/a@b.c/x');
  });
});
