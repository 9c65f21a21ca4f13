// Review 128: a write is never sent twice on a 5xx or a dropped connection (no Idempotency-Key is
// documented, so nothing may repeat it); the one documented resend, after a 401 and a refresh,
// carries the very same bytes with the new token.
import { describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule } from '../../src/index';
import { rejectionOf, useRecorder } from './recorder';

const box = useRecorder();

describe('writes are not repeated', () => {
  it('POST, PATCH and DELETE answered 503 (or 429) go once, whatever `retry` says', async () => {
    const http = createOfetchAdapter({
      baseURL: box.rec.url,
      getAccessToken: () => 'tok-abcdefghijklmnop',
      retry: 5,
    });
    const user = createUserModule(http);
    for (const status of [503, 429, 502]) {
      box.rec.requests.length = 0;
      box.rec.answer = () => ({ status, headers: { 'retry-after': '0' }, body: '{}' });
      await rejectionOf(user.updateProfile(7, { first_name: 'Ana' }));
      await rejectionOf(user.updateMarketing({ mkt_accepted: false }));
      await rejectionOf(user.disconnectSocial(3));
      await rejectionOf(http.post('/raw', { n: 1 }));
      expect([status, box.rec.requests.map((r) => r.method)]).toEqual([
        status,
        ['POST', 'PATCH', 'DELETE', 'POST'],
      ]);
    }
  });

  it('a POST whose connection is dropped after it was read goes once (network error)', async () => {
    const http = createOfetchAdapter({ baseURL: box.rec.url, retry: 5 });
    box.rec.answer = () => ({ raw: '' });
    const e = await rejectionOf(http.post('/raw', { n: 1 }));
    expect(e.code).toBe('network');
    expect(box.rec.requests.length).toBe(1);
  });
});

describe('the resend after a refresh', () => {
  it('a 401 then a refresh: the same body bytes, the same Content-Type and length, the new token', async () => {
    let token = 'tok-one-abcdefghijklmnop';
    const http = createOfetchAdapter({
      baseURL: `${box.rec.url}/api`,
      getAccessToken: () => token,
      onUnauthorized: async () => {
        token = 'tok-two-abcdefghijklmnop';
        return true;
      },
    });
    let n = 0;
    box.rec.answer = () =>
      n++ === 0 ? { status: 401, body: '{}' } : { status: 200, body: '{"success":true}' };
    await createUserModule(http).updateAddress({
      street: 'Rua São João, 1 🎉',
      city: 'São Paulo',
      state: 'SP',
      zipcode: '01000-000',
    });
    const [a, b] = box.rec.requests;
    expect(box.rec.requests.length).toBe(2);
    expect(b!.body.equals(a!.body)).toBe(true);
    expect([
      a!.url,
      a!.headers['content-type'],
      a!.headers['content-length'],
      a!.headers.authorization,
    ]).toEqual([
      '/api/bff/users/update-address',
      'application/json',
      String(a!.body.length),
      'Bearer tok-one-abcdefghijklmnop',
    ]);
    expect([
      b!.url,
      b!.headers['content-type'],
      b!.headers['content-length'],
      b!.headers.authorization,
    ]).toEqual([
      '/api/bff/users/update-address',
      'application/json',
      String(a!.body.length),
      'Bearer tok-two-abcdefghijklmnop',
    ]);
  });

  it('a skipAuthRefresh call answered 401 is never resent nor refreshed', async () => {
    let refreshes = 0;
    const http = createOfetchAdapter({
      baseURL: box.rec.url,
      getAccessToken: () => 'tok-abcdefghijklmnop',
      onUnauthorized: async () => {
        refreshes++;
        return true;
      },
    });
    box.rec.answer = () => ({ status: 401, body: '{}' });
    const e = await rejectionOf(
      http.post('/auth/login', { login: 'a@b.co', password: 'pw' }, { skipAuthRefresh: true }),
    );
    expect([e.code, refreshes, box.rec.requests.length]).toEqual(['unauthorized', 0, 1]);
  });
});
