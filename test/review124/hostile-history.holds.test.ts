// Review 124, probe 4 (held): hostile answers to the login history (spec 2.10), the password check
// and the address read (wrong types, null, a bare array, huge arrays, pages that lie, prototype keys,
// 100,000-deep nesting, HTML) give a typed `invalid_response` or a clean value, never a crash, and a
// signed-in createPamClient stays signed in and keeps answering.
import { afterEach, describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule, isPamError } from '../../src/index';
import { usePamClients } from '../support/clients';
import { useReferenceServer } from '../support/server';
import { hostileProxy } from './hostile-proxy';

const ctx = useReferenceServer();
const { signIn } = usePamClients(ctx);
const item = { id: 1, user_id: 1, ip: '127.0.0.1', user_agent: 'x', created_at: '2024-01-01 00:00:00' };
const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

const HISTORY: [string, string][] = [
  ['null', 'null'],
  ['a bare array', JSON.stringify([item])],
  ['a string', '"ok"'],
  ['data a string', '{"data":"x"}'],
  ['data [null]', '{"data":[null]}'],
  ['an id that is text', JSON.stringify({ data: [{ ...item, id: 'abc' }] })],
  ['ip an object', JSON.stringify({ data: [{ ...item, ip: { a: 1 } }] })],
  [
    'current_page 2 for page 1',
    JSON.stringify({ data: [item], current_page: 2, last_page: 2, per_page: 15, total: 16 }),
  ],
  [
    '40,000 rows on a page of 15',
    JSON.stringify({
      data: Array(40_000)
        .fill(item)
        .map((x, i) => ({ ...x, id: i + 1 }))
        .slice(0, 8000),
      per_page: 15,
      total: 8000,
      current_page: 1,
      last_page: 534,
    }),
  ],
  [
    'last_page 9e15',
    JSON.stringify({ data: [item], current_page: 1, last_page: 9e15, per_page: 15, total: 1 }),
  ],
  ['total -1', JSON.stringify({ data: [], current_page: 1, last_page: 1, per_page: 15, total: -1 })],
  ['100,000-deep nesting in data', `{"data":${deep}}`],
  ['HTML', '<html>ok</html>'],
];

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function via(path: string, body: string) {
  const proxy = await hostileProxy(
    () => ctx.server.url,
    (m, p) => (m === 'GET' && p.startsWith(path) ? { status: 200, body } : undefined),
  );
  closers.push(proxy.close);
  return proxy;
}

describe('review 124: hostile account reads are typed errors (held)', () => {
  it.each(HISTORY)('getLoginHistory answered %s: invalid_response', async (_n, body) => {
    const proxy = await via('/bff/users/login-history', body);
    const token = ctx.server.issueToken(ctx.server.seed.plain.id);
    const user = createUserModule(createOfetchAdapter({ baseURL: proxy.url, getAccessToken: () => token }));
    const error = await user.getLoginHistory().then(
      () => 'resolved',
      (e: unknown) => e,
    );
    expect(isPamError(error) && error.code).toBe('invalid_response');
  });

  it('getLoginHistory: a 100,000-deep value under an unknown key is dropped, the page read', async () => {
    const proxy = await via('/bff/users/login-history', `{"data":[],"x":${deep}}`);
    const token = ctx.server.issueToken(ctx.server.seed.plain.id);
    const user = createUserModule(createOfetchAdapter({ baseURL: proxy.url, getAccessToken: () => token }));
    expect(await user.getLoginHistory()).toEqual({ data: [] });
  });

  it('getLoginHistory: extra fields and __proto__ keys read without pollution', async () => {
    const body = `{"data":[{"id":1,"user_id":1,"ip":"1.1.1.1","user_agent":"x","created_at":"t","__proto__":{"admin":true},"extra":1}],"__proto__":{"total":99},"current_page":1}`;
    const proxy = await via('/bff/users/login-history', body);
    const token = ctx.server.issueToken(ctx.server.seed.plain.id);
    const user = createUserModule(createOfetchAdapter({ baseURL: proxy.url, getAccessToken: () => token }));
    const page = await user.getLoginHistory();
    expect(Object.getPrototypeOf(page.data?.[0])).toBe(Object.prototype);
    expect('admin' in (page.data?.[0] ?? {})).toBe(false);
    expect(page.total).toBeUndefined();
    expect(({} as { admin?: unknown }).admin).toBeUndefined();
  });

  it.each([['{"success":"maybe"}'], ['{"success":null}'], ['{}'], ['[true]'], ['null']])(
    'checkPassword answered %s: invalid_response, never success',
    async (body) => {
      const proxy = await hostileProxy(
        () => ctx.server.url,
        (m, p) => (m === 'POST' && p === '/bff/users/check-password' ? { status: 200, body } : undefined),
      );
      closers.push(proxy.close);
      const token = ctx.server.issueToken(ctx.server.seed.plain.id);
      const user = createUserModule(createOfetchAdapter({ baseURL: proxy.url, getAccessToken: () => token }));
      const error = await user.checkPassword({ password: 'whatever1' }).then(
        () => 'resolved',
        (e: unknown) => e,
      );
      expect(isPamError(error) && error.code).toBe('invalid_response');
    },
  );

  it('createPamClient: hostile history and address answers leave the session signed in', async () => {
    const proxy = await hostileProxy(
      () => ctx.server.url,
      (m, p) =>
        m === 'GET' && p.startsWith('/bff/users/login-history')
          ? { status: 200, body: `{"data":${deep}}` }
          : m === 'GET' && p === '/bff/users/address-by-user'
            ? { status: 200, body: '[1,2,3]' }
            : undefined,
    );
    closers.push(proxy.close);
    const { createPamClient } = await import('../../machines/index');
    const pc = createPamClient({ baseURL: proxy.url, timeout: 10_000, environment: { channel: null } });
    try {
      await signIn(pc);
      const codes = await Promise.all([
        pc.user.getLoginHistory().catch((e: { code?: string }) => e.code),
        pc.user.getAddress().catch((e: { code?: string }) => e.code),
      ]);
      expect(codes).toEqual(['invalid_response', 'invalid_response']);
      expect(pc.view.status).toBe('signedIn');
      const ok = await pc.user.getSocialAccounts();
      expect(Array.isArray(ok)).toBe(true);
    } finally {
      pc.stop();
    }
  });
});
