// Probe (holds): hostile 2xx answers to every read call give a typed error, never a crash or a raw value.
import { createAuthModule, createOfetchAdapter, createUserModule, isPamError } from 'pam-client';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const mk = () => {
  const token = server.issueToken(server.seed.plain.id);
  const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => token, retry: 0 });
  return { user: createUserModule(http), auth: createAuthModule(http) };
};

const calls: [string, string | RegExp, (m: ReturnType<typeof mk>) => Promise<unknown>][] = [
  ['getAddress', '/bff/users/address-by-user', (m) => m.user.getAddress()],
  ['getSocialAccounts', '/bff/users/account-social', (m) => m.user.getSocialAccounts()],
  ['getLoginHistory', '/bff/users/login-history', (m) => m.user.getLoginHistory(2)],
  ['checkPassword', '/bff/users/check-password', (m) => m.user.checkPassword({ password: 'x' })],
  ['getAvailableYears', '/income-report/available-years', (m) => m.user.getAvailableYears()],
  ['getIncomeReportStatus', '/income-report/5', (m) => m.user.getIncomeReportStatus(5)],
  [
    'generateIncomeReport',
    '/income-report/generate',
    (m) => m.user.generateIncomeReport({ reference_year: 2024, type: 'email' }),
  ],
  ['getUserProfile', '/auth/user-profile', (m) => m.auth.getUserProfile()],
  ['login', '/auth/login', (m) => m.auth.login({ login: 'a@b.c', password: 'Secret123!' })],
  ['refreshToken', '/users/refresh-token', (m) => m.auth.refreshToken()],
  ['validateDocument', '/auth/validate-document', (m) => m.auth.validateDocument({ number: '52998224725' })],
];
const bodies: [string, unknown, string?][] = [
  ['null', 'null', 'application/json'],
  ['array', '[]', 'application/json'],
  ['string', '"ok"', 'application/json'],
  ['number', '1', 'application/json'],
  ['true', 'true', 'application/json'],
  ['empty object', '{}', 'application/json'],
  ['html', '<html>oops</html>', 'text/html'],
  ['bom json', '\uFEFF{}', 'application/json'],
  ['deep', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'],
  ['deep obj', `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`, 'application/json'],
  ['proto', '{"__proto__":{"success":true},"constructor":{"prototype":{"x":1}}}', 'application/json'],
];

describe('probe: hostile answers', () => {
  for (const [name, path, call] of calls)
    test.each(bodies)(`${name}: %s`, async (_b, body, contentType) => {
      server.faults.add({ path, status: 200, body: body as string, contentType });
      const m = mk();
      const out = await call(m).then(
        (v) => ({ resolved: v }),
        (x: unknown) => x,
      );
      // Either a typed error or a resolved value (every field of these answers is optional in the
      // spec, so `{}` or `[]` may be read as an empty answer): never a foreign throw.
      if (!isPamError(out)) expect(out).toHaveProperty('resolved');
      if ('resolved' in (out as object)) expect(JSON.stringify(out)).not.toContain('"x":1,"success"');
    });
});
