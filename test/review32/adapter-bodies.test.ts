// REVIEW32: a body JSON cannot represent as given is refused, nothing sent. Found black-box on the
// packed package: `JSON.stringify` was the only check, so a body it turns into nothing (a function,
// a symbol: an empty POST went out), or into something else (a Blob, FormData, Map, Set,
// URLSearchParams, a typed array: `{}` or an index map; NaN and Infinity: `null`) was sent as that,
// the caller told nothing. Only a BigInt and a cycle (where `JSON.stringify` throws) were refused.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/errors/index';
import { createOfetchAdapter } from '../../src/http/ofetch-adapter';
import { startReferenceServer } from '../../src/testing/index';
import type { ReferenceServer } from '../../src/testing/types';
import { rejectionOf } from '../http/helpers';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server?.close());

const unrepresentable: [string, () => unknown][] = [
  ['a function', () => () => 1],
  ['a symbol', () => Symbol('s')],
  ['NaN', () => ({ user_limit_bet: Number.NaN })],
  ['Infinity in an array', () => [1, Number.POSITIVE_INFINITY]],
  ['a nested function', () => ({ a: 1, f: () => 1 })],
  ['a Blob', () => new Blob(['document bytes'])],
  ['a FormData', () => new FormData()],
  ['a Map', () => new Map([['a', 1]])],
  ['a Set', () => ({ ids: new Set([1, 2]) })],
  ['URLSearchParams', () => new URLSearchParams('a=1')],
  ['a typed array', () => new Uint8Array([1, 2])],
];

describe('createOfetchAdapter: a body JSON cannot represent is refused, nothing sent (REVIEW32)', () => {
  it.each(unrepresentable)('%s', async (_, make) => {
    const http = createOfetchAdapter({ baseURL: server.url, timeout: REAL_TIME_TIMEOUT_MS });
    for (const send of [
      () => http.post('/auth/forgot-password', make()),
      () => http.patch('/bff/users/update-limits', make()),
    ]) {
      const e = (await rejectionOf(send())) as RequestValidationError;
      expect(e).toBeInstanceOf(RequestValidationError);
      expect(e.issues).toEqual([
        { path: [], code: 'not_serializable', message: 'body is not JSON-serializable' },
      ]);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('still sends plain data, undefined fields dropped, a Date as its ISO string, no body as none', async () => {
    const http = createOfetchAdapter({ baseURL: server.url, timeout: REAL_TIME_TIMEOUT_MS });
    await rejectionOf(
      http.post('/auth/forgot-password', {
        login: 'player@example.com',
        captcha_token: undefined,
        at: new Date(0),
        list: [1, null, 'x'],
        nested: Object.assign(Object.create(null), { n: 1.5 }),
      }),
    );
    await rejectionOf(http.post('/auth/logout'));
    expect(server.requests.map((r) => r.body)).toEqual([
      {
        login: 'player@example.com',
        at: '1970-01-01T00:00:00.000Z',
        list: [1, null, 'x'],
        nested: { n: 1.5 },
      },
      undefined,
    ]);
  });
});
