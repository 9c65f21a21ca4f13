// Review 153: a tiny node:http server on 127.0.0.1 answering each path as a test says, for the
// hostile download answers the reference server cannot give (and a raw socket one for bytes
// node:http refuses to write).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export async function fileServer(handler: Handler) {
  const seen: { url: string; auth: string | undefined }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers.authorization });
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Answers every request with `raw` (the bytes of a whole HTTP answer, as written), then closes. */
export async function rawServer(raw: string) {
  const server = createNetServer((socket) => {
    socket.once('data', () => socket.end(raw, 'latin1'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
