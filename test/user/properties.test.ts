import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestValidationError, ResponseValidationError } from '../../src/index';
import { signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

// biome-ignore lint/suspicious/noExplicitAny: arbitrary input on purpose
type Loose = any;

/** Every operation with a valid payload, keyed by the route it answers on. */
const operations: [string, RegExp, (c: ReturnType<typeof signedIn>) => Promise<unknown>][] = [
  ['login', /^\/auth\/login$/, (c) => c.auth.login({ login: 'player@example.com', password: 'x' })],
  ['getUserProfile', /^\/auth\/user-profile$/, (c) => c.auth.getUserProfile()],
  ['refreshToken', /^\/users\/refresh-token$/, (c) => c.auth.refreshToken()],
  ['validateDocument', /^\/auth\/validate-document$/, (c) => c.auth.validateDocument({ number: '1' })],
  ['getAddress', /^\/bff\/users\/address-by-user$/, (c) => c.user.getAddress()],
  ['checkPassword', /^\/bff\/users\/check-password$/, (c) => c.user.checkPassword({ password: 'x' })],
  ['getSocialAccounts', /^\/bff\/users\/account-social$/, (c) => c.user.getSocialAccounts()],
  ['getLoginHistory', /^\/bff\/users\/login-history$/, (c) => c.user.getLoginHistory()],
  [
    'generateIncomeReport',
    /^\/income-report\/generate$/,
    (c) => c.user.generateIncomeReport({ reference_year: 2025, type: 'email' }),
  ],
  ['getIncomeReportStatus', /^\/income-report\/\d+$/, (c) => c.user.getIncomeReportStatus(1)],
  ['getAvailableYears', /^\/income-report\/available-years$/, (c) => c.user.getAvailableYears()],
  ['updateLimits', /^\/bff\/users\/update-limits$/, (c) => c.user.updateLimits({ user_limit_bet: 1 })],
];

describe('responses of arbitrary JSON', () => {
  for (const [name, path, run] of operations) {
    it(`${name}: any 2xx JSON body is a parsed result or a ResponseValidationError`, async () => {
      const client = signedIn(ctx.server);
      await fc.assert(
        fc.asyncProperty(fc.json({ maxDepth: 3 }), async (json) => {
          const remove = ctx.server.faults.add({
            path,
            status: 200,
            body: json,
            contentType: 'application/json',
          });
          try {
            const outcome = await run(client).then(
              (value) => ({ ok: true as const, value }),
              (error: unknown) => ({ ok: false as const, error }),
            );
            // Either outcome, never anything else: a parsed value or the typed error.
            expect(outcome.ok || outcome.error instanceof ResponseValidationError).toBe(true);
          } finally {
            remove();
          }
        }),
        { numRuns: 25 },
      );
    });
  }
});

describe('path segments from arbitrary input', () => {
  const anything = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, undefined, true, [], {}, '1', '1/../x', '%2e%2e'),
  );

  it('an id never produces a request outside /users/update/<positive integer>', async () => {
    const { user } = signedIn(ctx.server);
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(anything, async (id) => {
        const before = ctx.server.requests.length;
        const error = await user.updateProfile(id as Loose, { first_name: 'x' }).catch((e) => e);
        const sent = ctx.server.requests.slice(before);
        const refused = error instanceof RequestValidationError;
        outcomes.add(refused ? 'refused' : 'sent');
        // Refused: nothing sent. Otherwise exactly one request, to a well-formed path.
        expect(sent).toHaveLength(refused ? 0 : 1);
        for (const r of sent) expect(r.url).toMatch(/^\/users\/update\/[1-9]\d*$/);
      }),
      // One id of each outcome is always tried: the coverage check below is never left to luck.
      { numRuns: 150, examples: [[7], ['1/../x']] },
    );
    expect([...outcomes].sort()).toEqual(['refused', 'sent']);
  });

  it('a social type never produces a request outside /bff/users/account-social/connect/<slug>', async () => {
    const { user } = signedIn(ctx.server);
    await fc.assert(
      fc.asyncProperty(fc.oneof(anything, fc.stringMatching(/^[a-z0-9_-]{1,32}$/)), async (type) => {
        const before = ctx.server.requests.length;
        const error = await user.connectSocial(type as Loose).catch((e) => e);
        const sent = ctx.server.requests.slice(before);
        expect(sent).toHaveLength(error instanceof RequestValidationError ? 0 : 1);
        for (const r of sent)
          expect(r.url).toMatch(/^\/bff\/users\/account-social\/connect\/[a-z0-9_-]{1,32}$/);
      }),
      { numRuns: 150 },
    );
  });
});
