// createOfetchAdapter from the INSTALLED tarball against a tiny node:http server: the documented
// defaults (Bearer, 15 s timeout, one retry for GETs only, 204 -> undefined, Retry-After, fieldErrors).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { esm } from './tarball';

type Core = typeof import('pam-client');
let C: Core;
let srv: Server;
let base = '';
const hits: { method: string; url: string; auth: string | null }[] = [];

beforeAll(async () => {
  C = await esm<Core>('.');
  srv = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization ?? null });
      const url = req.url ?? '';
      if (url.includes('/hang')) return;
      if (url.includes('/500'))
        return res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"boom"}');
      if (url.includes('/204')) return res.writeHead(204).end();
      if (url.includes('/422'))
        return res
          .writeHead(422, { 'content-type': 'application/json', 'retry-after': '7' })
          .end('{"message":"bad","errors":{"phone":["invalid"]}}');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/api`;
});
afterEach(() => {
  vi.useRealTimers();
  hits.length = 0;
});
afterAll(() => {
  srv.closeAllConnections();
  srv.close();
});

test('Bearer token, path and query joined to baseURL, 204 resolves to undefined', async () => {
  const http = C.createOfetchAdapter({ baseURL: base, getAccessToken: () => 'tok-abc' });
  await expect(http.get('/x?page=2')).resolves.toEqual({ ok: true });
  await expect(http.delete('/204')).resolves.toBeUndefined();
  expect(hits.map((h) => [h.method, h.url, h.auth])).toEqual([
    ['GET', '/api/x?page=2', 'Bearer tok-abc'],
    ['DELETE', '/api/204', 'Bearer tok-abc'],
  ]);
});

test('a 5xx GET is retried once, a POST never', async () => {
  const http = C.createOfetchAdapter({ baseURL: base });
  await expect(http.get('/500')).rejects.toMatchObject({ code: 'http', status: 500, message: 'boom' });
  await expect(http.post('/500', { a: 1 })).rejects.toMatchObject({ code: 'http', status: 500 });
  expect(hits.map((h) => h.method)).toEqual(['GET', 'GET', 'POST']);
});

test('a 4xx carries status, fieldErrors and retryAfter (seconds); toJSON leaves the body out', async () => {
  const http = C.createOfetchAdapter({ baseURL: base });
  const e = await http.patch('/422', { phone: 'x' }).catch((x: unknown) => x);
  expect(e).toMatchObject({ code: 'http', status: 422, retryAfter: 7, fieldErrors: { phone: ['invalid'] } });
  expect(JSON.stringify(e)).not.toContain('"body"');
});

test('the default timeout is 15 s: a hung POST is a TimeoutError at 15000 ms, not before', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const http = C.createOfetchAdapter({ baseURL: base });
  let settled: unknown;
  const p = http.post('/hang', {}).then(
    () => (settled = 'resolved'),
    (e: unknown) => (settled = e),
  );
  await vi.advanceTimersByTimeAsync(14_999);
  expect(settled).toBeUndefined();
  await vi.advanceTimersByTimeAsync(1);
  await p;
  expect(settled).toMatchObject({ code: 'timeout' });
  expect(C.isPamError(settled)).toBe(true);
});
