// REVIEW30B-1 (MED, fail open): server-session mode, a limit of 0 sent through `client.http` as an
// amount only (`{ user_limit_bet: 0 }`) over an active bet limit: the server keeps `_active` (fields
// not sent keep their value, src/testing/limits-routes.ts) and applies the stricter 0 on receipt, but
// the client does not bar betting while the change is in flight: `zeroLimitsOf` counts a limit of 0
// only when its `_active` flag is in the body sent (machines/client/restriction-changes.ts:72), and
// `limitsSent` (restriction-writes.ts) passes the body as the app wrote it (no reader adds `_active`).
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ServerSessionClientBase } from '../../machines/index';
import { heldPlayerTab } from '../server-session/held-player';
import { runningClock, usePam } from '../server-session/support';
import { until } from '../support/event-loop';

const clock = runningClock();
const pam = usePam(clock);
const { ref } = pam;
const clients: ServerSessionClientBase[] = [];
beforeEach(() => ref.server.reset());
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

it('an amount of 0 alone over an active bet limit: barred from the send', async () => {
  const { client, patches } = await heldPlayerTab(pam, clients);
  // An active bet limit of 100 a day (stricter than none: applied at once), read back.
  await client.http.patch('/bff/users/update-limits', {
    user_limit_bet: 100,
    user_limit_bet_active: 1,
    user_limit_bet_period: 'daily',
  });
  await until(
    () =>
      client.view.restrictions?.limits.bet.active === true &&
      client.view.restrictions.limits.bet.amount === 100,
    'bet limit 100 active read',
  );
  expect(client.view.restrictions?.canBet).toBe(true);
  patches.hold(true);
  const call = client.http.patch('/bff/users/update-limits', { user_limit_bet: 0 }).catch((e: unknown) => e);
  await patches.heldCount(1);
  // The server applies it on receipt (stricter): no bet fits. The client must not show the player free.
  expect(client.view.restrictions?.canBet).toBe(false);
  patches.held[0]!.release();
  await call;
  await until(() => client.view.restrictions?.canBet === false, 'read barred');
});
