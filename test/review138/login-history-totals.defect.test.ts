// Review 138: getLoginHistory takes a page whose rows contradict its own `total` / `per_page` /
// `last_page` (Laravel's paginator, the reference server: every page but the last is full; the
// last holds `total - (last_page - 1) * per_page` rows). R-5 and review 93 check the page asked,
// `last_page` against `total`/`per_page`, `n <= per_page` and `n <= total`, but never the rows
// against the page's place: a player reading their login history (to spot a stranger's login)
// is shown an empty first page while the answer says 25 logins exist, or 10 rows on a last page
// that may hold 5 (which 5 are real?). The answer cannot be a page of that listing:
// `invalid_response` (as a page past the last with rows already is).
// Root cause: src/user/security.ts GET_LOGIN_HISTORY.answers (review 93 proposed the bound, it
// was not taken).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter } from '../../src/index';
import { getLoginHistory } from '../../src/user/security';
import { outcome, type Raw, startRaw } from './raw';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.review138-access-token.sig';
let raw: Raw;
beforeAll(async () => {
  raw = await startRaw();
});
afterAll(() => raw.close());
const http = () => createOfetchAdapter({ baseURL: raw.url, getAccessToken: () => TOKEN, retry: 0 });
const rows = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => ({
    id: from + i,
    user_id: 7,
    ip: '10.0.0.1',
    user_agent: 'UA',
    created_at: '2026-11-30 10:00:00',
  }));

describe('review 138: a login-history page whose rows contradict its total', () => {
  it.each([
    ['page 1 of 3 empty, total 25', 1, { data: [], current_page: 1, last_page: 3, per_page: 10, total: 25 }],
    [
      'page 2 of 2 with 10 rows, total 15 (5 possible)',
      2,
      { data: rows(10, 11), current_page: 2, last_page: 2, per_page: 10, total: 15 },
    ],
    [
      'the only page with 1 row, total 5',
      1,
      { data: rows(1), current_page: 1, last_page: 1, per_page: 10, total: 5 },
    ],
    [
      'the only page with no data field at all, total 5',
      1,
      { current_page: 1, last_page: 1, per_page: 10, total: 5 },
    ],
  ])('%s: invalid_response', async (_, page, answer) => {
    raw.answer({ body: JSON.stringify(answer) });
    const before = raw.hits.length;
    expect(await outcome(getLoginHistory(http(), page))).toBe('invalid_response');
    expect(raw.hits.slice(before).map((h) => h.url)).toEqual([`/bff/users/login-history?page=${page}`]);
  });
});
