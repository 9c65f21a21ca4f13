// Review 109, HIGH: a redirect hop whose path holds an encoded slash or backslash (`%2F`, `%5C`)
// after a dot segment is followed WITH the token and the credential headers, though it names a
// path outside baseURL to any front that decodes before it resolves dot segments (nginx's location
// matching, IIS, many proxies: `/api/..%2F..%2Fother-app/x` is `/other-app/x` there).
// src/http/ofetch-adapter.ts:226 judges a hop by `isUnder` alone (src/http/exchange.ts:126), which
// resolves dot segments as the WHATWG parser does (`%2F` stays inside one segment), while the same
// path given by the caller is refused outright as ambiguous (`AMBIGUOUS`, exchange.ts:81, used by
// `targetOf`): the fix's own rule, "as its own path must" (docs/errors.md), is not applied to a hop.
// Real sockets: a node:http server on 127.0.0.1, baseURL on its `/api` path; the server reads each
// request's path as a decoding front would (decoded, then dot segments resolved).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter, isPamError } from '../../src/index';

const TOKEN = 'canary-TOKEN-rev109-encslash-42';
const KEY = 'canary-KEY-rev109-header-4242';
const seen: { raw: string; decoded: string; authorization?: string; key?: string }[] = [];
let location = '';
let server: Server;
let url = '';

/** The path as a decoding front reads it: percent escapes decoded, `\` as `/`, dot segments resolved. */
const decodedPath = (raw: string) =>
  new URL(decodeURIComponent(raw.split('?')[0]!).replace(/\\/g, '/'), 'http://front.invalid').pathname;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const raw = req.url ?? '';
      seen.push({
        raw,
        decoded: decodedPath(raw),
        authorization: req.headers.authorization,
        key: req.headers['x-api-key'] as string | undefined,
      });
      if (raw === '/api/bff/users/address-by-user') {
        res.writeHead(302, { location });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('review 109: a redirect to an encoded slash after a dot segment', () => {
  for (const to of [
    '/api/..%2F..%2Fother-app/collect',
    '/api/..%5C..%5Cother-app/collect',
    '/api/%2e%2e%2fother-app/collect',
  ]) {
    it(`302 to ${to}: no token or credential header reaches a path outside /api`, async () => {
      seen.length = 0;
      location = to;
      const http = createOfetchAdapter({
        baseURL: `${url}/api`,
        getAccessToken: () => TOKEN,
        headers: { 'x-api-key': KEY },
        retry: 0,
      });
      const outcome = await http.get('/bff/users/address-by-user').then(
        () => 'resolved',
        (e: unknown) => (isPamError(e) ? (e as { status?: number }).status : 'foreign'),
      );
      const outside = seen.filter((r) => !r.decoded.startsWith('/api/'));
      expect(outside.map((r) => [r.decoded, r.authorization ?? null, r.key ?? null])).toEqual([]);
      expect(outcome).toBe(302);
    });
  }

  it('the same path asked by the caller is refused, nothing sent (the rule a hop should follow)', async () => {
    seen.length = 0;
    const http = createOfetchAdapter({ baseURL: `${url}/api`, getAccessToken: () => TOKEN, retry: 0 });
    const outcome = await http.get('/..%2F..%2Fother-app/collect').then(
      () => 'resolved',
      (e: unknown) => (isPamError(e) ? (e as { code: string }).code : 'foreign'),
    );
    expect(outcome).not.toBe('resolved');
    expect(seen).toEqual([]);
  });
});
