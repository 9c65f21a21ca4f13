import { describe, expect, it } from 'vitest';
import { isPamError, secret, type UserModule } from '../../src/index';
import { everythingAbout } from '../support/canary';
import { refusedPaths } from '../support/refused';
import { signedIn, useReferenceServer } from '../support/server';

// Review 157 (A): contracts, marketing consent, contact data and security settings. Bad input is
// a RequestValidationError with nothing sent; the write-envelope forms already read hold; a
// password sent with a contact change never reaches the error, whatever the server echoes.

const ctx = useReferenceServer();
// biome-ignore lint/suspicious/noExplicitAny: the point is to pass what the types forbid
type Loose = any;
const PW = 'canary-PASSWORD-7f3a9';

const refused: [string, (u: UserModule) => Promise<unknown>, string][] = [
  ['contract type in capitals', (u) => u.updateContracts('LGPD' as Loose), 'type'],
  ['contract type with a trailing space', (u) => u.updateContracts('lgpd ' as Loose), 'type'],
  ['contract type as an object', (u) => u.updateContracts({ type: 'lgpd' } as Loose), 'type'],
  ['contract type as a String object', (u) => u.updateContracts(new String('lgpd') as Loose), 'type'],
  ['contract type missing', (u) => u.updateContracts(undefined as Loose), 'type'],
  ['marketing "true" as text', (u) => u.updateMarketing({ mkt_accepted: 'true' as Loose }), 'mkt_accepted'],
  ['marketing 1', (u) => u.updateMarketing({ mkt_accepted: 1 as Loose }), 'mkt_accepted'],
  ['marketing null', (u) => u.updateMarketing({ mkt_accepted: null as Loose }), 'mkt_accepted'],
  ['marketing missing', (u) => u.updateMarketing({} as Loose), 'mkt_accepted'],
  [
    'marketing with another key',
    (u) => u.updateMarketing({ mkt_accepted: false, user_id: 9 } as Loose),
    'user_id',
  ],
  [
    'marketing as a Boolean object',
    (u) => u.updateMarketing({ mkt_accepted: new Boolean(true) as Loose }),
    'mkt_accepted',
  ],
  ['two-factor by whatsapp', (u) => u.toggleTwoFactor({ type: 'whatsapp' as Loose, enabled: true }), 'type'],
  [
    'two-factor enabled "false"',
    (u) => u.toggleTwoFactor({ type: 'sms', enabled: 'false' as Loose }),
    'enabled',
  ],
  [
    'two-factor with a password_check',
    (u) => u.toggleTwoFactor({ type: 'sms', enabled: false, password_check: PW } as Loose),
    'password_check',
  ],
  [
    'e-mail with a header injected',
    (u) => u.updateEmail({ email: 'a@b.com\r\nbcc:c@d.com', password_check: PW }),
    'email',
  ],
  ['e-mail with kyc_id as text', (u) => u.updateEmail({ email: 'a@b.com', kyc_id: '7' as Loose }), 'kyc_id'],
  [
    'e-mail with an empty password_check',
    (u) => u.updateEmail({ email: 'a@b.com', password_check: '' }),
    'password_check',
  ],
  ['phone of letters', (u) => u.addPhone({ phone: 'abc', ddi: '55', password_check: PW }), 'phone'],
  ['phone as a number', (u) => u.addPhone({ phone: 11999990000 as Loose, ddi: '55' }), 'phone'],
  [
    'address without a city',
    (u) => u.updateAddress({ street: 'Rua A', state: 'SP', zipcode: '1' } as Loose),
    'city',
  ],
  [
    'password confirmation that differs',
    (u) =>
      u.changePassword(1, { old_password: PW, password: 'Newer456!', password_confirmation: 'Newer456?' }),
    'password_confirmation',
  ],
  [
    'password check with another key',
    (u) => u.checkPassword({ password: PW, user_id: 2 } as Loose),
    'user_id',
  ],
];

describe('bad input: a typed error, nothing sent, no password in it', () => {
  for (const [name, run, path] of refused)
    it(name, async () => {
      const { user } = signedIn(ctx.server);
      const call = run(user);
      expect(await refusedPaths(call, ctx.server)).toContain(path);
      expect(everythingAbout(await call.catch((e: unknown) => e))).not.toContain(PW);
    });
});

describe('failure envelopes already read (regression guards)', () => {
  const forms: [string, unknown][] = [
    ['success false', { success: false }],
    ['data.success false', { data: { success: false } }],
    ['data false', { data: false }],
    ['an error text', { error: 'Contract not saved' }],
    ['JSend fail', { status: 'fail', data: { type: 'invalid' } }],
    ['a body of false', false],
  ];
  for (const [name, body] of forms)
    it(`updateContracts answered 200 with ${name}: invalid_response`, async () => {
      const { user } = signedIn(ctx.server);
      ctx.server.faults.add({
        method: 'PATCH',
        path: '/bff/users/self-contracts',
        status: 200,
        body: body as never,
        times: 1,
      });
      const code = await user.updateContracts('lgpd').then(
        () => 'resolved',
        (e: unknown) => (isPamError(e) ? e.code : 'foreign'),
      );
      expect(code).toBe('invalid_response');
    });
});

describe('a contact change whose answer echoes the password', () => {
  const echoes: [string, number, unknown][] = [
    ['422 message and errors', 422, { message: `wrong password ${PW}`, errors: { password_check: [PW] } }],
    ['422 password_check_invalid', 422, { code: 'password_check_invalid', message: `${PW} is wrong` }],
    ['500 HTML', 500, `<pre>password_check=${PW}</pre>`],
    ['200 saying it failed', 200, { success: false, password_check: PW }],
    ['422 URI-encoded', 422, { message: encodeURIComponent(`x ${PW}&`) }],
    ['422 base64', 422, { message: Buffer.from(PW).toString('base64') }],
  ];
  for (const [name, status, body] of echoes)
    for (const boxed of [false, true])
      it(`${name}${boxed ? ' (a Secret)' : ''}: the error never shows it`, async () => {
        const { user } = signedIn(ctx.server);
        ctx.server.faults.add({
          method: 'PATCH',
          path: '/bff/users/add-phone',
          status,
          body: body as never,
          times: 1,
        });
        const error = await user
          .addPhone({ phone: '11999990000', ddi: '55', password_check: boxed ? secret(PW) : PW })
          .then(
            () => null,
            (e: unknown) => e,
          );
        expect(isPamError(error)).toBe(true);
        expect(everythingAbout(error)).not.toContain(PW);
      });

  it('a 200 echoing the password: the value resolved does not show it', async () => {
    const { user } = signedIn(ctx.server);
    ctx.server.faults.add({
      method: 'PATCH',
      path: '/bff/users/self-email',
      status: 200,
      body: { success: true, data: { email: 'a@b.com', password_check: PW } },
      times: 1,
    });
    const value = await user.updateEmail({ email: 'a@b.com', password_check: PW });
    expect(everythingAbout(value)).not.toContain(PW);
  });
});
