// Review 133 (held): a generated wrong path argument (ids, the login-history page, the social type,
// the contract type) of every call that takes one: `invalid_request`, nothing sent.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';
import { materialize, WRONG } from './arbitraries';
import { type Mods, modsOf, verdict } from './support';

const ctx = useReferenceServer();

const CALLS: [string, fc.Arbitrary<unknown>, (m: Mods, a: never) => Promise<unknown>][] = [
  [
    'updateProfile id',
    fc.oneof(WRONG.int!, fc.constantFrom(0, -1)),
    (m, a) => m.user.updateProfile(a, { first_name: 'Ana' }),
  ],
  [
    'changePassword id',
    fc.oneof(WRONG.int!, fc.constantFrom(0, -1)),
    (m, a) => m.user.changePassword(a, { old_password: 'a', password: 'b', password_confirmation: 'b' }),
  ],
  ['disconnectSocial id', fc.oneof(WRONG.int!, fc.constantFrom(0, -7)), (m, a) => m.user.disconnectSocial(a)],
  [
    'getIncomeReportStatus id',
    fc.oneof(WRONG.int!, fc.constantFrom(0, -7)),
    (m, a) => m.user.getIncomeReportStatus(a),
  ],
  ['getLoginHistory page', fc.oneof(WRONG.int!, fc.constantFrom(0, -1)), (m, a) => m.user.getLoginHistory(a)],
  [
    'connectSocial type',
    fc.oneof(WRONG.text!, fc.constantFrom('Google', 'g/../x', 'a?b=1', 'a'.repeat(33), '%2e%2e')),
    (m, a) => m.user.connectSocial(a),
  ],
  [
    'updateContracts type',
    fc.oneof(WRONG.enum!, fc.constantFrom('LGPD', 'lgpd ', 'constructor', '__proto__', 'toString')),
    (m, a) => m.user.updateContracts(a),
  ],
];

it('review 133: wrong path arguments are refused, nothing sent (held)', async () => {
  const mods = modsOf(ctx);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...CALLS).chain(([name, arb, call]) => arb.map((arg) => ({ name, arg, call }))),
      async ({ arg, call }) => {
        expect(await verdict(ctx, () => call(mods, materialize(arg) as never))).toBe('invalid_request/0');
      },
    ),
    { numRuns: 600, seed: 1330 },
  );
});
