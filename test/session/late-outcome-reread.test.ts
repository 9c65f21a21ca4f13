import { describe, expect, it } from 'vitest';
import { logIn, S, type Tab, useWorld } from '../support/world';

// Review E (rg-late-outcome-read, rg-late-outcome-pause), on real sockets: a change answers 503, so
// the client re-reads the profile in the background; that re-read's answer is slow and lands AFTER
// a newer read of the flow's own. It was stamped when it arrived, so it looked newer and replaced
// the newer read: the SPA exclusion, or the pause the player had just set, was lifted (canBet true
// for a barred player). A reading is ordered by when its request was sent: an answer to a request
// sent before the reading held never lifts what that reading shows.

const world = useWorld();
const PROFILE = '/auth/user-profile';
const LIMITS = '/bff/users/update-limits';

/** Signed in, free to bet; the next change of limits answers 503 and the re-read it starts is held 10 s. */
async function withLateReRead(): Promise<Tab> {
  const tab = world.open({ tabId: 'tab-a', channel: false });
  await logIn(world, tab);
  await world.advance(2 * S);
  expect(tab.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  const reads = world.count('GET', PROFILE);
  world.server.faults.add({
    method: 'PATCH',
    path: LIMITS,
    status: 503,
    body: { message: 'down' },
    times: 1,
  });
  world.delayAnswers({ method: 'GET', path: PROFILE, ms: 10 * S, times: 1 });
  const limit = {
    user_limit_deposit: 100,
    user_limit_deposit_period: 'monthly',
    user_limit_deposit_active: 1,
  };
  const failed = await tab.client.user.updateLimits(limit as never).catch((e: { status?: number }) => e);
  expect(failed).toMatchObject({ status: 503 });
  await world.settle();
  // The outcome re-read reached the server (it read the account free) and its answer is held; the
  // profile flow reads too (a limit change that may have applied is kept and read: U-6).
  expect(world.count('GET', PROFILE)).toBe(reads + 2);
  await world.advance(1 * S);
  return tab;
}

describe('a late outcome re-read (review E)', () => {
  it('does not lift an SPA exclusion a newer read of its own showed', async () => {
    const tab = await withLateReRead();
    world.server.setSpaBarred(world.server.seed.plain.cpf);
    const limit = {
      user_limit_deposit: 50,
      user_limit_deposit_period: 'monthly',
      user_limit_deposit_active: 1,
    };
    await world.during(tab.client.user.updateLimits(limit as never));
    await world.advance(1 * S);
    const barred = tab.client.view.restrictions!;
    expect(barred).toMatchObject({ status: 'current', canBet: false });
    expect(barred.inForce.map((x) => x.kind)).toContain('spaExclusion');
    await world.advance(12 * S); // the held re-read lands
    const after = tab.client.view.restrictions!;
    expect(after.canBet).toBe(false);
    expect(after.inForce.map((x) => x.kind)).toContain('spaExclusion');
  });

  it('does not lift the pause the player just set, shown by a newer read of its own', async () => {
    const tab = await withLateReRead();
    const { password } = world.server.seed.plain;
    await world.during(
      tab.client.user.setTimeoutLimits({ user_pause: 7, reason: 1, password_check: password }),
    );
    await world.advance(2 * S);
    const paused = tab.client.view.restrictions!;
    expect(paused).toMatchObject({ status: 'current', canBet: false });
    expect(paused.inForce.map((x) => x.kind)).toContain('pause');
    await world.advance(12 * S); // the held re-read lands
    const after = tab.client.view.restrictions!;
    expect(after.canBet).toBe(false);
    expect(after.inForce.map((x) => x.kind)).toContain('pause');
  });
});
