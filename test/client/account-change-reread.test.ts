import { describe, expect, it } from 'vitest';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

// after an accepted change of the account (2FA, name, e-mail, phone, ...), `view.user` /
// `view.userInfo` kept the login's values until São Paulo midnight. The profile is read again after
// each one, as after a responsible-gaming change: the view shows the new value with no other action.

const ctx = useReferenceServer({ reportStepMs: 0 });
const { client, signIn } = usePamClients(ctx);

describe('an accepted account change is read back into the view (R-6)', () => {
  it('toggleTwoFactor: view.userInfo.two_factor_enabled turns true', async () => {
    const c = client();
    await signIn(c);
    expect(c.view.userInfo?.two_factor_enabled).toBeFalsy();
    await c.user.toggleTwoFactor({ type: 'sms', enabled: true });
    await until(() => c.view.userInfo?.two_factor_enabled === true, 'the view shows 2FA on');
  });

  it('updateProfile: view.user and view.userInfo show the new first name', async () => {
    const c = client();
    await signIn(c);
    await c.user.updateProfile(ctx.server.seed.plain.id, { first_name: 'Novo' });
    await until(
      () => JSON.stringify([c.view.user, c.view.userInfo]).includes('"Novo"'),
      'the view shows the new name',
    );
  });
});
