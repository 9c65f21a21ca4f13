// Raw HTTP to the served proxy (node:http): any path as written on the wire, any header
// (Cookie, Host, Authorization, X-Forwarded-*), the answer's Set-Cookie lines kept apart.
import { request as httpRequest } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  setCookie: string[];
  text: string;
}

export function raw(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: init.method ?? 'GET', path, headers: init.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            setCookie: res.headers['set-cookie'] ?? [],
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/** The whole of an answer as text (status line aside): every header and the body. */
export const wholeText = (a: RawAnswer): string =>
  `${Object.entries(a.headers)
    .map(([k, v]) => `${k}: ${[v].flat().join(', ')}`)
    .join('\n')}\n\n${a.text}`;
