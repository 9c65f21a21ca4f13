// Review 149, holds: bad input on the account flows (registration, recovery, document check,
// e-mail/phone/address updates, change password) is a typed `invalid_request` naming the field, and
// nothing is sent. Real sockets against the reference server.
import { createAuthModule, createOfetchAdapter, createUserModule } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';

const ref = useReferenceServer();
const PW = 'Str0ng!Passw0rd';
const form = (extra: Record<string, unknown>) => ({
  email: 'in@example.com',
  password: PW,
  country: 'BR',
  nationalities: '["BR"]',
  optIn: true,
  ...extra,
});
const refused = async (call: () => Promise<unknown>, field: string) => {
  const error = (await call().then(
    () => null,
    (e: unknown) => e,
  )) as { code?: string; issues?: { path: unknown[] }[] } | null;
  expect(ref.server.requests).toHaveLength(0);
  expect(error?.code).toBe('invalid_request');
  expect(error?.issues?.map((i) => i.path[0])).toContain(field);
  expect(JSON.stringify(error)).not.toContain(PW);
};

const http = () => createOfetchAdapter({ baseURL: ref.server.url, retry: 0 });

describe('registerSimplified: refused before sending', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['Cyrillic homoglyph e-mail', { email: 'pаypal@example.com' }, 'email'],
    ['IDN e-mail', { email: 'ana@exämple.com' }, 'email'],
    ['e-mail with a zero-width space', { email: 'ana\u200b@example.com' }, 'email'],
    ['e-mail of 300 characters', { email: `${'a'.repeat(64)}@${'b'.repeat(230)}.com` }, 'email'],
    ['all-same CPF', { number: '111.111.111-11' }, 'number'],
    ['CPF with wrong check digits, bare', { number: '52998224726' }, 'number'],
    ['full-width CPF with wrong check digits', { number: '５２９９８２２４７２６' }, 'number'],
    ['Arabic-Indic CPF with wrong check digits', { number: '٥٢٩٩٨٢٢٤٧٢٦' }, 'number'],
    ['CPF of 10 000 digits', { number: '5'.repeat(10_000) }, 'number'],
    ['full-width phone', { phone: '１１９９９９９９９９９' }, 'phone'],
    ['Arabic-Indic DDI', { ddi: '٥٥' }, 'ddi'],
    ['DDI "++55"', { ddi: '++55' }, 'ddi'],
    ['phone with letters', { phone: '11 9999-ABCD' }, 'phone'],
    ['name with a bidi override', { name: 'Ana\u202emoc.live' }, 'name'],
    ['name of 300 characters', { name: 'a'.repeat(300) }, 'name'],
    ['birth date in the future', { birth_date: '2099-01-01' }, 'birth_date'],
    ['29 February of a common year', { birth_date: '2001-02-29' }, 'birth_date'],
    ['birth date before 1900', { birth_date: '1899-12-31' }, 'birth_date'],
    ['birth date with a time', { birth_date: '1990-01-01T00:00:00Z' }, 'birth_date'],
    ['password_confirmation (not a field)', { password_confirmation: PW }, 'password_confirmation'],
  ];
  for (const [name, extra, field] of cases)
    it(name, () => refused(() => createAuthModule(http()).registerSimplified(form(extra) as never), field));
});

describe('recovery and document check: refused before sending', () => {
  it('forgotPassword: a login with CR LF', () =>
    refused(() => createAuthModule(http()).forgotPassword({ login: 'a@example.com\r\nBcc: x' }), 'login'));
  it('forgotPassword: an empty captcha token', () =>
    refused(
      () => createAuthModule(http()).forgotPassword({ login: 'a@example.com', captcha_token: '' }),
      'captcha_token',
    ));
  it('validateDocument: letters in the number', () =>
    refused(() => createAuthModule(http()).validateDocument({ number: '529.982.247-2X' }), 'number'));
  it('validateDocument: 21 digits', () =>
    refused(() => createAuthModule(http()).validateDocument({ number: '1'.repeat(21) }), 'number'));
});

describe('user module: contact and password payloads refused before sending', () => {
  const user = () => createUserModule(http());
  it('updateEmail: homoglyph', () =>
    refused(() => user().updateEmail({ email: 'pаypal@example.com' }), 'email'));
  it('addPhone: full-width digits', () =>
    refused(() => user().addPhone({ phone: '１１９９９', ddi: '55' }), 'phone'));
  it('addPhone: empty DDI', () => refused(() => user().addPhone({ phone: '11999999999', ddi: '' }), 'ddi'));
  it('updateAddress: a NUL in the street', () =>
    refused(
      () => user().updateAddress({ street: 'Rua A\u0000', city: 'SP', state: 'SP', zipcode: '01000-000' }),
      'street',
    ));
  it('updateAddress: a street of 300 characters', () =>
    refused(
      () => user().updateAddress({ street: 'R'.repeat(300), city: 'SP', state: 'SP', zipcode: '01000' }),
      'street',
    ));
  it('changePassword: the confirmation differs', () =>
    refused(
      () =>
        user().changePassword(1, {
          old_password: 'Secret123!',
          password: PW,
          password_confirmation: `${PW}x`,
        }),
      'password_confirmation',
    ));
  it('changePassword: a full-width look-alike confirmation differs (never normalized)', () =>
    refused(
      () =>
        user().changePassword(1, {
          old_password: 'Secret123!',
          password: 'Ａbc１２３!xyz',
          password_confirmation: 'Abc123!xyz',
        }),
      'password_confirmation',
    ));
  it('changePassword: an empty old password', () =>
    refused(
      () => user().changePassword(1, { old_password: '', password: PW, password_confirmation: PW }),
      'old_password',
    ));
});
