// REVIEW93: getLoginHistory takes paging numbers that contradict each other. R-5 made the answer
// "a possible page" so a `while (current_page < last_page)` pager cannot spin; but `last_page` is
// never checked against `total` and `per_page`: `last_page: 2^53-1` with `total: 0` passes (the
// pager asks 9e15 empty pages), and `last_page: 1` with `total: 500, per_page: 10` passes (the pager
// stops after one page: 490 logins, a stranger's among them perhaps, never shown). The reference
// server answers `last_page = max(1, ceil(total / per_page))` (src/testing/security-routes.ts), as
// Laravel's paginator does.
// Root cause: src/user/security.ts `GET_LOGIN_HISTORY.answers`: the rule checks
// `last > 0 && per > 0 && n <= per && n <= total && (at <= last || !n)` only.
// Fix: when `total` and `per_page` are both present, require
// `last === Math.max(1, Math.ceil(total / per))` (and `n <= total - (at - 1) * per` for a full page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter } from '../../src/index';
import { getLoginHistory } from '../../src/user/security';
import { type RawServer, startRawServer } from './raw-server';

let raw: RawServer;
beforeAll(async () => {
  raw = await startRawServer();
});
afterAll(() => raw.close());
const http = () => createOfetchAdapter({ baseURL: raw.url, getAccessToken: () => 't', retry: 0 });
const row = { id: 1, user_id: 7, ip: '1.2.3.4', user_agent: 'x', created_at: '2026-11-30 10:00:00' };

describe('getLoginHistory refuses paging numbers that contradict each other', () => {
  it.each([
    [
      'last_page 2^53-1 with no logins',
      { data: [], current_page: 1, last_page: 2 ** 53 - 1, per_page: 10, total: 0 },
    ],
    [
      'last_page 1 with 500 logins of 10 a page',
      { data: [row], current_page: 1, last_page: 1, per_page: 10, total: 500 },
    ],
  ])('%s: invalid_response', async (_, answer) => {
    raw.answer({ body: JSON.stringify(answer) });
    await expect(getLoginHistory(http())).rejects.toMatchObject({ code: 'invalid_response' });
    expect(raw.requests.at(-1)?.url).toBe('/bff/users/login-history?page=1');
  });
});
