import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** What the echo server saw of one request. */
export interface EchoRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** The raw body text, as sent. */
  raw: string;
  /** The body parsed as JSON, or the raw text when it is not JSON. */
  json: unknown;
}

/** What to answer: status, headers and a body (a string is sent as is, anything else as JSON). */
export interface EchoAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Answer this many ms later. */
  delayMs?: number;
  /** `false`: no `Date` header (Node adds one by default). */
  sendDate?: boolean;
}

export interface EchoServer {
  url: string;
  origin: string;
  /** Every request received, oldest first. */
  readonly requests: EchoRequest[];
  /** How the next requests are answered (a function of the request). */
  answer: (request: EchoRequest) => EchoAnswer;
  close(): Promise<void>;
}

/**
 * A tiny real HTTP server on 127.0.0.1 (port 0) that answers each request with whatever
 * `answer(request)` builds from it: the hostile server that echoes what it was sent.
 */
export async function startEchoServer(): Promise<EchoServer> {
  const requests: EchoRequest[] = [];
  const echo: EchoServer = {
    url: '',
    origin: '',
    requests,
    answer: () => ({ status: 204 }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  // Idle sockets are kept for the file's life (closed with it): with Node's 5 s default, a client
  // reusing a socket on a loaded machine could race the server's close (a reset, as a network
  // error, no answer), which a test then waits on in vain (short-secrets, a CI dry run at load 6).
  const server: Server = createServer({ keepAliveTimeout: 600_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: unknown = raw;
      try {
        json = raw ? JSON.parse(raw) : undefined;
      } catch {
        json = raw;
      }
      const request: EchoRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        raw,
        json,
      };
      requests.push(request);
      const out = echo.answer(request);
      const text =
        typeof out.body === 'string' ? out.body : out.body === undefined ? '' : JSON.stringify(out.body);
      const send = () => {
        res.sendDate = out.sendDate !== false;
        res.writeHead(out.status, {
          'content-type': typeof out.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
          ...out.headers,
        });
        res.end(text);
      };
      if (out.delayMs) setTimeout(send, out.delayMs);
      else send();
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  echo.url = `http://127.0.0.1:${port}`;
  echo.origin = echo.url;
  return echo;
}

/**
 * One echo server per test file (`echo.server`, closed after the file) that answers every request
 * with `echo.answer` (a 404 until a test sets it).
 *
 * @example
 * const echo = useEchoServer();
 * echo.answer = { status: 200, body: { docnumber_valid: true } };
 */
export function useEchoServer() {
  const echo = { server: undefined as unknown as EchoServer, answer: { status: 404 } as EchoAnswer };
  beforeAll(async () => {
    echo.server = await startEchoServer();
    echo.server.answer = () => echo.answer;
  });
  afterAll(() => echo.server?.close());
  return echo;
}
