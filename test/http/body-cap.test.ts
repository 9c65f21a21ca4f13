import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError, isPamError, type PamError, ResponseValidationError } from '../../src/errors/index';
import { createOfetchAdapter } from '../../src/http/ofetch-adapter';
import type { BlobAnswer } from '../../src/http/types';
import { until } from '../support/event-loop';
import { rejectionOf, visibleText } from './helpers';

const MiB = 1_048_576;
const TOKEN = 'tok_BODYCAP_0123456789abcdefghij';

/** What a streaming server saw of its one answer. */
interface Streamer {
  url: string;
  /** Requests received. */
  requests: number;
  /** Body bytes handed to the socket. */
  written: number;
  /** The connection closed before the server ended the body (the client hung up). */
  cutShort: boolean;
  closed: boolean;
  close(): Promise<void>;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/**
 * A server on 127.0.0.1 that answers `head`, then 64 KiB chunks of `a` as fast as the client takes
 * them (backpressure, no timer) until `limit` body bytes (then it ends the body), or, with `hold`,
 * stops writing after `head` and keeps the connection open.
 */
async function streamer(answer: {
  status?: number;
  headers?: Record<string, string>;
  head: string;
  limit?: number;
  hold?: boolean;
}): Promise<Streamer> {
  const chunk = Buffer.alloc(65_536, 0x61);
  const limit = answer.limit ?? 64 * MiB;
  const seen: Streamer = {
    url: '',
    requests: 0,
    written: 0,
    cutShort: false,
    closed: false,
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    seen.requests += 1;
    req.resume();
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
    res.write(answer.head);
    seen.written += Buffer.byteLength(answer.head);
    res.on('close', () => {
      seen.closed = true;
      seen.cutShort = !res.writableFinished;
    });
    if (answer.hold) return;
    const pump = () => {
      while (!res.destroyed && seen.written < limit) {
        seen.written += chunk.length;
        if (!res.write(chunk)) return;
      }
      if (!res.destroyed) res.end();
    };
    res.on('drain', pump);
    pump();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  seen.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return seen;
}

function expectTooLarge(error: unknown, operation: string): void {
  expect(error).toBeInstanceOf(ResponseValidationError);
  const e = error as ResponseValidationError;
  expect([e.code, e.operation, e.issues.map((i) => i.code)]).toEqual([
    'invalid_response',
    operation,
    ['too_large'],
  ]);
}

describe('createOfetchAdapter: answer bodies are read up to a cap', () => {
  it('cuts an endless JSON answer at 1 MiB: invalid_response, the connection closed, not retried', async () => {
    const api = await streamer({ head: `{"street":"${TOKEN}` });
    const http = createOfetchAdapter({ baseURL: api.url, getAccessToken: () => TOKEN, retry: 3 });

    const error = await rejectionOf(http.get('/users/address-by-user?id=7'));

    expectTooLarge(error, 'GET /users/address-by-user');
    expect((error as PamError).message).not.toContain('aaaa');
    expect(visibleText(error)).not.toContain(TOKEN);
    await until(() => api.closed, 'the server saw the connection close');
    // Bounded by the cap plus what the sockets buffer on the way (a few MiB on loopback), far
    // below the 64 MiB the server would send to a client that reads on.
    expect([api.cutShort, api.written < 24 * MiB, api.requests]).toEqual([true, true, 1]);
  });

  it('refuses a Content-Length over the cap before reading the body', async () => {
    // The body never comes: only a refusal on the declared length ends the call before the timeout.
    const api = await streamer({
      head: '{"a":"',
      headers: { 'content-length': String(2 * MiB) },
      hold: true,
    });
    const http = createOfetchAdapter({ baseURL: api.url, retry: 0, timeout: 5000 });

    const error = await rejectionOf(http.post('/auth/user-profile', { a: 1 }));

    expectTooLarge(error, 'POST /auth/user-profile');
    await until(() => api.closed, 'the server saw the connection close');
    expect(api.cutShort).toBe(true);
  });

  it('reads a JSON answer of exactly the cap, and refuses one byte more', async () => {
    const body = (n: number) => `"${'a'.repeat(n - 2)}"`;
    const exact = await streamer({ head: body(1000), limit: 0 });
    const over = await streamer({ head: body(1001), limit: 0 });
    const options = { retry: 0, maxResponseBytes: 1000 };

    await expect(createOfetchAdapter({ baseURL: exact.url, ...options }).get('/x')).resolves.toBe(
      'a'.repeat(998),
    );
    expectTooLarge(
      await rejectionOf(createOfetchAdapter({ baseURL: over.url, ...options }).get('/x')),
      'GET /x',
    );
  });

  it('keeps the status of an error answer over the cap, without its body', async () => {
    const api = await streamer({ status: 503, head: `<html>${TOKEN}` });
    const http = createOfetchAdapter({ baseURL: api.url, retry: 0 });

    const error = await rejectionOf(http.get('/users/address-by-user'));

    expect(error).toBeInstanceOf(HttpError);
    expect([(error as HttpError).status, (error as HttpError).body]).toEqual([503, undefined]);
    expect(visibleText(error)).not.toContain(TOKEN);
    await until(() => api.closed, 'the server saw the connection close');
    expect([api.cutShort, api.written < 24 * MiB]).toEqual([true, true]);
  });

  it('reads a download past the JSON cap whole, with its type, up to its own cap', async () => {
    const file = await streamer({
      head: '%PDF-',
      limit: 3 * MiB,
      headers: { 'content-type': 'application/pdf' },
    });
    const answer = await createOfetchAdapter({ baseURL: file.url, retry: 0 }).get<BlobAnswer>('/report.pdf', {
      responseType: 'blob',
    });
    expect([answer.blob.size, answer.blob.type, file.cutShort]).toEqual([
      5 + 3 * MiB,
      'application/pdf',
      false,
    ]);

    const endless = await streamer({ head: '%PDF-', headers: { 'content-type': 'application/pdf' } });
    const http = createOfetchAdapter({ baseURL: endless.url, retry: 0, maxDownloadBytes: 4 * MiB });
    const error = await rejectionOf(http.get('/report.pdf', { responseType: 'blob' }));

    expectTooLarge(error, 'GET /report.pdf');
    await until(() => endless.closed, 'the server saw the connection close');
    expect([endless.cutShort, endless.written < 32 * MiB]).toEqual([true, true]);
  });

  it('takes Infinity for no cap, and refuses a cap that is not a positive number', async () => {
    const api = await streamer({ head: '"', limit: 2 * MiB });
    const http = createOfetchAdapter({
      baseURL: api.url,
      retry: 0,
      maxResponseBytes: Number.POSITIVE_INFINITY,
    });
    // The body is an unterminated string: read whole, then refused as not JSON.
    const error = await rejectionOf(http.get('/x'));
    expect((error as ResponseValidationError).issues?.[0]?.code).toBe('invalid_json');

    for (const name of ['maxResponseBytes', 'maxDownloadBytes'] as const)
      for (const value of [0, -1, Number.NaN, '1']) {
        let thrown: unknown;
        try {
          createOfetchAdapter({ baseURL: api.url, [name]: value as number });
        } catch (e) {
          thrown = e;
        }
        expect([isPamError(thrown) && thrown.code, (thrown as Error).message]).toEqual([
          'configuration',
          `${name} must be a positive number (Infinity: none)`,
        ]);
      }
  });
});

describe('the cap, whatever the chunking', () => {
  /** A fetch answering `bytes` in the given pieces, pulled one at a time, its cancel recorded. */
  function piecewise(bytes: Uint8Array, cuts: number[], declare: boolean) {
    const ends = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
    const pieces = [...ends, bytes.length].map((end, i, all) => bytes.subarray(i ? all[i - 1] : 0, end));
    const seen = { delivered: 0, cancelled: false, largest: 0 };
    const fetch = async () => {
      let next = 0;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            const piece = pieces[next++];
            if (piece === undefined) return controller.close();
            seen.delivered += piece.length;
            seen.largest = Math.max(seen.largest, piece.length);
            controller.enqueue(piece);
          },
          cancel() {
            seen.cancelled = true;
          },
        },
        { highWaterMark: 0 },
      );
      const headers = {
        'content-type': 'application/json',
        ...(declare && { 'content-length': `${bytes.length}` }),
      };
      return new Response(body, { status: 200, headers });
    };
    return { fetch: fetch as typeof globalThis.fetch, seen };
  }

  it('gives the same value under the cap and the same error over it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue({ maxDepth: 3 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.boolean(),
        async (value, cuts, ratio, declare) => {
          const text = JSON.stringify(value);
          const bytes = new TextEncoder().encode(text);
          const cap = Math.max(1, Math.round(bytes.length * ratio));
          const { fetch, seen } = piecewise(bytes, cuts, declare);
          const http = createOfetchAdapter({
            baseURL: 'http://api.test',
            fetch,
            retry: 0,
            maxResponseBytes: cap,
          });
          const outcome = await http.get('/v').then(
            (v) => ({ value: v }),
            (e: ResponseValidationError) => ({ error: [e.name, e.message, e.issues] }),
          );
          if (bytes.length <= cap) {
            expect(outcome).toEqual({ value: JSON.parse(text) });
            expect(seen.cancelled).toBe(false);
          } else {
            expect(outcome).toEqual({
              error: [
                'ResponseValidationError',
                expect.stringContaining('GET /v'),
                [expect.objectContaining({ code: 'too_large' })],
              ],
            });
            expect(seen.cancelled).toBe(true);
            // Read no further than the piece that passed the cap; with a declared length, nothing.
            expect(seen.delivered).toBeLessThanOrEqual(declare ? 0 : cap + seen.largest);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
