// Review 144: a pause (`setTimeoutLimits`) sent before a logout whose request reaches the server
// only after the player signed in again (a slow network: held before the wire), and a pause whose
// answer lands after the logout and re-login (the server applied it at once). The view of the new
// login must never show the player free to bet while the server holds the pause, and the old
// login's late answer must not sign anyone in. World: simulated time, real sockets.
import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();
const PAUSE = '/bff/users/timeout-limits';

async function serverPaused(token: string): Promise<boolean> {
  const r = await fetch(`${world.server.url}/auth/user-profile?check_spa_again=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await r.json()) as { userInfo?: { user_pause?: number } };
  return (body.userInfo?.user_pause ?? 0) > 0;
}

async function scenario(opts: { logoutDown: boolean; heldBeforeWire: boolean }) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const f: typeof fetch = async (input, init) => {
    if (opts.heldBeforeWire && String(input instanceof Request ? input.url : input).includes(PAUSE))
      await gate;
    return world.fetch(input, init);
  };
  const tab = world.open({ tabId: 'a', channel: false, fetch: f });
  await logIn(world, tab);
  await world.advance(2 * S);
  if (!opts.heldBeforeWire) world.delayAnswers({ method: 'PATCH', path: PAUSE, ms: 8 * S, times: 1 });
  const { password } = world.server.seed.plain;
  const pause = tab.client.user.setTimeoutLimits({ user_pause: 3, reason: 1, password_check: password }).then(
    () => 'accepted',
    (e: { code?: string }) => `refused ${e.code}`,
  );
  await world.advance(500);
  expect(tab.client.view.restrictions?.canBet).toBe(false);
  if (opts.logoutDown)
    world.server.faults.add({ method: 'POST', path: '/auth/logout', status: 503, body: { message: 'down' } });
  tab.client.logout();
  await world.advance(3 * S);
  expect(tab.client.view.status).toBe('signedOut');
  world.server.faults.clear();
  await logIn(world, tab);
  await world.advance(2 * S);
  release();
  const outcome = await world.during(pause);
  await world.advance(5 * S);
  const token = (await tab.token())!;
  return { tab, outcome, paused: await serverPaused(token) };
}

describe('review 144: a pause across a logout and a new login (held)', () => {
  it('held before the wire, the old token revoked: refused, the new login free to bet, as the server says', async () => {
    const { tab, outcome, paused } = await scenario({ logoutDown: false, heldBeforeWire: true });
    expect({ outcome, paused }).toEqual({ outcome: 'refused unauthorized', paused: false });
    expect(tab.client.view.status).toBe('signedIn');
  });

  it('held before the wire, the logout not answered (old token live): applied, the new login barred', async () => {
    const { tab, outcome, paused } = await scenario({ logoutDown: true, heldBeforeWire: true });
    expect({ outcome, paused }).toEqual({ outcome: 'accepted', paused: true });
    expect(tab.client.view.restrictions).toMatchObject({ canBet: false });
    expect(tab.client.view.restrictions?.inForce.map((x) => x.kind)).toContain('pause');
  });

  it('applied at once, its answer late: the new login barred, the late answer signs no one in', async () => {
    const { tab, outcome, paused } = await scenario({ logoutDown: false, heldBeforeWire: false });
    expect({ outcome, paused }).toEqual({ outcome: 'accepted', paused: true });
    expect(tab.client.view.restrictions).toMatchObject({ canBet: false });
    expect(tab.events.filter((e) => e === 'signedIn')).toHaveLength(2);
  });
});
