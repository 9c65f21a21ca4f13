// REVIEW-AL's note (a): a download answered with a page type (HTML, SVG, XML, JSON, script, or no
// type at all) was handed back as a Blob of that type. An app that opens the Blob's object URL in
// a tab (`window.open(URL.createObjectURL(blob))`) then runs the answer's HTML in its own origin:
// blob: URLs belong to the page that made them. The server session's proxy already serves only
// PDF and octet-stream (src/server/file.ts); token mode now keeps the same list.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOfetchAdapter,
  downloadIncomeReport,
  PamError,
  ResponseValidationError,
} from '../../src/index';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { rejectionOf } from '../http/helpers';

let storage: EchoServer;
beforeAll(async () => {
  storage = await startEchoServer();
});
afterAll(() => storage?.close());

const http = () => createOfetchAdapter({ baseURL: 'http://127.0.0.1:9/v1', retry: 0 });
const PAGE = '<script>parent.stolen = document.cookie</script>';

/** One download from the bucket answering `type` ('' is an empty header: a browser sniffs it). */
async function download(type: string, body = PAGE) {
  storage.answer = () => ({ status: 200, headers: { 'content-type': type }, body });
  return downloadIncomeReport(http(), { download_url: `${storage.url}/r.pdf` });
}

describe('a download is a document, never a page of the app', () => {
  for (const type of [
    'text/html',
    'text/html; charset=utf-8',
    'TEXT/HTML',
    'application/xhtml+xml',
    'image/svg+xml',
    'text/xml',
    'application/json',
    'text/javascript',
    'text/plain',
    'multipart/x-mixed-replace; boundary=x',
    '',
  ]) {
    it(`refuses ${JSON.stringify(type)} with a typed error`, async () => {
      const error = await rejectionOf(download(type));
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues[0]?.code).toBe('not_a_file');
      expect(String((error as Error).message)).not.toContain('script');
    });
  }

  for (const [type, expected] of [
    ['application/pdf', 'application/pdf'],
    ['Application/PDF; name=r.pdf', 'application/pdf'],
    ['application/octet-stream', 'application/octet-stream'],
  ] as const) {
    it(`keeps ${JSON.stringify(type)} as ${expected}`, async () => {
      const { blob } = await download(type, '%PDF-1.4 x');
      expect(blob.type).toBe(expected);
      expect(await blob.text()).toBe('%PDF-1.4 x');
    });
  }

  it('property: whatever type the answer names, the Blob is a PDF or octet-stream, or the call is refused', async () => {
    const types = fc.oneof(
      fc.constantFrom('application/pdf', 'application/octet-stream', 'text/html', 'image/svg+xml', ''),
      fc
        .tuple(fc.stringMatching(/^[a-zA-Z]{1,8}$/), fc.stringMatching(/^[a-zA-Z+.-]{1,12}$/))
        .map(([a, b]) => `${a}/${b}`),
      fc
        .tuple(
          fc.constantFrom('application/pdf', 'text/html', 'application/octet-stream'),
          fc.string({ maxLength: 12 }),
        )
        .map(([t, p]) => `${t};${p.replace(/[\r\n\0]/g, '')}`),
    );
    await fc.assert(
      fc.asyncProperty(types, async (type) => {
        const outcome = await download(type).then(
          ({ blob }) => blob.type,
          (error: unknown) => (error instanceof ResponseValidationError ? 'refused' : String(error)),
        );
        expect(['application/pdf', 'application/octet-stream', 'refused']).toContain(outcome);
      }),
      { numRuns: 60 },
    );
  });
});

// REVIEW-26 R26-4: the Blob was re-typed with `new Blob([blob], { type })`, which copies only this
// realm's Blob: a hand-made adapter's Blob-like (a polyfill, jsdom's or happy-dom's Blob in an app's
// tests) became the text "[object Object]", handed back as a PDF; a `size` getter that threw
// escaped untyped, and a Blob-like without `size` skipped the type check.
describe("a hand-made adapter's Blob", () => {
  const report = { download_url: '/v1/reports/1/file', reference_year: 2025 } as never;
  const adapter = (blob: unknown, type = 'application/pdf') =>
    ({ get: async () => ({ blob, headers: new Headers({ 'content-type': type }) }) }) as never;
  const PDF = '%PDF-1.4 the report';
  /** A Blob of another realm: the same methods, not this realm's class. */
  const foreign = (text: string, size: number | undefined = new Blob([text]).size) => {
    const real = new Blob([text]);
    return { size, type: 'application/pdf', arrayBuffer: () => real.arrayBuffer(), text: () => real.text() };
  };
  const outcome = (blob: unknown, type?: string) =>
    downloadIncomeReport(adapter(blob, type), report).then(
      async ({ blob: file }) => `${file.type} ${await file.text()}`,
      (e: unknown) =>
        e instanceof ResponseValidationError ? 'refused' : e instanceof PamError ? e.code : String(e),
    );

  it("a Blob of another realm keeps its bytes, never '[object Object]'", async () => {
    expect(await outcome(foreign(PDF))).toBe(`application/pdf ${PDF}`);
  });

  it('a Blob-like without a size is still judged by its type', async () => {
    expect(await outcome(foreign('<script>x</script>', undefined), 'text/html')).toBe('refused');
    expect(await outcome(foreign(PDF, undefined))).toBe(`application/pdf ${PDF}`);
  });

  it('a Blob whose size getter or arrayBuffer throws is a typed error', async () => {
    const blob = new Blob([PDF]);
    Object.defineProperty(blob, 'size', {
      get() {
        throw new TypeError('detached');
      },
    });
    expect(await outcome(blob)).toMatch(/^(refused|application\/pdf )/);
    const broken = { ...foreign(PDF), arrayBuffer: () => Promise.reject(new TypeError('detached')) };
    expect(await outcome(broken)).toBe('refused');
  });
});
