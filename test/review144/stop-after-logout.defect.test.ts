// Review 144: a sign-out followed at once by `client.stop()` (the app's "Sign out" handler that
// navigates away and unmounts the provider owning the client; a hot reload). The local session ends,
// but the revoke of the token it held must still reach the server: `stop()` documents that "a revoke
// already scheduled still goes out", and the refresh and login calls are detached for the same reason
// (a token the server granted must not stay live with no one holding it). Real sockets.
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/** Whether the server still takes `token` (a profile read with it answered 2xx). */
async function live(token: string): Promise<boolean> {
  const r = await fetch(`${ctx.server.url}/auth/user-profile?check_spa_again=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await r.arrayBuffer();
  return r.ok;
}

describe('review 144: logout() then stop()', () => {
  it('the token the player signed out of is revoked at the server even when the client stops at once', async () => {
    // Every logout call the client's fetch made, settled or not.
    const calls: Promise<unknown>[] = [];
    const f: typeof fetch = (input, init) => {
      const p = fetch(input, init);
      if (String(input instanceof Request ? input.url : input).includes('/auth/logout'))
        calls.push(
          p.then(
            () => 'answered',
            (e: unknown) => `failed: ${(e as Error)?.name}`,
          ),
        );
      return p;
    };
    const c = createPamClient({ baseURL: ctx.server.url, fetch: f, environment: { channel: null } });
    clients.push(c);
    const { email, password } = ctx.server.seed.plain;
    c.login({ login: email, password });
    await until(() => c.view.status === 'signedIn', 'signed in');
    const token = (await c.tokens.get())!.accessToken;
    expect(await live(token)).toBe(true);

    c.logout();
    c.stop();
    expect(await c.tokens.get()).toBeNull();
    await until(() => calls.length > 0, 'the logout was sent');
    const outcomes = await Promise.all(calls);
    // The server must have had the logout: the token is dead there.
    expect({ outcomes, live: await live(token) }).toEqual({
      outcomes: expect.arrayContaining(['answered']),
      live: false,
    });
  });
});
