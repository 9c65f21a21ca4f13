// REVIEW29B: the step-up lock's "protective" judgement (src/user/protective.ts, REVIEW29A-3) reads
// the session's `view.restrictions.limits` while `current`; a limit change the server has just
// accepted is not in them until the re-read lands. A player (or whoever holds the device) locked
// out after 3 wrong passwords lowers a loss limit (100 -> 10 a day, accepted), then at once sends
// 50 a day with a password: judged against the stale 100 it is "stricter", so the lock lets the
// password through, while on the server (10 in force) it is a LOOSER change, the one the lock is
// there to refuse (docs/responsible-gaming.md: "a looser or mixed change ... is refused").
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
const limitCalls = () => server.requests.filter((r) => r.path === '/bff/users/update-limits').length;

describe('REVIEW29B: a looser limit change judged against a stale view passes the step-up lock', () => {
  test('after 100 -> 10 a day is accepted, 50 a day with a password is refused while locked', async () => {
    const client = createPamClient({ baseURL: server.url, environment: { channel: null } });
    try {
      client.login({ login: server.seed.plain.email, password: PASSWORD });
      await until(client, (v) => v.restrictions?.status === 'current');
      await client.user.updateLimits({ user_limit_loss: 100, user_limit_loss_period: 'daily' });
      await until(
        client,
        (v) => v.restrictions?.status === 'current' && v.restrictions.limits.loss.amount === 100,
      );
      for (const wrong of ['wrong-1', 'wrong-2', 'wrong-3'])
        expect(await client.user.checkPassword({ password: wrong })).toEqual({ success: false });
      // Stricter: no password needed, accepted by the server (10 a day in force there).
      await client.user.updateLimits({ user_limit_loss: 10, user_limit_loss_period: 'daily' });
      const before = limitCalls();
      // 50 a day after 10 a day: looser on the server; the lock must refuse it, nothing sent.
      const error = await client.user
        .updateLimits({ user_limit_loss: 50, user_limit_loss_period: 'daily', password_check: 'guess-4' })
        .then(
          () => null,
          (e: PamError) => e,
        );
      expect(error?.code).toBe('step_up_locked');
      expect(limitCalls()).toBe(before);
    } finally {
      client.stop();
    }
  });
});
