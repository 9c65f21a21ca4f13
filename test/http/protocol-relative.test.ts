import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter, downloadIncomeReport, isPamError } from '../../src/index';
import { type EchoServer, startEchoServer } from './echo-server';
import { rejectionOf } from './helpers';

// A protocol-relative URL (`//host/path`, or with backslashes, which the URL standard reads as
// slashes) names another host, never a path under the base: refused as `invalid_request` before
// anything is sent (issue 27.2; it used to be resolved and fetched, without the token). Even a
// download, which may name an absolute http(s) URL, cannot name one this way.

let api: EchoServer;
let storage: EchoServer;
beforeAll(async () => {
  [api, storage] = await Promise.all([startEchoServer(), startEchoServer()]);
});
afterAll(() => Promise.all([api?.close(), storage?.close()]));

const http = () =>
  createOfetchAdapter({ baseURL: `${api.url}/api`, getAccessToken: () => 'tok-api-only', retry: 0 });

describe('a protocol-relative URL', () => {
  for (const slashes of ['//', '\\\\', '/\\', '\\/']) {
    it(`${slashes}host/r.pdf is refused, as a download or not, and nothing is sent`, async () => {
      storage.requests.length = 0;
      api.requests.length = 0;
      // `localhost` is not the base's 127.0.0.1: another origin, same machine.
      const host = storage.url.replace('http://127.0.0.1', 'localhost');
      const url = `${slashes}${host}/r.pdf`;
      for (const sent of [
        downloadIncomeReport(http(), { download_url: url }),
        http().get(url, { responseType: 'blob' }),
        http().get(url),
      ]) {
        const error = await rejectionOf(sent);
        expect(isPamError(error) && error.code).toBe('invalid_request');
      }
      expect(api.requests).toEqual([]);
      expect(storage.requests).toEqual([]);
    });
  }

  it("//<the base's host>/path is refused too: a path never names a host", async () => {
    api.requests.length = 0;
    const error = await rejectionOf(http().get(`//${new URL(api.url).host}/other`));
    expect(isPamError(error) && error.code).toBe('invalid_request');
    expect(api.requests).toEqual([]);
  });
});
