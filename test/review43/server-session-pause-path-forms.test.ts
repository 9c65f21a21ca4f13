// Review 43, the server-session client: the same restriction watch (`watchRestrictionWrites`,
// machines/client/restriction-writes.ts, `routeOf`) follows a pause sent through `client.http`
// only when its path is spelled as the row's. Without its leading slash the adapter still sends it
// to the proxy's pause route and the API applies it, but the tab stays free to bet.
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSessionClientBase } from '../../machines/index';
import { twoPlayerTabs } from '../server-session/http-restriction-writes.support';
import { runningClock, usePam } from '../server-session/support';
import { turns } from '../support/event-loop';

const clock = runningClock();
const pam = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

describe('review43: server-session, a pause through client.http with its path spelled otherwise', () => {
  it('bff/users/timeout-limits (no leading slash): accepted by the API, betting barred', async () => {
    const t = await twoPlayerTabs(pam, clients, false);
    expect(t.a.view.restrictions?.canBet).toBe(true);
    await t.a.http.patch('bff/users/timeout-limits', {
      user_pause: 7,
      reason: 1,
      password_check: pam.ref.server.seed.plain.password,
    });
    await turns(20);
    // The API received it on the pause route and applied it.
    expect(
      pam.ref.server.requests.some((r) => r.method === 'PATCH' && r.path === '/bff/users/timeout-limits'),
    ).toBe(true);
    expect(t.a.view.restrictions?.canBet).toBe(false);
  });
});
