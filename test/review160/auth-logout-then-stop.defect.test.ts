// Review 160 (3): `client.auth`'s calls are refused as they leave once stopped (stoppedAtSend,
// review 152's last window). A logout the app asked BEFORE stop() (the natural teardown: revoke the
// token, then stop the client) is now never sent: the token it revokes stays valid on the server.
// A revoke asked is the one call that must still go after a stop (as the session's own do).
import { describe, expect, it } from 'vitest';
import { createPamClient } from '../../machines/index';
import { createAuthModule, createOfetchAdapter } from '../../src/index';
import { turns, until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

describe('client.auth.logout asked, then client.stop() in the same turn', () => {
  it('the logout still reaches the server and the token is revoked', async () => {
    const { email, password } = ctx.server.seed.plain;
    // A token the app holds of its own (client.auth is the raw auth module).
    const own = createAuthModule(createOfetchAdapter({ baseURL: ctx.server.url }));
    const { access_token } = (await own.login({ login: email, password })) as { access_token: string };
    const c = createPamClient({ baseURL: ctx.server.url, environment: { channel: null } });
    await until(() => c.view.status === 'signedOut', 'restored');
    const settled = c.auth.logout({ accessToken: access_token }).then(
      () => 'resolved',
      (e: { code?: string }) => e.code,
    );
    c.stop();
    await settled;
    // (Event-loop turns, no clock: a logout sent reaches the server within them.)
    await turns(300);
    const logouts = ctx.server.requests.filter((r) => r.method === 'POST' && r.path === '/auth/logout');
    expect(logouts).toHaveLength(1);
    // The token is no longer accepted.
    const check = await fetch(`${ctx.server.url}/auth/user-profile?check_spa_again=1`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(check.status).toBe(401);
  });
});
