// A web-standard handler (`Request` -> `Response | undefined`) on node:http at 127.0.0.1:0, the
// way an app's server puts `pam-client/server` in front of its pages: what the handler does not
// answer is the app's (here a 200 page that says so).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

export type WebHandler = (
  request: Request,
  context: { clientAddress?: string },
) => Promise<Response | undefined>;

export interface ServedHandler {
  url: string;
  close(): Promise<void>;
}

/** The request as the app's server sees it: its URL from the Host header, as Node frameworks build it. */
function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of [value].flat()) headers.append(name, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const host = req.headers.host;
  return new Request(`${host ? `http://${host}` : origin}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // @ts-expect-error Node's fetch needs it for a streamed body; not in the DOM RequestInit type
    duplex: 'half',
  });
}

async function send(res: ServerResponse, answer: Response): Promise<void> {
  const cookies = answer.headers.getSetCookie();
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.statusCode = answer.status;
  if (answer.body) {
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
  }
  res.end();
}

/** Serves `handler` over a real socket; the app's own answer for anything it leaves. */
export async function serveHandler(handler: WebHandler): Promise<ServedHandler> {
  let origin = '';
  const server = createServer((req, res) => {
    handler(toRequest(req, origin), { clientAddress: req.socket.remoteAddress })
      .then((answer) => send(res, answer ?? new Response('the app answers this', { status: 200 })))
      .catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
