// A tiny node:http server on 127.0.0.1 that records each request raw (method, raw URL, every
// header as sent, the body's bytes) and answers what a test says: a status, headers and body
// bytes, or raw bytes written on the socket (a hostile answer no framework would produce).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface Recorded {
  method: string;
  url: string;
  /** [name, value] pairs as sent (names lower-cased for lookup in `headers`). */
  rawHeaders: string[];
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Answer =
  | { status: number; headers?: Record<string, string>; body?: string | Buffer }
  | { raw: Buffer | string };

export interface Recorder {
  url: string;
  port: number;
  requests: Recorded[];
  answer: (r: Recorded) => Answer;
  close(): Promise<void>;
}

export async function startRecorder(): Promise<Recorder> {
  const rec: Recorder = {
    url: '',
    port: 0,
    requests: [],
    answer: () => ({ status: 200, body: '{}' }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer({ keepAliveTimeout: 600_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        rawHeaders: req.rawHeaders,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      rec.requests.push(r);
      const out = rec.answer(r);
      if ('raw' in out) {
        req.socket.end(out.raw);
        return;
      }
      res.writeHead(out.status, { 'content-type': 'application/json', ...out.headers });
      res.end(out.body ?? '');
    });
  });
  rec.port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  rec.url = `http://127.0.0.1:${rec.port}`;
  return rec;
}

/** One recorder per file, its requests cleared and its answer reset before each test. */
export function useRecorder(initial: (r: Recorded) => Answer = () => ({ status: 200, body: '{}' })) {
  const box = { rec: undefined as unknown as Recorder };
  beforeAll(async () => {
    box.rec = await startRecorder();
  });
  beforeEach(() => {
    box.rec.requests.length = 0;
    box.rec.answer = initial;
  });
  afterAll(() => box.rec?.close());
  return box;
}

/** A promise's rejection (fails the test when it resolves). */
export async function rejectionOf(p: Promise<unknown>): Promise<{ code?: string; issues?: unknown }> {
  try {
    await p;
  } catch (e) {
    return e as { code?: string };
  }
  throw new Error('expected a rejection, it resolved');
}
