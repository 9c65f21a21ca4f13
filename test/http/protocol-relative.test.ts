import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter, downloadIncomeReport } from '../../src/index';
import { type EchoServer, startEchoServer } from './echo-server';

// A protocol-relative URL (`//host/path`) is resolved per the URL standard against the base's
// origin: it names another host, never a path under the base (then the other-origin rule applies).

let api: EchoServer;
let storage: EchoServer;
beforeAll(async () => {
  [api, storage] = await Promise.all([startEchoServer(), startEchoServer()]);
});
afterAll(() => Promise.all([api?.close(), storage?.close()]));

const http = () =>
  createOfetchAdapter({ baseURL: `${api.url}/api`, getAccessToken: () => 'tok-api-only', retry: 0 });

describe('a protocol-relative URL', () => {
  for (const slashes of ['//', '\\\\', '/\\']) {
    it(`${slashes}host/r.pdf on another origin goes to that host, without the token`, async () => {
      storage.requests.length = 0;
      api.requests.length = 0;
      storage.answer = () => ({
        status: 200,
        headers: { 'content-type': 'application/pdf' },
        body: '%PDF-1.4 x',
      });
      // `localhost` is not the base's 127.0.0.1: another origin, same machine.
      const host = storage.url.replace('http://127.0.0.1', 'localhost');
      const url = `${slashes}${host}/r.pdf`;
      // The download refuses backslashes before sending; the adapter resolves them as browsers do.
      const { blob } =
        slashes === '//'
          ? await downloadIncomeReport(http(), { download_url: url })
          : await http().get<{ blob: Blob }>(url, { responseType: 'blob' });
      expect(await blob.text()).toBe('%PDF-1.4 x');
      expect(api.requests).toEqual([]);
      expect(storage.requests.at(-1)?.url).toBe('/r.pdf');
      expect(storage.requests.at(-1)?.headers.authorization).toBeUndefined();
    });
  }

  it("//<the base's host>/path is on the base's origin: fetched there, with the token", async () => {
    api.requests.length = 0;
    api.answer = () => ({ status: 200, body: { ok: true } });
    await http().get(`//${new URL(api.url).host}/other`);
    expect(api.requests.at(-1)?.url).toBe('/other');
    expect(api.requests.at(-1)?.headers.authorization).toBe('Bearer tok-api-only');
  });
});
