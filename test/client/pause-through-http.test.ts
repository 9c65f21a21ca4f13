// REVIEW29A-10 (HIGH, fail open): a pause (or self-exclusion) the server accepted through the
// client's own adapter, `client.http` (the standalone `setTimeoutLimits(client.http, payload)` that
// API.md offers "so an app pays only for what it imports", or `createUserModule(client.http)`), is
// not seen by the session: no bar, no re-read; the view stays `current` with `canBet: true` until
// the next scheduled read (the São Paulo midnight, a wake). Only `client.user` bars at once.
import { setSelfExclusion, setTimeoutLimits } from 'pam-client';
import { createCustomPamClient, createPamClient, profile } from 'pam-client/machines';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { until } from '../support/until-view';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const password_check = 'Secret123!';

describe('REVIEW29A-10: a restriction set through client.http', () => {
  test('the operator preset: a pause accepted through the standalone call bars betting', async () => {
    const client = createPamClient({ baseURL: server.url, environment: { channel: null } });
    try {
      client.login({ login: server.seed.plain.email, password: server.seed.plain.password });
      await until(client, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
      await setTimeoutLimits(client.http, { user_pause: 3, reason: 1, password_check });
      expect(server.requests.some((r) => r.path === '/bff/users/timeout-limits')).toBe(true);
      expect(client.view.restrictions?.canBet).toBe(false);
    } finally {
      client.stop();
    }
  });

  test('a custom client with the profile flow and no user module: a self-exclusion bars betting', async () => {
    const client = createCustomPamClient({
      baseURL: server.url,
      environment: { channel: null },
      flows: [profile()],
    });
    try {
      client.login({ login: server.seed.plain.email, password: server.seed.plain.password });
      await until(client, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
      await setSelfExclusion(client.http, { user_exclusion: 3, reason: 1, password_check });
      expect(client.view.restrictions?.canBet).toBe(false);
    } finally {
      client.stop();
    }
  });
});
