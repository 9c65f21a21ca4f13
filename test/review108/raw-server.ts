// A raw TCP server on 127.0.0.1 (port 0) that writes whatever bytes a test gives it, for answers
// node:http would refuse to write (status 600, 1xx, a 204 with a body, a body that never ends).

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';

export interface RawRequest {
  head: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface RawServer {
  url: string;
  requests: RawRequest[];
  /** Writes the answer to one request on its socket (may leave the socket open). */
  answer: (req: RawRequest, socket: Socket) => void;
  sockets: Set<Socket>;
  close(): Promise<void>;
}

export async function startRawServer(): Promise<RawServer> {
  const sockets = new Set<Socket>();
  const raw: RawServer = {
    url: '',
    requests: [],
    answer: (_r, s) => s.end('HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n'),
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buf = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buf.subarray(0, end).toString('latin1');
        const [line = '', ...rest] = head.split('\r\n');
        const headers: Record<string, string> = {};
        for (const h of rest) {
          const i = h.indexOf(':');
          headers[h.slice(0, i).trim().toLowerCase()] = h.slice(i + 1).trim();
        }
        const length = Number(headers['content-length'] ?? 0);
        if (buf.length < end + 4 + length) return;
        const body = buf.subarray(end + 4, end + 4 + length).toString();
        buf = buf.subarray(end + 4 + length);
        const [method = '', path = ''] = line.split(' ');
        const req = { head, method, path, headers, body };
        raw.requests.push(req);
        raw.answer(req, socket);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  raw.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return raw;
}

/** An HTTP/1.1 answer's bytes: status line, headers (Connection: close added), body. */
export function answerBytes(
  status: string,
  headers: Record<string, string> = {},
  body: string | Buffer = '',
): Buffer {
  const b = typeof body === 'string' ? Buffer.from(body) : body;
  const lines = [`HTTP/1.1 ${status}`, 'Connection: close'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), b]);
}
