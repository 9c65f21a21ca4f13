// (Not a test: a helper.) A small node:http server on 127.0.0.1 answering each request with the raw bytes a test sets.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawAnswer {
  status?: number;
  body?: string | Buffer;
  contentType?: string;
}

export interface RawServer {
  url: string;
  requests: { method: string; url: string; auth?: string }[];
  answer: (a: RawAnswer | ((req: IncomingMessage) => RawAnswer)) => void;
  close: () => Promise<void>;
}

export async function startRawServer(): Promise<RawServer> {
  let next: RawAnswer | ((req: IncomingMessage) => RawAnswer) = { status: 200, body: '{}' };
  const requests: RawServer['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization });
    req.resume();
    req.on('end', () => {
      const a = typeof next === 'function' ? next(req) : next;
      const headers: Record<string, string> = {};
      if (a.contentType !== '') headers['content-type'] = a.contentType ?? 'application/json';
      res.writeHead(a.status ?? 200, headers);
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (a) => {
      next = a;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
