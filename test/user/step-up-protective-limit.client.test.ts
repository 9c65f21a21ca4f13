// REVIEW29A-3 (MED, responsible gaming): the client's step-up lock (3 wrong passwords) lets a
// pause and a self-exclusion through ("a protective one ... is never refused by the client's
// lock", docs/responsible-gaming.md) but refuses a STRICTER limit that carries a password:
// `step_up_locked`, nothing sent. The spec does not say when `password_check` is required (5.9):
// an API that asks it for every limit change (or an app form that always sends it) leaves a
// player unable to lower their loss limit, the mandatory one, for the lock's 15 minutes, while a
// looser change would be refused anyway. A change proven stricter (`compareLimit`) is protective.
import type { PamError } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { until } from '../support/until-view';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const PASSWORD = 'Secret123!';
const STRICTER_LOSS = {
  user_limit_loss: 10,
  user_limit_loss_active: 1,
  user_limit_loss_period: 'daily',
} as const;

/**
 * A signed-in client whose step-up lock is on: three wrong passwords through checkPassword. The
 * seed's limits are all inactive (nothing is looser than none: deactivating one is `same`), so a
 * loss limit of 100 a day and a deposit limit of 500 a month are set first (stricter, no
 * password), and read back `current`.
 */
async function lockedClient() {
  const client = createPamClient({ baseURL: server.url, environment: { channel: null } });
  client.login({ login: server.seed.plain.email, password: PASSWORD });
  await until(client, (v) => v.restrictions?.status === 'current');
  await client.user.updateLimits({
    user_limit_loss: 100,
    user_limit_loss_period: 'daily',
    user_limit_deposit: 500,
    user_limit_deposit_period: 'monthly',
  });
  await until(
    client,
    (v) =>
      v.restrictions?.status === 'current' &&
      v.restrictions.limits.loss.amount === 100 &&
      v.restrictions.limits.deposit.amount === 500,
  );
  for (const wrong of ['wrong-1', 'wrong-2', 'wrong-3'])
    expect(await client.user.checkPassword({ password: wrong })).toEqual({ success: false });
  // The lock is on: a looser change with a password is refused, nothing sent (as documented).
  await expect(
    client.user.updateLimits({ user_limit_loss_active: 0, password_check: PASSWORD }),
  ).rejects.toMatchObject({ code: 'step_up_locked' });
  return client;
}

const limitCalls = () => server.requests.filter((r) => r.path === '/bff/users/update-limits').length;

describe('REVIEW29A-3: a stricter limit is protective, never refused by the lock', () => {
  test('a stricter loss limit sent with the password goes to the server', async () => {
    const client = await lockedClient();
    try {
      const before = limitCalls();
      const error = await client.user.updateLimits({ ...STRICTER_LOSS, password_check: PASSWORD }).then(
        () => null,
        (e: PamError) => e,
      );
      expect(error?.code).not.toBe('step_up_locked');
      expect(limitCalls()).toBe(before + 1);
    } finally {
      client.stop();
    }
  });

  test('a mixed change (loss stricter, deposit looser) with the password stays refused, nothing sent', async () => {
    const client = await lockedClient();
    try {
      const before = limitCalls();
      await expect(
        client.user.updateLimits({ ...STRICTER_LOSS, user_limit_deposit: 1_000, password_check: PASSWORD }),
      ).rejects.toMatchObject({ code: 'step_up_locked' });
      // So is a shorter period that lets more through: 100 a day after 500 a month (3,100 a month).
      await expect(
        client.user.updateLimits({
          user_limit_deposit: 100,
          user_limit_deposit_period: 'daily',
          password_check: PASSWORD,
        }),
      ).rejects.toMatchObject({ code: 'step_up_locked' });
      expect(limitCalls()).toBe(before);
    } finally {
      client.stop();
    }
  });

  test('a stricter loss limit the server asks the password for gets it (the prompt is asked)', async () => {
    const client = await lockedClient();
    try {
      server.faults.add({
        path: '/bff/users/update-limits',
        status: 422,
        body: {
          message: 'Confirm your password to make this change.',
          code: 'password_check_required',
          errors: { password_check: ['The password check field is required for this change.'] },
        },
        times: 1,
      });
      const before = limitCalls();
      let asked = 0;
      const error = await client.user
        .updateLimits(STRICTER_LOSS, {
          onStepUp: async () => {
            asked++;
            return PASSWORD;
          },
        })
        .then(
          () => null,
          (e: PamError) => e,
        );
      expect(error?.code).not.toBe('step_up_locked');
      expect(asked).toBe(1);
      expect(limitCalls()).toBe(before + 2);
    } finally {
      client.stop();
    }
  });
});
