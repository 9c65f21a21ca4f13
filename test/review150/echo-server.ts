// REVIEW150: a tiny node:http server on 127.0.0.1 that echoes each request's body into its answer
// (the answer a test scripts from the body), to see whether a secret the client sent reaches a view.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Answer = (body: string, path: string, res: ServerResponse) => void;

export async function echoServer() {
  let answer: Answer = (_b, _p, res) => res.writeHead(500).end();
  const paths: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      paths.push(`${req.method} ${req.url}`);
      answer(body, req.url ?? '', res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    on: (a: Answer) => {
      answer = a;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
