// A tiny node:http server on 127.0.0.1 in front of the reference server: `answer` may answer a
// request itself (seeing its body text, to echo it); every other request is forwarded as it is.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Hostile {
  status: number;
  body: string;
  headers?: Record<string, string>;
}
export type Answer = (
  method: string,
  path: string,
  body: string,
) => Hostile | undefined | Promise<Hostile | undefined>;

export async function hostileProxy(upstream: () => string, answer: Answer) {
  const hits: { method: string; path: string; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      hits.push({ method, path, body });
      void Promise.resolve(answer(method, path, body)).then((own) => {
        if (own) {
          res.writeHead(own.status, { 'content-type': 'application/json', ...own.headers });
          res.end(own.body);
          return;
        }
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers))
          if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
        fetch(`${upstream()}${path}`, { method, headers, body: body === '' ? undefined : body })
          .then(async (r) => {
            const text = await r.text();
            const out: Record<string, string> = {};
            r.headers.forEach((v, k) => {
              if (!/^(content-length|content-encoding|transfer-encoding|connection)$/.test(k)) out[k] = v;
            });
            res.writeHead(r.status, out);
            res.end(text);
          })
          .catch(() => res.destroy());
      });
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
