import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isTransientError } from '../../src/errors/index';
import { retryAfterMs, retryDelay } from '../../src/http/waiting';
import { createOfetchAdapter, type HttpError, isPamError } from '../../src/index';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { rejectionOf } from '../http/helpers';

let api: EchoServer;
beforeAll(async () => {
  api = await startEchoServer();
});
afterAll(() => api?.close());
beforeEach(() => {
  api.requests.length = 0;
});

/** What an error made by another copy of pam-client (the CJS build beside the ESM one) looks like. */
function foreign(code: string, extra: Record<string, unknown> = {}): Error {
  const e = Object.assign(new Error(`foreign ${code}`), { code, ...extra });
  Object.defineProperty(e, Symbol.for('pam-client.error'), { value: true });
  Object.defineProperty(e, 'toJSON', { value: () => ({ code }) });
  return e;
}

describe('classification by brand and code, never instanceof', () => {
  it('recognises an error of another copy by its brand', () => {
    expect(isPamError(foreign('unauthorized', { status: 401 }))).toBe(true);
    expect(isPamError(foreign('step_up_required', { status: 422 }))).toBe(true);
    expect(isPamError(foreign('storage'))).toBe(true);
    expect(isPamError(foreign('configuration'))).toBe(true);
    expect(isPamError(foreign('no_such_code'))).toBe(false);
    expect(isPamError(Object.assign(new Error('x'), { code: 'network' }))).toBe(false);
  });

  it('finds foreign transient errors transient', () => {
    expect(isTransientError(foreign('http', { status: 503 }))).toBe(true);
    expect(isTransientError(foreign('http', { status: 429 }))).toBe(true);
    expect(isTransientError(foreign('http', { status: 404 }))).toBe(false);
    expect(isTransientError(foreign('network'))).toBe(true);
  });

  it('lets the adapter retry and wait on foreign errors as on its own', () => {
    expect(retryDelay(foreign('http', { status: 503, retryAfter: 2 }), 0)).toBe(2000);
    expect(retryDelay(foreign('http', { status: 404 }), 0)).toBeUndefined();
    expect(retryDelay(foreign('unauthorized', { status: 401 }), 0)).toBeUndefined();
    expect(retryDelay(foreign('timeout'), 0, () => 0.5)).toBe(125);
    expect(retryAfterMs(foreign('http', { status: 429, retryAfter: 7 }))).toBe(7000);
    expect(retryAfterMs(foreign('http', { status: 429, retryAfter: 1e300 }))).toBe(2 ** 31 - 1);
    expect(
      retryAfterMs(Object.assign(new Error('x'), { code: 'http', status: 429, retryAfter: 7 })),
    ).toBeUndefined();
  });
});

describe('server keys are data', () => {
  it('keeps a field named __proto__ as data, with its messages, in a null-prototype object', async () => {
    api.answer = () => ({
      status: 422,
      body: '{"message":"bad","errors":{"__proto__":["proto message"],"email":["taken"],"constructor":["c"]}}',
      headers: { 'content-type': 'application/json' },
    });
    const e = (await rejectionOf(createOfetchAdapter({ baseURL: api.url }).post('/x', {}))) as HttpError;
    const fields = e.fieldErrors as Record<string, readonly string[]>;
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(Object.keys(fields).sort()).toEqual(['__proto__', 'constructor', 'email']);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toEqual(['proto message']);
    expect(JSON.parse(JSON.stringify(e.toJSON())).fieldErrors.email).toEqual(['taken']);
  });
});
