// Review 108, probes that hold: the ofetch adapter's edges over real sockets (a raw TCP server on
// 127.0.0.1, ./raw-server.ts, writes answers node:http cannot: status 600/199/099, a 204 with a
// body, HTTP/0.9, a NUL in a header, both Content-Length and chunked, a body that never ends).
// Tried, each a typed PamError or the right value, never a raw TypeError/SyntaxError or a hang:
// - statuses 600 (HttpError 600), 199/099/garbage/HTTP 0.9/NUL header/duplicate Content-Length/
//   CL+TE/short body/broken chunking (NetworkError), 204/205 with a body (no value; every JSON row
//   is then invalid_response), 304 (HttpError);
// - 200 with HTML, UTF-16 with a charset, invalid gzip/deflate/br, truncated gzip (invalid_response
//   or network), a BOM (stripped), an unknown Content-Encoding (body as is), 1e400 (null in the value);
// - Retry-After negative (none), 1e26 s (clamped by retryAfterMs), a past date (0); a 429 storm
//   with Retry-After 0 and retry 10 stops after 11 requests; a same-origin redirect loop after 6;
//   302 to javascript:/data:/another origin carrying the token in Location: HttpError 302, nothing
//   followed, Location not in the error; WWW-Authenticate / Set-Cookie echoing the token: not in
//   the error;
// - a body that never ends (Content-Length or chunked): TimeoutError at the adapter's timeout, with
//   the GET retried at most `retry` times; aborted mid-body: AbortedError; a signal aborted before
//   the call: AbortedError, nothing sent;
// - five concurrent 401s: one refresh, each retried once with the new token;
// - downloads: text/html, image/svg+xml, `application/pdf, text/html` and no type are
//   `not_a_file`; Content-Disposition `../../etc/passwd`, `filename*` `..%2F..%2F.bashrc`, RTL
//   override `relatorio\u202efdp.exe`, a bad `filename*` escape, 5000 characters, raw latin-1 with
//   a C1 byte, `..`, `CON.pdf`, the token or a credential header's value as the name: all made
//   safe (`passwd.pdf`, `bashrc.pdf`, `relatoriofdp.pdf`, `ok.pdf`, 255 bytes, `rél_.pdf`,
//   `1.pdf`, `_CON.pdf`, `[redacted].pdf`); a foreign-origin link gets no token or credential
//   header, its redirect back to the API is not followed; a same-origin link redirecting to
//   another origin is not followed; `javascript:`, `data:`, `blob:`, `file:`, `vbscript:`, `//h`,
//   `\`, a tab: invalid_request, nothing sent.
// (Deep nesting, 400 000 levels, under the 1 MiB cap: typed invalid_response in every row.)
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOfetchAdapter, downloadIncomeReport, isPamError } from '../../src/index';
import { turns, until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { answerBytes, type RawServer, startRawServer } from './raw-server';

let s: RawServer;
beforeAll(async () => {
  s = await startRawServer();
});
afterAll(() => s.close());
afterEach(() => {
  vi.useRealTimers();
  s.requests.length = 0;
});
const TOKEN = 'canary-TOKEN-rev108-holds-abcdef';
const KEY = 'Zq81Wm55-apikey-X9d0Tt44'; // shares no run with TOKEN (see overlapping-secrets-scrub)
const http = (over: Record<string, unknown> = {}) =>
  createOfetchAdapter({
    baseURL: `${s.url}/api`,
    getAccessToken: () => TOKEN,
    retry: 0,
    headers: { 'x-api-key': KEY },
    ...over,
  });
const settle = (p: Promise<unknown>) =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
const visible = (e: unknown) => `${JSON.stringify(e)} ${String(e)} ${(e as Error)?.stack}`;

describe('review 108 (holds): hostile answers are typed', () => {
  const typed: [string, Buffer, string][] = [
    ['600', answerBytes('600 X', { 'content-length': '2' }, '{}'), 'http'],
    ['199', answerBytes('199 X', { 'content-length': '2' }, '{}'), 'network'],
    ['304', answerBytes('304 Not Modified'), 'http'],
    [
      '200 html',
      answerBytes('200 OK', { 'content-type': 'text/html', 'content-length': '6' }, '<html>'),
      'invalid_response',
    ],
    [
      'bad gzip',
      answerBytes('200 OK', { 'content-encoding': 'gzip', 'content-length': '4' }, 'nope'),
      'network',
    ],
    [
      'CL + TE',
      answerBytes(
        '200 OK',
        { 'transfer-encoding': 'chunked', 'content-length': '3' },
        '2\r\n{}\r\n0\r\n\r\n',
      ),
      'network',
    ],
    ['HTTP/0.9', Buffer.from('{"a":1}'), 'network'],
    [
      '302 javascript:',
      answerBytes('302 Found', { location: 'javascript:alert(1)', 'content-length': '0' }),
      'http',
    ],
    [
      '302 token elsewhere',
      answerBytes('302 Found', { location: `http://evil.invalid/?t=${TOKEN}`, 'content-length': '0' }),
      'http',
    ],
    [
      '401 echoing',
      answerBytes('401 No', {
        'www-authenticate': `Bearer token="${TOKEN}"`,
        'set-cookie': `t=${TOKEN}`,
        'content-length': '0',
      }),
      'unauthorized',
    ],
  ];
  for (const [name, bytes, code] of typed) {
    it(name, async () => {
      s.answer = (_r, sock) => sock.end(bytes);
      const { error } = (await settle(http().get('/x'))) as { error: { code: string } };
      expect(isPamError(error)).toBe(true);
      expect(error.code).toBe(code);
      expect(visible(error)).not.toContain(TOKEN);
    });
  }

  it('a BOM is stripped; a 204 with a body is no value', async () => {
    s.answer = (_r, sock) =>
      sock.end(
        answerBytes(
          '200 OK',
          { 'content-length': '10' },
          Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]),
        ),
      );
    expect(await http().get('/x')).toEqual({ a: 1 });
    s.answer = (_r, sock) => sock.end(answerBytes('204 No Content', { 'content-length': '2' }, '{}'));
    expect(await http().get('/x')).toBeUndefined();
  });

  it('a redirect loop stops after 5 hops; a 429 storm after `retry` retries', async () => {
    s.answer = (r, sock) => sock.end(answerBytes('302 Found', { location: r.path, 'content-length': '0' }));
    expect(((await settle(http().get('/x'))) as { error: { status: number } }).error.status).toBe(302);
    expect(s.requests).toHaveLength(6);
    s.requests.length = 0;
    s.answer = (_r, sock) => sock.end(answerBytes('429 Slow', { 'retry-after': '0', 'content-length': '0' }));
    expect(
      ((await settle(http({ retry: 10 }).get('/x'))) as { error: { status: number } }).error.status,
    ).toBe(429);
    expect(s.requests).toHaveLength(11);
  });

  it('a body that never ends times out (each retry too)', async () => {
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    s.answer = (_r, sock) =>
      sock.write(answerBytes('200 OK', { 'transfer-encoding': 'chunked' }, '5\r\n{"a":\r\n'));
    let done = false;
    const p = settle(http({ retry: 2, timeout: 5000 }).get('/x')).finally(() => {
      done = true;
    });
    for (let i = 0; i < 400 && !done; i++) {
      await turns(5);
      await vi.advanceTimersByTimeAsync(100);
    }
    const { error } = (await p) as { error: { code: string } };
    expect(error.code).toBe('timeout');
    expect(s.requests).toHaveLength(3);
  });

  it('aborted mid-body: AbortedError; aborted before: nothing sent', async () => {
    s.answer = (_r, sock) => sock.write(answerBytes('200 OK', { 'content-length': '1000' }, '{"a":'));
    const c = new AbortController();
    const p = settle(http().get('/x', { signal: c.signal }));
    await until(() => s.requests.length === 1, 'the request arrived');
    await turns(10);
    c.abort();
    expect(((await p) as { error: { code: string } }).error.code).toBe('aborted');
    const before = new AbortController();
    before.abort();
    const e = (
      (await settle(http().post('/x', { password: 'pw-rev108' }, { signal: before.signal }))) as {
        error: { code: string };
      }
    ).error;
    await turns(20);
    expect(e.code).toBe('aborted');
    expect(s.requests).toHaveLength(1);
  });

  it('concurrent 401s: one refresh', async () => {
    let token = 'tok-OLD-aaaaaaaaaaaaaaaa';
    let refreshes = 0;
    const adapter = http({
      getAccessToken: () => token,
      onUnauthorized: async () => {
        refreshes++;
        await turns(5);
        token = 'tok-NEW-bbbbbbbbbbbbbbbb';
        return true;
      },
    });
    s.answer = (r, sock) =>
      sock.end(
        r.headers.authorization === 'Bearer tok-NEW-bbbbbbbbbbbbbbbb'
          ? answerBytes('200 OK', { 'content-length': '7' }, '{"a":1}')
          : answerBytes('401 No', { 'content-length': '0' }),
      );
    const all = await Promise.all([1, 2, 3, 4, 5].map(() => adapter.get('/x')));
    expect(all).toEqual(Array(5).fill({ a: 1 }));
    expect(refreshes).toBe(1);
  });
});

describe('review 108 (holds): downloads', () => {
  const pdf = (headers: Record<string, string>, body = '%PDF-1.4 x') =>
    answerBytes('200 OK', { 'content-length': String(Buffer.byteLength(body)), ...headers }, body);
  const dl = (url: string) => downloadIncomeReport(http(), { download_url: url, reference_year: 2025 });
  for (const type of ['text/html', 'image/svg+xml', 'application/pdf, text/html']) {
    it(`served as ${type}: not_a_file`, async () => {
      s.answer = (_r, sock) => sock.end(pdf({ 'content-type': type }, '<svg onload=alert(1)>'));
      const { error } = (await settle(dl('/f/1'))) as { error: { code: string } };
      expect(error.code).toBe('invalid_response');
    });
  }
  const names: [string, string][] = [
    ['attachment; filename="../../etc/passwd"', 'passwd.pdf'],
    ["attachment; filename*=UTF-8''relatorio%E2%80%AEfdp.exe", 'relatoriofdp.pdf'],
    ["attachment; filename*=UTF-8''%E0%A4%A; filename=ok.pdf", 'ok.pdf'],
    ['attachment; filename="CON.pdf"', '_CON.pdf'],
    [`attachment; filename="${TOKEN}.pdf"`, '[redacted].pdf'],
    [`attachment; filename="${KEY}.pdf"`, '[redacted].pdf'],
  ];
  for (const [disposition, name] of names) {
    it(`Content-Disposition ${disposition}`, async () => {
      s.answer = (_r, sock) =>
        sock.end(pdf({ 'content-type': 'application/pdf', 'content-disposition': disposition }));
      expect((await dl('/f/1')).fileName).toBe(name);
    });
  }
  it('a foreign link gets no token; its redirect to the API is not followed', async () => {
    const foreign = `http://localhost:${new URL(s.url).port}`;
    s.answer = (r, sock) =>
      sock.end(
        r.headers.host?.startsWith('localhost')
          ? answerBytes('302 Found', { location: `${s.url}/api/f`, 'content-length': '0' })
          : pdf({ 'content-type': 'application/pdf' }),
      );
    const { error } = (await settle(dl(`${foreign}/bucket/r.pdf`))) as { error: { status: number } };
    expect(error.status).toBe(302);
    expect(s.requests.map((r) => [r.path, r.headers.authorization, r.headers['x-api-key']])).toEqual([
      ['/bucket/r.pdf', undefined, undefined],
    ]);
  });
  for (const url of [
    'javascript:alert(1)',
    'data:application/pdf,x',
    'blob:http://x/1',
    'file:///etc/passwd',
    '//evil/x',
    'java\tscript:x',
  ]) {
    it(`download_url ${JSON.stringify(url)}: invalid_request, nothing sent`, async () => {
      const { error } = (await settle(dl(url))) as { error: { code: string } };
      await turns(10);
      expect(error.code).toBe('invalid_request');
      expect(s.requests).toHaveLength(0);
    });
  }
});
