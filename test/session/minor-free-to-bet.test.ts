// REVIEW29A-9 (HIGH, fail open): a profile whose `user.birth_date` says the player is under 18
// (Lei 14.790/2023 art. 26: minors may not bet; API.md: "Under 18 (birth_date, in
// America/Sao_Paulo) is refused") is shown `current` with `canBet: true`. The client applies its
// age rule to registration and profile updates only; the view never reads the birth date it holds.
import { createPamClient } from 'pam-client/machines';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { until } from '../support/until-view';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.close());

/** The plain player's profile answer as the reference server writes it. */
async function plainProfile(): Promise<{ user: Record<string, unknown>; userInfo: unknown }> {
  const { email, password } = server.seed.plain;
  const login = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: email, password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const profile = await fetch(`${server.url}/auth/user-profile?check_spa_again=1`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  return (await profile.json()) as { user: Record<string, unknown>; userInfo: unknown };
}

describe('REVIEW29A-9: a player the profile shows under 18', () => {
  for (const birthDate of ['2015-01-01', '2012-06-30'])
    test(`born ${birthDate} is not shown free to bet`, async () => {
      server.reset();
      const profile = await plainProfile();
      server.faults.add({
        method: 'GET',
        path: '/auth/user-profile',
        status: 200,
        body: { ...profile, user: { ...profile.user, birth_date: birthDate } },
      });
      const client = createPamClient({ baseURL: server.url, environment: { channel: null } });
      try {
        client.login({ login: server.seed.plain.email, password: server.seed.plain.password });
        const view = await until(
          client,
          (v) => v.status === 'signedIn' && v.restrictions?.status !== 'unknown',
        );
        expect(view.user?.birth_date).toBe(birthDate);
        expect(view.restrictions?.canBet).toBe(false);
      } finally {
        client.stop();
      }
    });
});
