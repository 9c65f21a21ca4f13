// Review 124, probe 5 (held): a 401 during an account write (createPamClient, reference server's
// faults) triggers ONE refresh and at most ONE resend of the write (docs/contract.md:
// `onUnauthorized`, "true = retry the request once"); a refresh refused ends there, nothing resent.
import { describe, expect, it } from 'vitest';
import { usePamClients } from '../support/clients';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const { client, signIn } = usePamClients(ctx);
const count = (method: string, path: string | RegExp) =>
  ctx.server.requests.filter(
    (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
  ).length;

describe('review 124: a 401 during a write (held)', () => {
  it('updateMarketing: a 401 once -> one refresh, one resend, applied', async () => {
    const c = client();
    await signIn(c);
    ctx.server.faults.add({
      method: 'PATCH',
      path: '/bff/users/self-mkt',
      status: 401,
      body: { message: 'Unauthenticated.' },
      times: 1,
    });
    await expect(c.user.updateMarketing({ mkt_accepted: false })).resolves.toBeDefined();
    expect([count('PATCH', '/bff/users/self-mkt'), count('POST', '/users/refresh-token')]).toEqual([2, 1]);
    expect(c.view.status).toBe('signedIn');
  });

  it('changePassword: a 401 every time -> one refresh, two sends, unauthorized, never a third', async () => {
    const c = client();
    await signIn(c);
    const { id, password } = ctx.server.seed.plain;
    ctx.server.faults.add({
      method: 'POST',
      path: /^\/users\/change-password\//,
      status: 401,
      body: { message: 'Unauthenticated.' },
    });
    const error = await c.user
      .changePassword(id, {
        old_password: password,
        password: 'An0ther-pass!',
        password_confirmation: 'An0ther-pass!',
      })
      .catch((e: { code?: string }) => e.code);
    expect(error).toBe('unauthorized');
    expect([count('POST', /^\/users\/change-password\//), count('POST', '/users/refresh-token')]).toEqual([
      2, 1,
    ]);
  });

  it('toggleTwoFactor: a 401 and a refused refresh -> one send, one refresh, nothing resent', async () => {
    const c = client();
    await signIn(c);
    ctx.server.faults.add({
      method: 'PATCH',
      path: '/bff/users/self-two-factor',
      status: 401,
      body: { message: 'Unauthenticated.' },
    });
    ctx.server.faults.add({
      method: 'POST',
      path: '/users/refresh-token',
      status: 401,
      body: { message: 'Unauthenticated.' },
    });
    const error = await c.user
      .toggleTwoFactor({ type: 'sms', enabled: false })
      .catch((e: { code?: string }) => e.code);
    expect(error).toBe('unauthorized');
    expect([count('PATCH', '/bff/users/self-two-factor'), count('POST', '/users/refresh-token')]).toEqual([
      1, 1,
    ]);
  });
});
