// Review 43 (4): a 2xx login answer that grants a token but that the client cannot read (over the
// adapter's 1 MiB cap, declared or not; junk after the JSON) left the token live at the API: the
// call revoked only a token it had parsed. The adapter now hands a grant's call what it read of
// such an answer, and the call revokes the first `access_token` string written in it (one logout
// whatever a hostile answer repeats), in the background; the token is in no error. Over real sockets (the reference server).
import { createAuthModule, createOfetchAdapter, createRegistrationModule, isPamError } from 'pam-client';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { turns, until } from '../support/event-loop';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const revokesOf = (token: string) =>
  server.requests.filter(
    (r) => r.method === 'POST' && r.path === '/auth/logout' && r.headers.authorization?.endsWith(token),
  ).length;
const live = async (token: string) =>
  (
    await fetch(`${server.url}/auth/user-profile?check_spa_again=1`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).status === 200;

const answer = (fields: string) =>
  `{${fields},"expires_in":28800,"token_type":"bearer","user":{"id":1},"userInfo":{}}`;

describe('an unreadable 2xx answer that grants a token: invalid_response, the token revoked', () => {
  it.each([
    [
      'the token last, over the cap',
      (t: string) => `{"pad":"${'x'.repeat(1_100_000)}","access_token":"${t}"}`,
      false,
    ],
    [
      'cut at the cap (no closing brace)',
      (t: string) => `${answer(`"access_token":"${t}"`).slice(0, -1)},"pad":"${'y'.repeat(1_100_000)}`,
      true,
    ],
    ['junk after the JSON', (t: string) => `${answer(`"access_token":"${t}"`)}}`, true],
    ['spaces around the colon, then junk', (t: string) => `${answer(`"access_token" :\n "${t}"`)}junk`, true],
  ])('%s', async (_name, body, revoked) => {
    const token = server.issueToken(server.seed.plain.id);
    server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 200,
      body: body(token),
      contentType: 'application/json',
      times: 1,
    });
    const auth = createAuthModule(createOfetchAdapter({ baseURL: server.url }));
    const error = await auth
      .login({ login: server.seed.plain.email, password: server.seed.plain.password })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isPamError(error) && error.code).toBe('invalid_response');
    expect(JSON.stringify(error)).not.toContain(token);
    expect(String((error as Error).message)).not.toContain(token);
    if (revoked) {
      await until(() => revokesOf(token) === 1, 'the granted token revoked');
      expect(await live(token)).toBe(false);
    } else {
      // Past the cap: the token was never read (a bounded read), so nothing can revoke it.
      expect(revokesOf(token)).toBe(0);
    }
  });

  it('many access_token fields: one revoke (the first), no storm', async () => {
    const tokens = [1, 2, 3, 4, 5, 6].map(() => server.issueToken(server.seed.plain.id));
    const body = `{${tokens.map((t) => `"access_token":"${t}"`).join(',')}}junk`;
    server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 200,
      body,
      contentType: 'application/json',
      times: 1,
    });
    const auth = createAuthModule(createOfetchAdapter({ baseURL: server.url }));
    await expect(
      auth.login({ login: server.seed.plain.email, password: server.seed.plain.password }),
    ).rejects.toMatchObject({
      code: 'invalid_response',
    });
    await until(() => revokesOf(tokens[0]!) === 1, 'the first revoked');
    await turns(50); // any other logout sent with it has arrived by now
    expect(server.requests.filter((r) => r.path === '/auth/logout')).toHaveLength(1);
  });

  it('a registration answered unreadably: its token revoked too', async () => {
    const token = server.issueToken(server.seed.plain.id);
    server.faults.add({
      method: 'POST',
      path: '/auth/register-simplified',
      status: 201,
      body: `${answer(`"access_token":"${token}"`)}xx`,
      contentType: 'application/json',
      times: 1,
    });
    const registration = createRegistrationModule(createOfetchAdapter({ baseURL: server.url }));
    const error = await registration
      .registerSimplified({
        email: 'ana.new@example.com',
        password: 'Secret123!',
        country: 'BR',
        nationalities: '["BR"]',
        optIn: true,
      } as never)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isPamError(error) && error.code).toBe('invalid_response');
    await until(() => revokesOf(token) === 1, 'the registration token revoked');
  });

  it('a non-2xx answer over the cap is no grant: nothing revoked, nothing more read', async () => {
    const token = server.issueToken(server.seed.plain.id);
    server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 500,
      body: `{"access_token":"${token}"}xx`,
      contentType: 'application/json',
      times: 1,
    });
    const auth = createAuthModule(createOfetchAdapter({ baseURL: server.url }));
    await expect(
      auth.login({ login: server.seed.plain.email, password: server.seed.plain.password }),
    ).rejects.toBeTruthy();
    expect(revokesOf(token)).toBe(0);
  });
});
