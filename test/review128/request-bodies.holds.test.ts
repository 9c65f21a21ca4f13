// Review 128: what the operations put in a request body, byte for byte: the login's CPF as
// digits, an e-mail login trimmed, only the payload's keys, UTF-8, and `Content-Type:
// application/json` exactly when a body is sent.
import { describe, expect, it } from 'vitest';
import {
  createAuthModule,
  createOfetchAdapter,
  createRegistrationModule,
  createUserModule,
} from '../../src/index';
import { rejectionOf, useRecorder } from './recorder';

const box = useRecorder(() => ({ status: 422, body: '{"message":"no"}' }));
const http = () =>
  createOfetchAdapter({ baseURL: box.rec.url, getAccessToken: () => 'tok-abcdefghijklmnop', retry: 0 });
const last = () => box.rec.requests.at(-1)!;
const bodyOf = () => last().body.toString('utf8');

describe('the login as sent', () => {
  it('a valid CPF however typed goes as its 11 ASCII digits', async () => {
    const auth = createAuthModule(http());
    for (const typed of [
      '529.982.247-25',
      ' 529 982 247 25 ',
      '529982247-25',
      '５２９.９８２.２４７-２５',
      '٥٢٩٩٨٢٢٤٧٢٥',
    ]) {
      await rejectionOf(auth.login({ login: typed, password: 'pw' }));
      expect([typed, bodyOf()]).toEqual([typed, '{"login":"52998224725","password":"pw"}']);
    }
  });

  it('an e-mail login (and a recovery) goes trimmed, its case kept; the password untouched', async () => {
    const auth = createAuthModule(http());
    await rejectionOf(auth.login({ login: '  Ana@Example.COM \n', password: ' p ' }));
    expect(bodyOf()).toBe('{"login":"Ana@Example.COM","password":" p "}');
    await rejectionOf(auth.forgotPassword({ login: '\tAna@Example.COM ' }));
    expect(bodyOf()).toBe('{"login":"Ana@Example.COM"}');
  });
});

describe('only the payload keys', () => {
  it('undefined-valued keys are left out, nothing added', async () => {
    await rejectionOf(
      createAuthModule(http()).login({
        login: 'a@b.co',
        password: 'pw',
        captcha_token: undefined,
        app_source: undefined,
      }),
    );
    expect(JSON.parse(bodyOf())).toEqual({ login: 'a@b.co', password: 'pw' });
    expect(Object.keys(JSON.parse(bodyOf()))).toEqual(['login', 'password']);
    await rejectionOf(
      createRegistrationModule(http()).registerSimplified({
        email: 'ana@example.com',
        password: 'Abcdef12!',
        country: 'BR',
        nationalities: '["BR"]',
        optIn: true,
        name: undefined,
      }),
    );
    expect(Object.keys(JSON.parse(bodyOf()))).toEqual([
      'email',
      'password',
      'country',
      'nationalities',
      'optIn',
    ]);
  });

  it('an own __proto__ key, or fields on a prototype, are refused, nothing sent', async () => {
    const user = createUserModule(http());
    const withProto = JSON.parse('{"mkt_accepted":true,"__proto__":{"mkt_accepted":false,"x":1}}');
    expect((await rejectionOf(user.updateMarketing(withProto))).code).toBe('invalid_request');
    const inherited = Object.create({ mkt_accepted: true, extra: 1 });
    expect((await rejectionOf(user.updateMarketing(inherited))).code).toBe('invalid_request');
    expect(box.rec.requests).toEqual([]);
  });
});

describe('encoding and Content-Type', () => {
  it('accents and emoji go as UTF-8, the bytes JSON.stringify makes, with Content-Type application/json', async () => {
    const payload = { street: 'Rua São João, 1 🎉', city: 'São Paulo', state: 'SP', zipcode: '01000-000' };
    await rejectionOf(createUserModule(http()).updateAddress(payload));
    expect(last().body.equals(Buffer.from(JSON.stringify(payload), 'utf8'))).toBe(true);
    expect(last().headers['content-type']).toBe('application/json');
    expect(last().headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(payload))));
  });

  it('no body, no Content-Type: GET, DELETE, and a POST without a payload', async () => {
    const user = createUserModule(http());
    const auth = createAuthModule(http());
    await rejectionOf(user.getAddress());
    await rejectionOf(user.disconnectSocial(3));
    await rejectionOf(auth.logout());
    await rejectionOf(user.connectSocial('google'));
    expect(box.rec.requests.map((r) => [r.method, r.headers['content-type'], r.body.length])).toEqual([
      ['GET', undefined, 0],
      ['DELETE', undefined, 0],
      ['POST', undefined, 0],
      ['POST', undefined, 0],
    ]);
  });

  it('the headers sent: Accept application/json and the token, no Cookie of ours', async () => {
    await rejectionOf(createUserModule(http()).getAddress());
    expect(last().headers.accept).toBe('application/json');
    expect(last().headers.authorization).toBe('Bearer tok-abcdefghijklmnop');
    expect(last().headers.cookie).toBeUndefined();
  });
});
