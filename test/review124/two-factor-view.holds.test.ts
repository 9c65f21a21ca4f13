// Review 124, probe 9 (held): after the player turns two-factor login OFF (accepted by the
// reference server), `client.view.userInfo.two_factor_enabled` does not go on saying true (a
// settings page would show a protection that is gone): the client re-reads the profile after the
// write, and the view follows.
import { describe, expect, it } from 'vitest';
import { usePamClients } from '../support/clients';
import { turns, until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const { client } = usePamClients(ctx);

describe('review 124: the view after two-factor is turned off (held)', () => {
  it('does not keep showing two-factor enabled once the server accepted turning it off', async () => {
    const c = client();
    const { email, password, twoFactorCode } = ctx.server.seed.twoFactor;
    c.login({ login: email, password });
    await until(() => c.view.status === 'twoFactorRequired', 'the code step');
    c.submitCode(twoFactorCode as string);
    await until(() => c.view.status === 'signedIn', 'signed in');
    expect(c.view.userInfo?.two_factor_enabled).toBe(true);
    await c.user.toggleTwoFactor({ type: 'email', enabled: false });
    // The server took it (its answer 200): a profile read now says false.
    const token = ctx.server.issueToken(ctx.server.seed.twoFactor.id);
    const read = await fetch(`${ctx.server.url}/auth/user-profile?check_spa_again=1`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json() as Promise<{ userInfo: { two_factor_enabled: boolean } }>);
    expect(read.userInfo.two_factor_enabled).toBe(false);
    // Event-loop turns only (no clock): whatever the client does after the write has run.
    await turns(50);
    expect(c.view.userInfo?.two_factor_enabled).not.toBe(true);
    const after = ctx.server.requests.findIndex((r) => r.path === '/bff/users/self-two-factor');
    expect(
      ctx.server.requests
        .slice(after)
        .some((r) => r.path === '/auth/user-profile' && r.headers.authorization !== `Bearer ${token}`),
    ).toBe(true);
  });
});
