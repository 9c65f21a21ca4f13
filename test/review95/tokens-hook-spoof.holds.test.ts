// Review 95, probe that holds: `Operation.tokens`, the hook that keeps the credential keys of a 2xx
// answer, is a registry symbol (`Symbol.for('pam-client.tokens')`, src/operation/operation.ts
// `send`): any code holding `client.http` can pass it and get the live token the adapter scrubs
// from that answer without it. It hands over nothing new: `client.tokens.get()` answers the same
// token (createPamClient exposes its store). Noted, not a defect while the store is public.
import type { HttpAdapter } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startReferenceServer } from '../../src/testing/index';
import { until } from '../support/until-view';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const PROFILE = '/auth/user-profile?check_spa_again=1';

async function signedIn() {
  const client = createPamClient({ baseURL: server.url, environment: { channel: null } });
  client.login({ login: server.seed.plain.email, password: server.seed.plain.password });
  await until(client, (v) => v.status === 'signedIn');
  return client;
}

/** The token the last request carried (the server's log). */
const lastToken = () => server.requests.at(-1)?.headers?.authorization?.replace(/^Bearer /, '') ?? '';

describe("client.http's answers and the session's token", () => {
  test('control: the profile read through client.http has user.token scrubbed', async () => {
    const client = await signedIn();
    try {
      const answer = await (client.http as HttpAdapter).get(PROFILE);
      const token = lastToken();
      expect(token.length).toBeGreaterThan(15);
      expect(JSON.stringify(answer)).not.toContain(token);
    } finally {
      client.stop();
    }
  });

  test("with the adapter's registry symbol as an option: only the token client.tokens already gives", async () => {
    const client = await signedIn();
    try {
      const options = { [Symbol.for('pam-client.tokens')]: true };
      const answer = await (client.http as HttpAdapter).get(PROFILE, options);
      const token = lastToken();
      const stored = await client.tokens.get();
      expect(token.length).toBeGreaterThan(15);
      if (JSON.stringify(answer).includes(token)) expect(stored?.accessToken).toBe(token);
    } finally {
      client.stop();
    }
  });
});
