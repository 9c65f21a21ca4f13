// Review 138 (held): login-history paging over real sockets against the reference server (45
// seeded logins, 15 a page, newest first), and bad page numbers refused before anything is sent
// (standalone function, module and `client.user`).
import { describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule } from '../../src/index';
import { getLoginHistory } from '../../src/user/security';
import { usePamClients } from '../support/clients';
import { useReferenceServer } from '../support/server';
import { outcome } from './raw';

const ctx = useReferenceServer();
const { client, signIn } = usePamClients(ctx);
const http = () => {
  const token = ctx.server.issueToken(ctx.server.seed.plain.id);
  return createOfetchAdapter({ baseURL: ctx.server.url, getAccessToken: () => token });
};
const sent = () => ctx.server.requests.filter((r) => r.path.startsWith('/bff/users/login-history')).length;

describe('review 138: login-history paging (held)', () => {
  it('pages walk to the last one, every row once, newest first, then a page past the last is empty', async () => {
    const h = http();
    const first = await getLoginHistory(h);
    expect([first.current_page, first.per_page, first.total]).toEqual([1, 15, 45]);
    const ids: number[] = [];
    for (let p = 1; p <= (first.last_page ?? 0); p++) {
      const page = await getLoginHistory(h, p);
      expect(page.current_page).toBe(p);
      ids.push(...(page.data ?? []).map((r) => r.id));
    }
    expect(ids).toHaveLength(45);
    expect(new Set(ids).size).toBe(45);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const past = await getLoginHistory(h, 4);
    expect([past.current_page, past.data]).toEqual([4, []]);
  });

  it.each([
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ["'2'", '2'],
    ['2n', 2n],
    ['null', null],
    ['true', true],
    ['2^53', 2 ** 53],
    ['new Number(2)', Object(2)],
    ['{ valueOf }', { valueOf: () => 2 }],
    ["'1&per_page=1000000'", '1&per_page=1000000'],
  ])('page %s: invalid_request, nothing sent (standalone and module)', async (_, page) => {
    const h = http();
    expect(await outcome(getLoginHistory(h, page as number))).toBe('invalid_request');
    expect(await outcome(createUserModule(h).getLoginHistory(page as number))).toBe('invalid_request');
    expect(sent()).toBe(0);
  });

  it('client.user: a bad page is invalid_request and nothing sent; the largest safe page is asked as it is', async () => {
    const c = client();
    await signIn(c);
    expect(await outcome(c.user.getLoginHistory(Number.NaN))).toBe('invalid_request');
    expect(await outcome(c.user.getLoginHistory(-3))).toBe('invalid_request');
    expect(sent()).toBe(0);
    const far = await c.user.getLoginHistory(Number.MAX_SAFE_INTEGER);
    expect([far.current_page, far.data]).toEqual([Number.MAX_SAFE_INTEGER, []]);
    expect(c.view.status).toBe('signedIn');
  });
});
