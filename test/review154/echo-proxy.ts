// REVIEW154: a tiny node:http proxy on 127.0.0.1 in front of the reference server; `answer` may take
// a request over (its headers in hand) and answer it itself, else it is forwarded as sent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TakeOver = (req: IncomingMessage, res: ServerResponse) => boolean;

export async function echoProxy(upstream: () => string) {
  let takeOver: TakeOver = () => false;
  const server = createServer(async (req, res) => {
    if (takeOver(req, res)) return;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === 'string' && k !== 'host' && k !== 'connection') headers.set(k, v);
    const answer = await fetch(upstream() + req.url, {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const out: Record<string, string> = {};
    answer.headers.forEach((v, k) => {
      if (k !== 'content-encoding' && k !== 'content-length' && k !== 'transfer-encoding') out[k] = v;
    });
    res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    on: (t: TakeOver) => {
      takeOver = t;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
