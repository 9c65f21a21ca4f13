// Review 159 (4, 5): two tabs of one login (one channel hub, one localStorage, the play-time flow of
// the preset): a pause set in tab A, its answer held 2 s, bars tab B from the send on (no view of B
// free to bet after A's call leaves); the same with the time limit player, whose play time counts in
// both tabs. Then stop() of both tabs leaves no timer on the world's clock.
import { describe, expect, it } from 'vitest';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { S, type Tab, useWorld } from '../support/world';

const world = useWorld({ tokenTtlSeconds: 24 * 3600 });
useMemoryLocalStorage();

/** Every view of `t` from now on: canBet, status. */
function watch(t: Tab) {
  const seen: { canBet: boolean | undefined; status: string | undefined }[] = [];
  t.client.subscribe((v) => seen.push({ canBet: v.restrictions?.canBet, status: v.restrictions?.status }));
  return seen;
}

async function signInBoth(account: 'plain' | 'timeLimit', deviceClock: boolean): Promise<[Tab, Tab]> {
  const a = world.open({ tabId: 'tab-a', random: 0.3, deviceClock });
  const b = world.open({ tabId: 'tab-b', random: 0.6, deviceClock });
  const { email, password } = world.server.seed[account];
  a.client.login({ login: email, password });
  await world.advance(3 * S);
  expect([a.state(), b.state()]).toEqual(['signedIn', 'signedIn']);
  return [a, b];
}

describe('review 159: a pause set in one tab bars the other at once', () => {
  for (const deviceClock of [false, true]) {
    it(`plain player, ${deviceClock ? 'device clock' : 'app base'}: B never free after A's pause leaves`, async () => {
      const [a, b] = await signInBoth('plain', deviceClock);
      expect(b.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
      world.delayAnswers({ method: 'PATCH', path: '/bff/users/timeout-limits', ms: 2 * S });
      const seen = watch(b);
      const call = a.client.user.setTimeoutLimits({
        user_pause: 7,
        reason: 1,
        password_check: world.server.seed.plain.password,
      } as never);
      await world.settle();
      expect(b.client.view.restrictions?.canBet).toBe(false);
      const out = await world.during(
        call.then(
          () => 'ok',
          (e: unknown) => e,
        ),
      );
      expect(out).toBe('ok'); // the pause was accepted
      await world.advance(20 * S, 250);
      expect(seen.filter((v) => v.canBet === true)).toEqual([]);
      expect(a.client.view.restrictions?.canBet).toBe(false);
      expect(b.client.view.restrictions?.canBet).toBe(false);
      a.client.stop();
      b.client.stop();
      expect(world.timers).toBe(0);
    });
  }

  it('time-limit player: play time counted in both tabs, reached in both, no timer after stop', async () => {
    const [a, b] = await signInBoth('timeLimit', true);
    await world.advance(75 * S, 500);
    for (const t of [a, b]) {
      expect(t.client.view.playTime).toMatchObject({ reached: true });
      expect(t.client.view.restrictions).toMatchObject({ canBet: false, timeLimitReached: true });
    }
    // A closes: B's count is not lowered, B stays barred.
    const used = b.client.view.playTime?.usedMs ?? 0;
    a.client.stop();
    await world.advance(30 * S, 500);
    expect(b.client.view.playTime?.usedMs).toBeGreaterThanOrEqual(used);
    expect(b.client.view.restrictions?.canBet).toBe(false);
    b.client.stop();
    expect(world.timers).toBe(0);
  });
});
