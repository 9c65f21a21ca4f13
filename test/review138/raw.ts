// (Not a test: a helper.) A tiny node:http server on 127.0.0.1 answering what a test sets, and
// recording every request (method, url, body) it received.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status?: number;
  body?: string;
  contentType?: string;
}
export interface Hit {
  method: string;
  url: string;
  body: string;
}
export type Answering = (hit: Hit) => Answer;

export async function startRaw() {
  let answering: Answering = () => ({ body: '{}' });
  const hits: Hit[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hit = {
        method: req.method ?? '',
        url: req.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      };
      hits.push(hit);
      const a = answering(hit);
      res.writeHead(a.status ?? 200, { 'content-type': a.contentType ?? 'application/json' });
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    answer(a: Answer | Answering) {
      answering = typeof a === 'function' ? a : () => a;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
export type Raw = Awaited<ReturnType<typeof startRaw>>;

/** `'resolved'`, or the thrown error's code. */
export const outcome = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'resolved',
    (e: { code?: string }) => e?.code ?? String(e),
  );
