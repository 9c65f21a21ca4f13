// Review 138 (held): bad input to the contact, consent and security calls is a typed
// `invalid_request` and nothing reaches the reference server (a real socket): wrong types, NaN and
// Infinity, huge and control-character strings, `__proto__` keys (JSON-parsed: own keys), extra
// fields, a prototype that is not a plain object's.
import { describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule, type UserModule } from '../../src/index';
import { useReferenceServer } from '../support/server';
import { outcome } from './raw';

const ctx = useReferenceServer();
const user = (): UserModule => {
  const token = ctx.server.issueToken(ctx.server.seed.plain.id);
  return createUserModule(createOfetchAdapter({ baseURL: ctx.server.url, getAccessToken: () => token }));
};
const HUGE = 'a'.repeat(300_000);
const ADDRESS = { street: 'Rua A 1', city: 'Recife', state: 'PE', zipcode: '50000-000' };
const polluted = (json: string) => JSON.parse(json) as never;
type Call = [string, (u: UserModule) => Promise<unknown>];
const P = (x: unknown) => x as never;

const CALLS: Call[] = [
  // contracts and consent
  ['contract LGPD (case)', (u) => u.updateContracts(P('LGPD'))],
  ['contract " lgpd"', (u) => u.updateContracts(P(' lgpd'))],
  ['contract lgpd\\u0000', (u) => u.updateContracts(P('lgpd\u0000'))],
  ['contract __proto__', (u) => u.updateContracts(P('__proto__'))],
  ['contract toString', (u) => u.updateContracts(P('toString'))],
  ['contract { type }', (u) => u.updateContracts(P({ type: 'lgpd' }))],
  ['contract [lgpd]', (u) => u.updateContracts(P(['lgpd']))],
  ['contract String object', (u) => u.updateContracts(P(Object('lgpd')))],
  ['contract undefined', (u) => u.updateContracts(P(undefined))],
  ['marketing "true"', (u) => u.updateMarketing(P({ mkt_accepted: 'true' }))],
  ['marketing 1', (u) => u.updateMarketing(P({ mkt_accepted: 1 }))],
  ['marketing {}', (u) => u.updateMarketing(P({}))],
  ['marketing + version', (u) => u.updateMarketing(P({ mkt_accepted: true, version: 3 }))],
  [
    'marketing JSON __proto__',
    (u) => u.updateMarketing(polluted('{"mkt_accepted":true,"__proto__":{"x":1}}')),
  ],
  [
    'marketing literal __proto__',
    (u) => u.updateMarketing(P({ mkt_accepted: true, __proto__: { mkt_accepted: false } })),
  ],
  ['marketing a Map', (u) => u.updateMarketing(P(new Map([['mkt_accepted', true]])))],
  ['marketing a Promise', (u) => u.updateMarketing(P(Promise.resolve({ mkt_accepted: true })))],
  // contact data
  ['email with \\n', (u) => u.updateEmail({ email: 'a@b.com\nBcc: x@y.com' })],
  ['email huge', (u) => u.updateEmail({ email: `${HUGE}@b.com` })],
  ['email number', (u) => u.updateEmail(P({ email: 42 }))],
  ['email kyc_id NaN', (u) => u.updateEmail({ email: 'a@b.com', kyc_id: Number.NaN })],
  ['email kyc_id Infinity', (u) => u.updateEmail({ email: 'a@b.com', kyc_id: Number.POSITIVE_INFINITY })],
  ['email kyc_id 1.5', (u) => u.updateEmail({ email: 'a@b.com', kyc_id: 1.5 })],
  ['email password_check ""', (u) => u.updateEmail({ email: 'a@b.com', password_check: '' })],
  ['email password_check huge', (u) => u.updateEmail({ email: 'a@b.com', password_check: HUGE })],
  ['email JSON __proto__', (u) => u.updateEmail(polluted('{"email":"a@b.com","__proto__":{"admin":true}}'))],
  ['phone letters', (u) => u.addPhone({ phone: '9999-ABCD', ddi: '55' })],
  ['phone NUL', (u) => u.addPhone({ phone: '99999\u00009999', ddi: '55' })],
  ['phone number type', (u) => u.addPhone(P({ phone: 999999999, ddi: '55' }))],
  ['phone no ddi', (u) => u.addPhone(P({ phone: '999999999' }))],
  ['phone huge', (u) => u.addPhone({ phone: '9'.repeat(100), ddi: '55' })],
  ['address street "\\u202e"', (u) => u.updateAddress({ ...ADDRESS, street: 'Rua \u202eA' })],
  ['address city line break', (u) => u.updateAddress({ ...ADDRESS, city: 'Recife\r\nX-Evil: 1' })],
  ['address zipcode huge', (u) => u.updateAddress({ ...ADDRESS, zipcode: HUGE })],
  ['address only spaces', (u) => u.updateAddress({ ...ADDRESS, street: '   ' })],
  ['address zero-width only', (u) => u.updateAddress({ ...ADDRESS, street: '\u200b\u200b' })],
  ['address + country', (u) => u.updateAddress(P({ ...ADDRESS, country: 'BR' }))],
  ['address missing state', (u) => u.updateAddress(P({ street: 'Rua', city: 'X', zipcode: '1' }))],
  // profile
  ['profile id 0', (u) => u.updateProfile(0, { first_name: 'Ana' })],
  ['profile id NaN', (u) => u.updateProfile(Number.NaN, { first_name: 'Ana' })],
  ['profile id "1"', (u) => u.updateProfile(P('1'), { first_name: 'Ana' })],
  ['profile gender NaN', (u) => u.updateProfile(1, { gender: Number.NaN })],
  ['profile gender Infinity', (u) => u.updateProfile(1, { gender: Number.POSITIVE_INFINITY })],
  ['profile terms "yes"', (u) => u.updateProfile(1, P({ terms: 'yes' }))],
  ['profile birth_date 2000-02-30', (u) => u.updateProfile(1, { birth_date: '2000-02-30' })],
  ['profile birth_date a minor', (u) => u.updateProfile(1, { birth_date: '2020-01-01' })],
  ['profile first_name huge', (u) => u.updateProfile(1, { first_name: HUGE })],
  ['profile + password', (u) => u.updateProfile(1, P({ first_name: 'Ana', password: 'x' }))],
  ['profile + id', (u) => u.updateProfile(1, P({ first_name: 'Ana', id: 2 }))],
  // security
  ['2fa type SMS', (u) => u.toggleTwoFactor(P({ type: 'SMS', enabled: true }))],
  ['2fa enabled 1', (u) => u.toggleTwoFactor(P({ type: 'sms', enabled: 1 }))],
  ['2fa + password_check', (u) => u.toggleTwoFactor(P({ type: 'sms', enabled: false, password_check: 'x' }))],
  ['check password ""', (u) => u.checkPassword({ password: '' })],
  ['check password number', (u) => u.checkPassword(P({ password: 1234 }))],
  [
    'change password mismatch',
    (u) => u.changePassword(1, { old_password: 'a', password: 'b1', password_confirmation: 'b2' }),
  ],
  [
    'change password id -1',
    (u) => u.changePassword(-1, { old_password: 'a', password: 'b', password_confirmation: 'b' }),
  ],
  ['social type ../x', (u) => u.connectSocial('../admin')],
  ['social id Infinity', (u) => u.disconnectSocial(Number.POSITIVE_INFINITY)],
];

describe('review 138: bad input to the user area, nothing sent (held)', () => {
  it.each(CALLS)('%s: invalid_request, nothing sent', async (_, call) => {
    const u = user();
    const before = ctx.server.requests.length;
    expect(await outcome(call(u))).toBe('invalid_request');
    expect(ctx.server.requests.length - before).toBe(0);
  });

  it('a null-prototype payload is a plain one: sent and saved', async () => {
    const payload = Object.assign(Object.create(null) as object, { mkt_accepted: false });
    expect(await outcome(user().updateMarketing(payload as never))).toBe('resolved');
    expect(ctx.server.requests.map((r) => r.path)).toEqual(['/bff/users/self-mkt']);
  });
});
