import { describe, expect, it } from 'vitest';
import { createOfetchAdapter } from '../../src/http/ofetch-adapter';
import type { BlobAnswer } from '../../src/http/types';

/** A fetch whose answer has no body stream (a polyfill that buffered it, or a 204): `body` is null. */
function noStream(status: number, text: string | null, contentType: string) {
  return (async () => {
    const response = new Response(text, { status, headers: { 'content-type': contentType } });
    Object.defineProperty(response, 'body', { value: null });
    return response;
  }) as typeof globalThis.fetch;
}

describe('createOfetchAdapter: a download whose answer has no body stream', () => {
  it('gives the whole file, typed by its Content-Type as written (lower-cased), not as fetch re-serialises it', async () => {
    const http = createOfetchAdapter({
      baseURL: 'http://api.test',
      fetch: noStream(200, 'a;b\n1;2\n', 'text/csv; charset=UTF-8'),
      retry: 0,
    });
    const { blob } = await http.get<BlobAnswer>('/report.csv', { responseType: 'blob' });
    expect([blob.type, await blob.text()]).toEqual(['text/csv; charset=utf-8', 'a;b\n1;2\n']);
  });

  it('gives an empty file for a 204, typed the same way', async () => {
    const http = createOfetchAdapter({
      baseURL: 'http://api.test',
      fetch: noStream(204, null, 'Application/PDF'),
      retry: 0,
    });
    const { blob } = await http.get<BlobAnswer>('/report.pdf', { responseType: 'blob' });
    expect([blob.type, blob.size]).toEqual(['application/pdf', 0]);
  });
});
