import { describe, expect, it } from 'vitest';
import { loginAnswer } from '../support/login-answer';
import { useWorld } from '../support/world';
import { live, logoutsOf, recordingTab, UNSIGNED } from './unsigned-login-support';

// REVIEW-O O-19: a login (or two-factor) answer carrying an access token the client does not sign
// in with (a challenge, a cancelled account, by its type or by its user's flag) was dropped, never
// revoked: the token stayed live at the API. pam-client/server revokes it (the
// logout route); the browser client now does too, once, without the token reaching any surface,
// and shows what it showed before.

const world = useWorld();

/** What each kind shows: the view's status and its error's code. */
const SHOWN = {
  challenge: ['twoFactorRequired', undefined],
  cancelled: ['cancelledAccount', undefined],
  cancelledUser: ['cancelledAccount', undefined],
} as const;

describe('a login answer carrying a token the client does not sign in with revokes it (O-19)', () => {
  it.each(Object.keys(UNSIGNED) as (keyof typeof UNSIGNED)[])('%s', async (kind) => {
    const token = world.server.issueToken(world.server.seed.plain.id);
    world.server.faults.add({ path: '/auth/login', status: 200, body: UNSIGNED[kind](token), times: 1 });
    const { tab, surfaces } = recordingTab(world);
    const { email, password } = world.server.seed.plain;
    tab.client.login({ login: email, password });
    await world.advance(5_000, 100);
    expect([tab.client.view.status, tab.client.view.error?.code]).toEqual(SHOWN[kind]);
    expect(await tab.token()).toBeNull();
    expect(logoutsOf(world, token)).toBe(1);
    expect(await live(world, token)).toBe(false);
    expect(surfaces().filter((s) => s.includes(token))).toEqual([]);
  });

  it("the two-factor step's answer: a code asked again, or a cancelled account, with a token", async () => {
    const { email, password } = world.server.seed.plain;
    for (const kind of ['challenge', 'cancelled'] as const) {
      const token = world.server.issueToken(world.server.seed.plain.id);
      const ask = { type: 'two_factor_code', message: 'code' };
      world.server.faults.add({ path: '/auth/login', status: 200, body: ask, times: 1 });
      const { tab, surfaces } = recordingTab(world);
      tab.client.login({ login: email, password });
      await world.advance(1_000, 100);
      expect(tab.client.view.status).toBe('twoFactorRequired');
      world.server.faults.add({ path: '/auth/login', status: 200, body: UNSIGNED[kind](token), times: 1 });
      tab.client.submitCode('123456');
      await world.advance(5_000, 100);
      expect(tab.client.view.status).toBe(SHOWN[kind][0]);
      expect(logoutsOf(world, token)).toBe(1);
      expect(await live(world, token)).toBe(false);
      expect(surfaces().filter((s) => s.includes(token))).toEqual([]);
    }
  });

  it('a completed login with no time to stamp it (a clock giving NaN) fails, its token revoked', async () => {
    const token = world.server.issueToken(world.server.seed.plain.id);
    const body = loginAnswer(world.server, { accessToken: token });
    world.server.faults.add({ path: '/auth/login', status: 200, body, times: 1 });
    const { tab, surfaces } = recordingTab(world, { environment: { now: () => Number.NaN } });
    const { email, password } = world.server.seed.plain;
    tab.client.login({ login: email, password });
    await world.advance(2_000, 100);
    expect(tab.client.view.status).toBe('failed');
    expect(await tab.token()).toBeNull();
    expect(logoutsOf(world, token)).toBe(1);
    expect(await live(world, token)).toBe(false);
    expect(surfaces().filter((s) => s.includes(token))).toEqual([]);
  });

  it('a completed login keeps its token (not revoked)', async () => {
    const { tab } = recordingTab(world);
    const { email, password } = world.server.seed.plain;
    tab.client.login({ login: email, password });
    await world.advance(2_000, 100);
    expect(tab.client.view.status).toBe('signedIn');
    const token = (await tab.token())!;
    expect(logoutsOf(world, token)).toBe(0);
    expect(await live(world, token)).toBe(true);
  });
});
