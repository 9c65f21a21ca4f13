// Review 100, holds: contact and security calls of the core user module: bad input is a typed
// `invalid_request` with nothing sent; a password the server echoes in an error is redacted.
import { createOfetchAdapter, createUserModule, secret } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';

const ref = useReferenceServer();
const userModule = () => {
  const token = ref.server.issueToken(ref.server.seed.plain.id);
  const http = createOfetchAdapter({ baseURL: ref.server.url, getAccessToken: () => token, retry: 0 });
  return createUserModule(http);
};
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: { code?: string }) => e.code,
  );

describe('bad input: typed, unsent', () => {
  const cases: [string, (u: ReturnType<typeof userModule>) => Promise<unknown>][] = [
    ['updateEmail: no @', (u) => u.updateEmail({ email: 'not-an-email' })],
    [
      'updateEmail: a typo key',
      (u) => u.updateEmail({ email: 'a@example.com', password_chek: 'x' } as never),
    ],
    [
      'updateEmail: empty password_check',
      (u) => u.updateEmail({ email: 'a@example.com', password_check: '' }),
    ],
    ['addPhone: letters', (u) => u.addPhone({ phone: 'abc', ddi: '55' })],
    ['addPhone: Arabic digits', (u) => u.addPhone({ phone: '٩٩٩٩٩٩٩٩٩', ddi: '55' })],
    ['toggleTwoFactor: unknown type', (u) => u.toggleTwoFactor({ type: 'whatsapp', enabled: true } as never)],
    [
      'toggleTwoFactor: enabled as a string',
      (u) => u.toggleTwoFactor({ type: 'sms', enabled: 'true' } as never),
    ],
    ['getLoginHistory: page 0', (u) => u.getLoginHistory(0)],
    ['getLoginHistory: page 1.5', (u) => u.getLoginHistory(1.5)],
    [
      'changePassword: confirmation differs',
      (u) =>
        u.changePassword(1, { old_password: 'a', password: 'Bbbbbbb1!', password_confirmation: 'Ccccccc1!' }),
    ],
    [
      'changePassword: id 0',
      (u) => u.changePassword(0, { old_password: 'a', password: 'b', password_confirmation: 'b' }),
    ],
  ];
  for (const [name, call] of cases)
    it(name, async () => {
      expect(await codeOf(call(userModule()))).toBe('invalid_request');
      expect(ref.server.requests).toEqual([]);
    });
});

describe('echoed secrets', () => {
  it('checkPassword: a 4xx echoing the password has it redacted everywhere', async () => {
    const PW = 'MyS3cret!pass';
    ref.server.faults.add({
      method: 'POST',
      path: '/bff/users/check-password',
      status: 400,
      body: { message: `no ${PW}`, errors: { password: [PW] } },
    });
    const e = (await userModule()
      .checkPassword({ password: secret(PW) })
      .catch((x: unknown) => x)) as Record<string, unknown>;
    expect(JSON.stringify([e, e.body, e.message, e.fieldErrors, String(e)])).not.toContain(PW);
  });

  it('changePassword: a 422 echoing old and new passwords has both redacted', async () => {
    const [OLD, NEW] = ['Old!Passw0rd', 'New!Passw0rd9'];
    ref.server.faults.add({
      method: 'POST',
      path: /^\/users\/change-password\//,
      status: 422,
      body: { message: `${OLD} -> ${NEW}`, errors: { old_password: [OLD], password: [NEW] } },
    });
    const e = (await userModule()
      .changePassword(ref.server.seed.plain.id, {
        old_password: OLD,
        password: NEW,
        password_confirmation: NEW,
      })
      .catch((x: unknown) => x)) as Record<string, unknown>;
    const seen = JSON.stringify([e, e.body, e.message, e.fieldErrors, String(e)]);
    expect(seen).not.toContain(OLD);
    expect(seen).not.toContain(NEW);
  });
});
