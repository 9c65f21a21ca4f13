import { describe, expect, it } from 'vitest';
import { getLoginHistory } from '../../src/user/security';

// REVIEW-R R-5: `getLoginHistory(page)` took an answer for another page, and impossible paging
// numbers, as valid: a "next while current_page < last_page" loop could spin forever. Now the
// answer must be the page asked (when it names one) and its numbers possible: counts not negative,
// at least one page, no more rows than a page or the total; past the last page only when empty
// (the reference server, like Laravel, answers `last_page: 1` for no logins and `current_page` as
// asked beyond the end).

const row = { id: 1, user_id: 7, ip: '1.2.3.4', user_agent: 'x', created_at: '2026-11-30 10:00:00' };
const httpAnswering = (answer: unknown) => ({ get: async <T>() => answer as T });
// (Page 3 of 4, 31 logins: a full page of 10, as its place requires: review 138.)
const page = (over: object) => ({
  data: Array.from({ length: 10 }, (_, i) => ({ ...row, id: i + 1 })),
  current_page: 3,
  last_page: 4,
  per_page: 10,
  total: 31,
  ...over,
});

describe('getLoginHistory checks the page it is answered (R-5)', () => {
  it.each([
    ['another page', page({ current_page: 1 })],
    ['a negative total', page({ total: -3 })],
    ['no pages', page({ last_page: 0 })],
    ['per_page 0', page({ per_page: 0 })],
    ['a total below the rows', page({ total: 0 })],
    ['past the last page with rows', page({ last_page: 2 })],
  ])('%s is invalid_response', async (_, answer) => {
    await expect(getLoginHistory(httpAnswering(answer), 3)).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('the answers a server gives are taken', async () => {
    await expect(getLoginHistory(httpAnswering(page({})), 3)).resolves.toMatchObject({ current_page: 3 });
    // No logins: one empty page; beyond the end: empty, current_page as asked.
    const empty = { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 };
    await expect(getLoginHistory(httpAnswering(empty))).resolves.toEqual(empty);
    await expect(getLoginHistory(httpAnswering({ ...empty, current_page: 5 }), 5)).resolves.toMatchObject({
      data: [],
    });
    // Fields the spec leaves optional may be absent.
    await expect(getLoginHistory(httpAnswering({ data: [row] }), 2)).resolves.toEqual({ data: [row] });
  });
});
