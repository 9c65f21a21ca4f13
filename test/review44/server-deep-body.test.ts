// Review 43 (helper-390, low): a JSON body nested about 7,000 deep, well inside the 16 KB body
// limit, made `handle` reject (a 500 from the host: `secretValuesOf` and the request schema recurse
// without a bound, a RangeError). The proxy now refuses a body nested deeper than any of the
// service's shapes with a typed 400 before anything walks it, nothing sent; and the core's secret
// walk is iterative (a deep value given to `client.http` is no RangeError). Over real sockets.

import { describe, expect, it } from 'vitest';
import { createOfetchAdapter } from '../../src/http/ofetch-adapter';
import { secretValuesOf } from '../../src/secrets/secret';
import { type TestClock, usePam } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);

const nested = (depth: number, open: string, close: string, inner = '1') =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

describe('a deeply nested body', () => {
  it.each([
    ['arrays on the login', '/pam/auth/login', nested(7000, '[', ']')],
    [
      'objects on the login',
      '/pam/auth/login',
      `{"login":"a","password":"b","x":${nested(2500, '{"a":', '}')}}`,
    ],
    ['arrays on a schemaless row', '/pam/auth/forgot-password', `{"email":${nested(7000, '[', ']')}}`],
    [
      'arrays under a secret key',
      '/pam/auth/login',
      `{"login":"a","password":${nested(7000, '[', ']', '"pw"')}}`,
    ],
  ])('%s: a typed 400, nothing sent', async (_, path, raw) => {
    expect(raw.length).toBeLessThan(16 * 1024 * 2);
    ref.server.requests.length = 0;
    const res = await fetch(`${fx.served.url}${path}`, {
      method: 'POST',
      headers: { origin: fx.served.url, 'content-type': 'application/json' },
      body: raw,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: expect.stringMatching(/nested/) });
    expect(ref.server.requests).toEqual([]);
  });

  it('a body nested as deep as the service shapes go still passes (a login)', async () => {
    const res = await fetch(`${fx.served.url}/pam/auth/login`, {
      method: 'POST',
      headers: { origin: fx.served.url, 'content-type': 'application/json' },
      body: JSON.stringify({
        login: 'nobody@example.com',
        password: 'Secret123!',
        meta: [[[{ a: { b: [1] } }]]],
      }),
    });
    expect(res.status).not.toBe(500);
    expect((await res.json()) as object).not.toMatchObject({ message: expect.stringMatching(/nested/) });
  });

  it('secretValuesOf walks a value 100,000 deep without a RangeError', () => {
    let deep: unknown = { password: 'hunter22' };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(secretValuesOf(deep)).toEqual(['hunter22']);
  });

  it('client.http given a deep body: typed or sent, never a RangeError', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const http = createOfetchAdapter({ baseURL: ref.server.url });
    const error = await http.post('/auth/forgot-password', deep).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(RangeError);
    expect(error === null || (error as { code?: string }).code !== undefined).toBe(true);
  });
});
