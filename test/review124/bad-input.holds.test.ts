// Review 124, probe 1 (held): bad input to the account writes of spec 2.7-2.10 (profile, contact,
// contracts, marketing, password, two-factor, login history) is `invalid_request`, NOTHING sent.
import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';
import { refusedUnsent, userOf } from './support';

const ctx = useReferenceServer();
const id = () => ctx.server.seed.plain.id;

const PROFILE: [string, unknown][] = [
  ['unknown key', { first_name: 'Ana', nickname: 'x' }],
  ['first_name a number', { first_name: 42 }],
  ['first_name of 256 chars', { first_name: 'a'.repeat(256) }],
  ['first_name with a NUL', { first_name: 'An\u0000a' }],
  ['first_name with a newline', { first_name: 'Ana\nBob' }],
  ['first_name blank', { first_name: '   ' }],
  ['phone with letters', { phone: '11 9999x0000' }],
  ['ddi empty', { ddi: '' }],
  ['email without @', { email: 'ana.example.com' }],
  ['email of 300 chars', { email: `${'a'.repeat(290)}@example.com` }],
  ['zipcode with a bidi control', { zipcode: '01000\u202e000' }],
  ['terms as "true"', { terms: 'true' }],
  ['gender as "1"', { gender: '1' }],
  ['gender NaN', { gender: Number.NaN }],
  ['kyc_id 1.5', { kyc_id: 1.5 }],
  ['birth_date not a date', { birth_date: 'yesterday' }],
  ['birth_date of a child', { birth_date: '2020-01-01' }],
  ['password_check of 2 kB', { first_name: 'Ana', password_check: 'p'.repeat(2048) }],
  ['null', null],
  ['an array', [{ first_name: 'Ana' }]],
  ['__proto__ key', JSON.parse('{"first_name":"Ana","__proto__":{"x":1}}')],
];

describe('review 124: bad account writes are refused, nothing sent (held)', () => {
  it.each(PROFILE)('updateProfile: %s', async (_n, payload) => {
    expect(await refusedUnsent(ctx, () => userOf(ctx).updateProfile(id(), payload as never))).toBe(
      'invalid_request/0',
    );
  });

  it.each([
    ['0', 0],
    ['-1', -1],
    ['"7"', '7'],
    ['1.5', 1.5],
    ['NaN', Number.NaN],
  ])('updateProfile: user id %s', async (_n, userId) => {
    expect(
      await refusedUnsent(ctx, () => userOf(ctx).updateProfile(userId as never, { first_name: 'Ana' })),
    ).toBe('invalid_request/0');
  });

  it.each([
    ['updateEmail: unknown key', (u) => u.updateEmail({ email: 'a@example.com', mail: 'x' } as never)],
    ['updateEmail: e-mail with a space', (u) => u.updateEmail({ email: 'a b@example.com' })],
    ['updateEmail: kyc_id "1"', (u) => u.updateEmail({ email: 'a@example.com', kyc_id: '1' } as never)],
    ['addPhone: ddi missing', (u) => u.addPhone({ phone: '11999990000' } as never)],
    ['addPhone: phone of 30 digits', (u) => u.addPhone({ phone: '1'.repeat(30), ddi: '55' })],
    ['addPhone: phone "--"', (u) => u.addPhone({ phone: '11--99', ddi: '55' })],
    ['addPhone: phone with a tab', (u) => u.addPhone({ phone: '11\t99', ddi: '55' })],
    [
      'updateAddress: street with a line separator',
      (u) => u.updateAddress({ street: 'Rua\u2028A', city: 'SP', state: 'SP', zipcode: '01000-000' }),
    ],
    [
      'updateAddress: zipcode missing',
      (u) => u.updateAddress({ street: 'Rua A', city: 'SP', state: 'SP' } as never),
    ],
    ['updateContracts: a number', (u) => u.updateContracts(1 as never)],
    ['updateContracts: "LGPD"', (u) => u.updateContracts('LGPD' as never)],
    ['updateContracts: "lgpd " (space)', (u) => u.updateContracts('lgpd ' as never)],
    ['updateContracts: an object', (u) => u.updateContracts({ type: 'lgpd' } as never)],
    ['updateContracts: "__proto__"', (u) => u.updateContracts('__proto__' as never)],
    ['updateMarketing: "false"', (u) => u.updateMarketing({ mkt_accepted: 'false' } as never)],
    ['updateMarketing: 0', (u) => u.updateMarketing({ mkt_accepted: 0 } as never)],
    ['updateMarketing: null', (u) => u.updateMarketing({ mkt_accepted: null } as never)],
    ['updateMarketing: {}', (u) => u.updateMarketing({} as never)],
    ['updateMarketing: extra key', (u) => u.updateMarketing({ mkt_accepted: true, sms: true } as never)],
    ['toggleTwoFactor: "SMS"', (u) => u.toggleTwoFactor({ type: 'SMS', enabled: true } as never)],
    ['toggleTwoFactor: enabled "yes"', (u) => u.toggleTwoFactor({ type: 'sms', enabled: 'yes' } as never)],
    ['toggleTwoFactor: enabled missing', (u) => u.toggleTwoFactor({ type: 'email' } as never)],
    [
      'toggleTwoFactor: a code too',
      (u) => u.toggleTwoFactor({ type: 'sms', enabled: false, code: '1' } as never),
    ],
    ['getLoginHistory: page 0', (u) => u.getLoginHistory(0)],
    ['getLoginHistory: page "2"', (u) => u.getLoginHistory('2' as never)],
    ['getLoginHistory: page 1.5', (u) => u.getLoginHistory(1.5)],
    ['getLoginHistory: page null', (u) => u.getLoginHistory(null as never)],
    ['getLoginHistory: page 2^53', (u) => u.getLoginHistory(2 ** 53)],
  ] as [string, (u: ReturnType<typeof userOf>) => Promise<unknown>][])('%s', async (_n, call) => {
    expect(await refusedUnsent(ctx, () => call(userOf(ctx)))).toBe('invalid_request/0');
  });

  it.each([
    ['confirmation differs', { old_password: 'a', password: 'b1234567', password_confirmation: 'b1234568' }],
    ['old password empty', { old_password: '', password: 'b1234567', password_confirmation: 'b1234567' }],
    [
      'new password of 2 kB',
      { old_password: 'a', password: 'p'.repeat(2048), password_confirmation: 'p'.repeat(2048) },
    ],
    [
      'a 2FA code field',
      { old_password: 'a', password: 'b', password_confirmation: 'b', two_factor_code: '123456' },
    ],
    ['password a number', { old_password: 'a', password: 12345678, password_confirmation: 12345678 }],
  ])('changePassword: %s', async (_n, payload) => {
    expect(await refusedUnsent(ctx, () => userOf(ctx).changePassword(id(), payload as never))).toBe(
      'invalid_request/0',
    );
  });
});
