import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOfetchAdapter, isPamError } from '../../src/index';
import { type EchoAnswer, type EchoServer, startEchoServer } from './echo-server';
import { rejectionOf } from './helpers';

let api: EchoServer;
beforeAll(async () => {
  api = await startEchoServer();
});
afterAll(() => api?.close());
beforeEach(() => {
  api.requests.length = 0;
  api.answer = () => ({ status: 200, body: { ok: true } });
});

const FIXED = 'Wed, 21 Oct 2015 07:28:00 GMT';

function recording() {
  const calls: [number, number][] = [];
  const http = createOfetchAdapter({
    baseURL: api.url,
    retry: 0,
    onServerDate: (serverMs, localMs) => {
      calls.push([serverMs, localMs]);
    },
  });
  return { calls, http };
}

describe('onServerDate: the server time of each answer', () => {
  it('gets the Date of a 2xx answer and the local time it arrived', async () => {
    api.answer = () => ({ status: 200, headers: { date: FIXED }, body: { ok: true } });
    const { calls, http } = recording();
    const before = Date.now();
    await http.get('/x');
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe(Date.parse(FIXED));
    expect(calls[0]![1]).toBeGreaterThanOrEqual(before);
    expect(calls[0]![1]).toBeLessThanOrEqual(Date.now());
  });

  it('gets the Date of an error answer too, and of the final answer of a redirect (once)', async () => {
    api.answer = () => ({ status: 503, headers: { date: FIXED }, body: { message: 'down' } });
    const { calls, http } = recording();
    expect(isPamError(await rejectionOf(http.post('/x', {})))).toBe(true);
    expect(calls.map((c) => c[0])).toEqual([Date.parse(FIXED)]);
    api.answer = (r): EchoAnswer =>
      r.url === '/from'
        ? { status: 302, headers: { location: '/to', date: FIXED } }
        : { status: 200, headers: { date: 'Thu, 22 Oct 2015 07:28:00 GMT' }, body: { ok: true } };
    await http.get('/from');
    // The hop's own Date is not a second sample: one request, one reading (issue 26.3).
    expect(calls.map((c) => c[0]).slice(1)).toEqual([Date.parse(FIXED) + 86_400_000]);
  });

  it("gets the Node server's own Date header (whole seconds, near now)", async () => {
    const { calls, http } = recording();
    await http.get('/x');
    expect(calls).toHaveLength(1);
    expect(calls[0]![0] % 1000).toBe(0);
    expect(Math.abs(calls[0]![0] - calls[0]![1])).toBeLessThan(5_000);
  });

  for (const date of ['soon', '1445412480', '', 'Wed, 99 Foo 2015 99:99:99 GMT', '2015-10-21T07:28:00Z']) {
    it(`is not called for a Date that is not an HTTP date (${JSON.stringify(date)})`, async () => {
      api.answer = () => ({ status: 200, headers: { date: date }, body: { ok: true } });
      const { calls, http } = recording();
      await http.get('/x');
      expect(calls).toEqual([]);
    });
  }

  it('a callback that throws or rejects never reaches the request', async () => {
    const seen: string[] = [];
    const throwing = createOfetchAdapter({
      baseURL: api.url,
      retry: 0,
      onServerDate: () => {
        seen.push('throw');
        throw new Error('boom');
      },
    });
    expect(await throwing.get('/x')).toEqual({ ok: true });
    const rejecting = createOfetchAdapter({
      baseURL: api.url,
      retry: 0,
      onServerDate: (() => {
        seen.push('reject');
        return Promise.reject(new Error('late boom'));
      }) as unknown as (a: number, b: number) => void,
    });
    expect(await rejecting.get('/x')).toEqual({ ok: true });
    expect(seen).toEqual(['throw', 'reject']);
  });

  it('refuses an onServerDate that is not a function when the adapter is made', () => {
    let error: unknown;
    try {
      createOfetchAdapter({ baseURL: api.url, onServerDate: 'yes' as unknown as () => void });
    } catch (e) {
      error = e;
    }
    expect(isPamError(error) && error.code).toBe('configuration');
  });
});
