// Review 128: a path parameter (an id, a page, a social type) can never add a path segment, a
// query or a fragment to what goes on the wire; bad ones are `invalid_request`, nothing sent.
import { describe, expect, it } from 'vitest';
import { createAuthModule, createOfetchAdapter, createUserModule } from '../../src/index';
import { rejectionOf, useRecorder } from './recorder';

const box = useRecorder(() => ({ status: 200, body: '{"success":true}' }));
const http = () =>
  createOfetchAdapter({
    baseURL: `${box.rec.url}/api`,
    getAccessToken: () => 'tok-abcdefghijklmnop',
    retry: 0,
  });

const HOSTILE_IDS: unknown[] = [
  '1/../admin',
  '1?x=y',
  '1#frag',
  '%2e%2e',
  '..',
  '١٢٣', // Arabic-Indic digits
  '１２３', // fullwidth digits
  '1e3',
  1e21,
  -1,
  0,
  -0,
  1.5,
  Number.MAX_SAFE_INTEGER + 1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '7',
  ' 7',
  7n,
  [7],
  { toString: () => '7' },
  new Number(7),
  null,
];

describe('ids in a path never reach the wire unless a positive safe integer', () => {
  const calls: [string, (id: unknown) => Promise<unknown>][] = [
    ['updateProfile', (id) => createUserModule(http()).updateProfile(id as number, { first_name: 'Ana' })],
    [
      'changePassword',
      (id) =>
        createUserModule(http()).changePassword(
          id as number,
          {
            old_password: 'Old-pass-1',
            password: 'New-pass-12',
            password_confirmation: 'New-pass-12',
          } as never,
        ),
    ],
    ['disconnectSocial', (id) => createUserModule(http()).disconnectSocial(id as number)],
    ['getIncomeReportStatus', (id) => createUserModule(http()).getIncomeReportStatus(id as number)],
  ];
  for (const [name, call] of calls)
    it(`${name}: every hostile id is invalid_request, nothing sent`, async () => {
      for (const id of HOSTILE_IDS) {
        const e = await rejectionOf(call(id));
        expect([name, String(id), e.code]).toEqual([name, String(id), 'invalid_request']);
      }
      expect(box.rec.requests).toEqual([]);
    });

  it('the largest safe integer goes as its decimal digits, one segment', async () => {
    await createUserModule(http()).disconnectSocial(Number.MAX_SAFE_INTEGER);
    await createUserModule(http()).updateProfile(42, { first_name: 'Ana' });
    expect(box.rec.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /api/bff/users/account-social/9007199254740991',
      'POST /api/users/update/42',
    ]);
  });
});

describe('query parameters', () => {
  it('getLoginHistory: hostile pages refused, nothing sent; a page goes as ?page=<digits>', async () => {
    const user = createUserModule(http());
    for (const page of ['2&x=1', '1#f', '2', 0, -3, 2.5, 1e21, Number.NaN, null, '١']) {
      const e = await rejectionOf(user.getLoginHistory(page as number));
      expect([String(page), e.code]).toEqual([String(page), 'invalid_request']);
    }
    expect(box.rec.requests).toEqual([]);
    box.rec.answer = () => ({ status: 200, body: '{"data":[]}' });
    await user.getLoginHistory();
    await user.getLoginHistory(3);
    expect(box.rec.requests.map((r) => r.url)).toEqual([
      '/api/bff/users/login-history?page=1',
      '/api/bff/users/login-history?page=3',
    ]);
  });

  it('getUserProfile sends ?check_spa_again=1 exactly', async () => {
    box.rec.answer = () => ({ status: 500, body: '{}' });
    await rejectionOf(createAuthModule(http()).getUserProfile());
    expect(box.rec.requests[0]!.url).toBe('/api/auth/user-profile?check_spa_again=1');
  });

  it('connectSocial: a type with / ? # % .. or unicode is refused; a good one goes as one segment', async () => {
    const user = createUserModule(http());
    for (const type of ['a/b', 'a?b', 'a#b', '..', '%2e', 'Google', 'gõogle', '', 'a'.repeat(33), 'a b']) {
      const e = await rejectionOf(user.connectSocial(type));
      expect([type, e.code]).toEqual([type, 'invalid_request']);
    }
    expect(box.rec.requests).toEqual([]);
    await user.connectSocial('google_oauth-2');
    expect(box.rec.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/bff/users/account-social/connect/google_oauth-2',
    ]);
  });
});
