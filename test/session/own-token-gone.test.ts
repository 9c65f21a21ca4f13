import { createMemoryTokenStore, type PamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { S, type Tab, useWorld } from '../support/world';
import { runFor, signIn } from './revoke-support';

// REVIEW-AN AN-3: token mode, two tabs on ONE store with no channel (or one that loses every
// message). Tab B signs player 1 out and player 2 in; tab A heard nothing and still shows player 1.
// Its next call (a pause, a limit, a read) went out with NO Authorization header (the getter found
// no token of its login: the store's is another login's), was answered 401, then A signed out. A
// call of a signed-in tab whose login has no token of its own any more is refused before it
// leaves, as its 401 would have ended it (changes `aborted`, reads `unauthorized`); the session
// gives its login up the same way; public calls still go. Real sockets against the reference
// server; time simulated.

const world = useWorld();

const CALLS = {
  pause: (t: Tab) => t.client.user.setTimeoutLimits({ user_pause: 1, reason: 1 }),
  limit: (t: Tab) =>
    t.client.user.updateLimits({
      user_limit_deposit: 50,
      user_limit_deposit_period: 'daily',
      user_limit_deposit_active: 1,
    } as never),
  read: (t: Tab) => t.client.user.getAddress(),
} as const;

const PATHS = { pause: /timeout-limits/, limit: /limits/, read: /address/ };

/** Tabs A and B on one store (no channel, or a lossy one): B switched from player 1 to player 2. */
async function switchedUnheard(lossy: boolean): Promise<[Tab, Tab]> {
  const storage = createMemoryTokenStore();
  const a = world.open({ tabId: 'tab-a', storage, channel: lossy, random: 0.3 });
  await signIn(world, a);
  const b = world.open({ tabId: 'tab-b', storage, channel: lossy, random: 0.6 });
  await runFor(world, 2 * S);
  expect([a.client.view.user?.id, b.client.view.user?.id]).toEqual([1, 1]);
  if (lossy) world.hub.hold();
  b.client.logout();
  await runFor(world, 2 * S);
  const { email, password } = world.server.seed.pendingLimit;
  b.client.login({ login: email, password });
  await runFor(world, 3 * S);
  expect(b.client.view.user?.id).toBe(7);
  // A heard nothing: it still shows player 1.
  expect(a.client.view).toMatchObject({ status: 'signedIn', user: { id: 1 } });
  return [a, b];
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: PamError) => e.code,
  );

describe('a tab whose login has no token any more sends nothing (REVIEW-AN AN-3)', () => {
  it.each([
    ['none', 'pause', 'aborted'],
    ['none', 'limit', 'aborted'],
    ['none', 'read', 'unauthorized'],
    ['lossy', 'pause', 'aborted'],
    ['lossy', 'read', 'unauthorized'],
  ] as const)(
    'channel %s, %s: refused unsent (%s), A signs out, B keeps player 2',
    async (ch, call, code) => {
      const [a, b] = await switchedUnheard(ch === 'lossy');
      const mark = world.server.requests.length;
      const out = outcome(CALLS[call](a));
      await runFor(world, 20 * S);
      expect(await out).toBe(code);
      const after = world.server.requests.slice(mark);
      // Nothing of the call left A; nothing went out with no token at all.
      expect(after.filter((r) => PATHS[call].test(r.path))).toEqual([]);
      expect(after.filter((r) => !r.headers.authorization).map((r) => `${r.method} ${r.path}`)).toEqual([]);
      expect(a.client.view.status).toBe('signedOut');
      expect(a.client.view.restrictions?.canBet ?? false).toBe(false);
      expect(b.client.view).toMatchObject({ status: 'signedIn', user: { id: 7 } });
      // Player 2 untouched on the server, B's token still opens the API.
      await expect(b.client.auth.getUserProfile()).resolves.toMatchObject({ user: { id: 7 } });
    },
  );

  it('a public call of the lagging tab still goes (no token needed), before and after', async () => {
    const [a] = await switchedUnheard(false);
    const mark = world.server.requests.length;
    const email = world.server.seed.plain.email;
    await expect(
      outcome(a.client.auth.forgotPassword({ login: email, captcha_token: 'captcha-ok' })),
    ).resolves.not.toBe('unauthorized');
    expect(world.server.requests.slice(mark).map((r) => `${r.method} ${r.path}`)).toContain(
      'POST /auth/forgot-password',
    );
    // Signed out in A, a login goes as ever.
    a.client.logout();
    await runFor(world, 2 * S);
    await signIn(world, a);
    expect(a.client.view).toMatchObject({ status: 'signedIn', user: { id: 1 } });
  });
});
