import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/errors/index';
import { createOfetchAdapter } from '../../src/http/ofetch-adapter';
import { rejectionOf } from './helpers';

/** A fetch answering `bytes` (status `status`) in pieces that end at `cuts`, one piece per pull. */
function answering(bytes: Uint8Array, cuts: number[], status = 200) {
  const ends = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces = [...ends, bytes.length].map((end, i, all) => bytes.subarray(i ? all[i - 1] : 0, end));
  return (async () => {
    let next = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const piece = pieces[next++];
          if (piece === undefined) controller.close();
          else controller.enqueue(piece);
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
}

const adapter = (fetch: typeof globalThis.fetch) =>
  createOfetchAdapter({ baseURL: 'http://api.test', fetch, retry: 0 });

/** What `Response.text()` makes of `bytes`: UTF-8, a leading BOM dropped, bad bytes as U+FFFD. */
const asText = (bytes: Uint8Array<ArrayBuffer>) => new Response(bytes).text();

describe('createOfetchAdapter: an answer read as UTF-8 text, whatever the chunking', () => {
  it('reads characters split across pieces as one (any text, any cuts)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue({ maxDepth: 2, stringUnit: 'binary' }),
        fc.array(fc.nat(), { maxLength: 12 }),
        async (value, cuts) => {
          const text = JSON.stringify(value);
          const bytes = new TextEncoder().encode(text);
          await expect(adapter(answering(bytes, cuts)).get('/v')).resolves.toEqual(JSON.parse(text));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('cuts every four-byte character at each of its bytes', async () => {
    const bytes = new TextEncoder().encode('{"name":"🂡 Ás"}');
    for (let cut = 0; cut <= bytes.length; cut += 1)
      await expect(adapter(answering(bytes, [cut])).get('/v')).resolves.toEqual({ name: '🂡 Ás' });
  });

  it('reads answers that arrive together, piece by piece in turn, each as its own', async () => {
    const texts = ['{"a":"ção 🂡"}', '{"b":"日本語 ✓"}', '{"c":"ÿ€"}'];
    const http = (text: string, cut: number) =>
      adapter(answering(new TextEncoder().encode(text), [cut, cut + 1, cut + 3]));
    for (let cut = 1; cut < 12; cut += 1)
      await expect(Promise.all(texts.map((t) => http(t, cut).get('/v')))).resolves.toEqual(
        texts.map((t) => JSON.parse(t)),
      );
  });

  it('drops a leading byte order mark, as Response.text() does', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"a":1}')]);
    for (const cut of [1, 2, 3])
      await expect(adapter(answering(bytes, [cut])).get('/v')).resolves.toEqual({ a: 1 });
  });

  // (A 2xx answer's bytes that are not UTF-8 are refused since review 128: JSON is UTF-8, and a
  // U+FFFD in their place was saved back over the player's data. An error body is read leniently.)
  it('refuses a 2xx answer whose bytes are not UTF-8 (invalid_json), however cut; reads an error body as Response.text() does (U+FFFD)', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"m":"a'),
      0xff,
      0xc3,
      ...new TextEncoder().encode('b"}'),
    ]);
    const expected = JSON.parse(await asText(bytes));
    expect(expected.m).toBe('a\uFFFD\uFFFDb');
    for (const cut of [0, 7, 8, 9])
      await expect(adapter(answering(bytes, [cut])).get('/v')).rejects.toMatchObject({
        code: 'invalid_response',
        issues: [{ code: 'invalid_json', message: 'body is not UTF-8' }],
      });
    // A U+FFFD the server sent as UTF-8 (EF BF BD) is text like any other.
    const sent = new TextEncoder().encode('{"m":"a\uFFFDb"}');
    await expect(adapter(answering(sent, [5])).get('/v')).resolves.toEqual({ m: 'a\uFFFDb' });
    const error = await rejectionOf(adapter(answering(bytes, [8], 422)).get('/v'));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).body).toEqual(expected);
  });

  it('reads a body that has no stream (a polyfill that buffered it) whole', async () => {
    const fetch = (async () => {
      const response = new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } });
      Object.defineProperty(response, 'body', { value: null });
      return response;
    }) as typeof globalThis.fetch;
    await expect(adapter(fetch).get('/v')).resolves.toEqual({ ok: true });
  });
});
