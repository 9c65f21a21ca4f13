// Review 91, holds: downloadIncomeReport's origin, redirect, type and size rules (docs/errors.md
// "Downloads", docs/contract.md "Redirects", "Tokens").
import { createOfetchAdapter, downloadIncomeReport, isPamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { type Reply, scriptedFetch } from './support';

const TOKEN = 'tok-ABCDEFGH-12345678';
const PDF: Reply = { raw: '%PDF-1.7 x', headers: { 'content-type': 'application/pdf' } };

function http(route: (method: string, url: string) => Reply | Error, extra: Record<string, unknown> = {}) {
  const { fetch, seen } = scriptedFetch(route, () => 0);
  const adapter = createOfetchAdapter({
    baseURL: 'https://api.example.test/v1',
    fetch,
    getAccessToken: () => TOKEN,
    headers: { 'X-Api-Key': 'api-key-secret' },
    retry: 0,
    ...extra,
  });
  return { adapter, seen };
}
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) =>
      isPamError(e)
        ? `${e.code}:${JSON.stringify((e as { issues?: { code: string }[] }).issues?.map((i) => i.code) ?? (e as { status?: number }).status)}`
        : 'foreign',
  );

describe('the token and configured headers go only to the API origin', () => {
  it('a bucket link: fetched without Authorization or X-Api-Key', async () => {
    const { adapter, seen } = http(() => PDF);
    const file = await downloadIncomeReport(adapter, {
      download_url: 'https://bucket.example/r/7.pdf?sig=1',
      reference_year: 2025,
    });
    expect(file.blob.type).toBe('application/pdf');
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[0]!.headers['x-api-key']).toBeUndefined();
  });
  it('a path under the API: fetched with the token', async () => {
    const { adapter, seen } = http(() => PDF);
    await downloadIncomeReport(adapter, { download_url: '/income-report/7/file', reference_year: 2025 });
    expect(seen[0]!.url).toBe('https://api.example.test/v1/income-report/7/file');
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
  for (const [what, to] of [
    ['to another origin', 'https://evil.example/steal'],
    ['to http on the same host', 'http://api.example.test/v1/x'],
  ] as const) {
    it(`an API redirect ${what}: refused, nothing sent there`, async () => {
      const { adapter, seen } = http((_m, url) =>
        url.includes('api.example.test/v1/income')
          ? { status: 302, headers: { location: to }, raw: null }
          : PDF,
      );
      expect(
        await outcome(
          downloadIncomeReport(adapter, { download_url: '/income-report/7/file', reference_year: 2025 }),
        ),
      ).toMatch(/^http/);
      expect(seen).toHaveLength(1);
    });
  }
  it('a bucket redirecting to the API origin: not followed, no token sent', async () => {
    const { adapter, seen } = http((_m, url) =>
      url.startsWith('https://bucket')
        ? {
            status: 302,
            headers: { location: 'https://api.example.test/v1/income-report/9/file' },
            raw: null,
          }
        : PDF,
    );
    await outcome(
      downloadIncomeReport(adapter, { download_url: 'https://bucket.example/r.pdf', reference_year: 2025 }),
    );
    expect(seen.every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(seen).toHaveLength(1);
  });
});

describe('what is served as the file', () => {
  for (const [type, ok] of [
    ['text/html', false],
    ['image/svg+xml', false],
    ['application/json', false],
    ['', false],
    ['application/pdf; charset=binary', true],
    ['APPLICATION/OCTET-STREAM', true],
    ['application/pdf, text/html', false],
  ] as const) {
    it(`${JSON.stringify(type)}: ${ok ? 'taken' : 'not_a_file'}`, async () => {
      const { adapter } = http(() => ({
        raw: '<html><script>x</script></html>',
        headers: { 'content-type': type },
      }));
      expect(await outcome(downloadIncomeReport(adapter, { download_url: '/f', reference_year: 2025 }))).toBe(
        ok ? 'ok' : 'invalid_response:["not_a_file"]',
      );
    });
  }
  it('over maxDownloadBytes: refused typed', async () => {
    const { adapter } = http(
      () => ({ raw: 'x'.repeat(2048), headers: { 'content-type': 'application/pdf' } }),
      { maxDownloadBytes: 1024 },
    );
    expect(await outcome(downloadIncomeReport(adapter, { download_url: '/f', reference_year: 2025 }))).toBe(
      'invalid_response:["too_large"]',
    );
  });
  for (const url of [
    'javascript:alert(1)',
    '//evil.example/x',
    '/\\evil.example/x',
    '/../../x',
    'http://u:p@bucket.example/x',
    ' https://bucket.example/x',
    'data:application/pdf,x',
  ]) {
    it(`download_url ${JSON.stringify(url)}: invalid_request, nothing sent`, async () => {
      const { adapter, seen } = http(() => PDF);
      expect(
        await outcome(downloadIncomeReport(adapter, { download_url: url, reference_year: 2025 })),
      ).toMatch(/^invalid_request/);
      expect(seen).toHaveLength(0);
    });
  }
});
