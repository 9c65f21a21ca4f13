// review146 (not a test): a tiny node:http server on 127.0.0.1 answering what each test scripts,
// recording what it received (method, path, headers) and whether the client hung up.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
export type Handler = (req: Seen, res: ServerResponse) => void;

export async function hostile() {
  const seen: Seen[] = [];
  let closedByClient = 0;
  let handle: Handler = (_q, res) => res.writeHead(500).end();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s = {
        method: req.method!,
        path: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(s);
      res.on('close', () => {
        if (!res.writableFinished) closedByClient++;
      });
      handle(s, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    /** How many answers the client hung up on before they ended. */
    hungUp: () => closedByClient,
    on: (h: Handler) => {
      handle = h;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
export type Hostile = Awaited<ReturnType<typeof hostile>>;

export const json = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(typeof body === 'string' ? body : JSON.stringify(body));

/** `'resolved'`, or the thrown error's code. */
export const outcome = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'resolved',
    (e: { code?: string }) => e?.code ?? String(e),
  );

export const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.review146-access-token.sig';

export const completedReport = (o: Record<string, unknown> = {}) => ({
  id: 7,
  reference_year: 2025,
  status: 3,
  delivery_type: 'download',
  requested_at: '2026-01-01T00:00:00Z',
  generated_at: '2026-01-01T00:01:00Z',
  path: null,
  download_url: '/income-report/7/file',
  ...o,
});
