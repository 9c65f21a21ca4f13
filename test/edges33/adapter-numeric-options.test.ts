// EDGES33-1: `createOfetchAdapter({ retry: '2' | NaN | -1 | 1.5 | Infinity })` was silently 0
// retries (Infinity: 10), while a bad `timeout` threw. Every numeric option is now checked when the
// adapter is made: a wrong one is a `ConfigurationError` (`configuration`) naming it. What works
// still does, over a real socket: `retry: 2` is two retries, `retry: 0` none, above 10 capped.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOfetchAdapter, isPamError, type OfetchAdapterOptions } from '../../src/index';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { rejectionOf } from '../http/helpers';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';

const base = 'https://api.example.com';
const WRONG: unknown[] = ['2', '', null, true, Number.NaN, -1, 1.5, -0.5, Infinity, -Infinity, {}, [1], 10n];

/** How a test names a value: `'2'` a string, `NaN`, `10n`. */
const shown = (v: unknown) =>
  typeof v === 'string' || (typeof v === 'object' && v)
    ? JSON.stringify(v)
    : `${String(v)}${typeof v === 'bigint' ? 'n' : ''}`;

/** The error creating the adapter with `options` throws, or undefined. */
function refusal(options: Partial<OfetchAdapterOptions>): unknown {
  try {
    createOfetchAdapter({ baseURL: base, ...options });
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('createOfetchAdapter: numeric options that cannot work', () => {
  for (const name of ['retry', 'timeout', 'maxResponseBytes', 'maxDownloadBytes'] as const)
    for (const value of WRONG) {
      // A positive size or timeout may be fractional or Infinity (none); a retry count may not.
      if (name !== 'retry' && typeof value === 'number' && value > 0) continue;
      it(`refuses ${name}: ${shown(value)} with a ConfigurationError naming it`, () => {
        const error = refusal({ [name]: value as never });
        expect(isPamError(error) && error.code).toBe('configuration');
        expect((error as Error).name).toBe('ConfigurationError');
        expect((error as Error).message).toContain(name);
      });
    }

  it('takes every count of retries 0..10 and larger integers, and leaves them absent for the default', () => {
    for (const retry of [undefined, 0, 1, 2, 10, 11, 1e6, Number.MAX_SAFE_INTEGER])
      expect(refusal({ retry }), String(retry)).toBeUndefined();
  });
});

describe('createOfetchAdapter: a valid retry count, over a real socket', () => {
  let api: EchoServer;
  beforeAll(async () => {
    api = await startEchoServer();
  });
  afterAll(() => api?.close());
  beforeEach(() => {
    api.requests.length = 0;
    // Retry-After: 0, so the retries wait no backoff.
    api.answer = () => ({ status: 503, headers: { 'retry-after': '0' }, body: { message: 'down' } });
  });

  for (const [retry, sent] of [
    [0, 1],
    [2, 3],
    [50, 11],
  ] as const)
    it(`retry: ${retry} sends a failing GET ${sent} time(s)`, async () => {
      const http = createOfetchAdapter({ baseURL: api.url, retry, timeout: REAL_TIME_TIMEOUT_MS });
      const error = await rejectionOf(http.get('/years'));
      expect(isPamError(error) && error.code).toBe('http');
      expect(api.requests).toHaveLength(sent);
    });
});
