// review 142: login-history pages as Laravel's paginator writes them (numbers as strings too, an
// empty history, a page past the last, 1 / 15 / 16 logins) all read (review 138's place check).
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hostile, TOKEN } from '../review141/hostile';

let srv: Awaited<ReturnType<typeof hostile>>;
let answer: (page: number) => unknown = () => ({});
beforeAll(async () => {
  srv = await hostile();
  srv.on((q, res) => {
    const page = Number(new URL(q.path, 'http://x').searchParams.get('page') ?? '1');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(page)));
  });
});
afterAll(() => srv.close());

const row = (id: number) => ({
  id,
  user_id: 1,
  ip: '203.0.113.1',
  user_agent: 'x',
  created_at: '2030-01-01T00:00:00Z',
});
function laravel(total: number, per: number, strings: boolean) {
  return (page: number) => {
    const from = (page - 1) * per;
    const data = Array.from({ length: Math.max(0, Math.min(per, total - from)) }, (_, i) =>
      row(total - from - i),
    );
    const n = (v: number) => (strings ? String(v) : v);
    return {
      current_page: n(page),
      data,
      last_page: n(Math.max(1, Math.ceil(total / per))),
      per_page: n(per),
      total: n(total),
    };
  };
}

for (const strings of [false, true])
  for (const total of [0, 1, 15, 16, 45])
    it(`${total} logins (${strings ? 'numbers as strings' : 'numbers'}): every page and the one past the last read`, async () => {
      answer = laravel(total, 15, strings);
      const user = createUserModule(
        createOfetchAdapter({ baseURL: srv.url, getAccessToken: () => TOKEN, retry: 0 }),
      );
      const last = Math.max(1, Math.ceil(total / 15));
      const ids: number[] = [];
      for (let p = 1; p <= last + 1; p++) {
        const page = await user.getLoginHistory(p);
        ids.push(...(page.data ?? []).map((r) => r.id));
      }
      expect(ids).toHaveLength(total);
    });
