import { describe, expect, it } from 'vitest';
import { loginAnswer } from '../support/login-answer';
import { useWorld } from '../support/world';
import { live, logoutsOf, recordingTab } from './unsigned-login-support';

// REVIEW-Q Q-3 / O-19 remainder: a login (or two-factor) answer carrying an access token that the
// reader REFUSES (an unknown `type`, missing fields, `user: null`, an unreadable shape) failed
// `invalid_response` and the token was dropped, never revoked: it stayed live at the API for its
// whole life. Now revoked once, in the background; the view shows what it showed before, and the
// token reaches no surface.

const world = useWorld();

/** Answers the login reader refuses, each carrying the token `t` as its grant. */
const REFUSED = {
  unknownType: (t: string) => ({ type: 'weird_type', access_token: t }),
  missingFields: (t: string) => ({ access_token: t, expires_in: 60 }),
  userNull: (t: string) => ({ ...loginAnswer(world.server, { accessToken: t }), user: null }),
  unreadable: (t: string) => ({ ...loginAnswer(world.server, { accessToken: t }), user: 'x', userInfo: [1] }),
} as const;
const KINDS = Object.keys(REFUSED) as (keyof typeof REFUSED)[];

describe('a login answer the reader refuses: its token revoked once, the view unchanged (Q-3)', () => {
  it.each(KINDS)('the login step: %s', async (kind) => {
    const token = world.server.issueToken(world.server.seed.plain.id);
    world.server.faults.add({ path: '/auth/login', status: 200, body: REFUSED[kind](token), times: 1 });
    const { tab, surfaces } = recordingTab(world);
    const { email, password } = world.server.seed.plain;
    tab.client.login({ login: email, password });
    await world.advance(5_000, 100);
    expect([tab.client.view.status, tab.client.view.error?.code]).toEqual(['failed', 'invalid_response']);
    expect(await tab.token()).toBeNull();
    expect(logoutsOf(world, token)).toBe(1);
    expect(await live(world, token)).toBe(false);
    expect(surfaces().filter((s) => s.includes(token))).toEqual([]);
  });

  it.each(KINDS)('the two-factor step: %s (back to the code form, uncounted)', async (kind) => {
    const { email, password } = world.server.seed.plain;
    const token = world.server.issueToken(world.server.seed.plain.id);
    world.server.faults.add({
      path: '/auth/login',
      status: 200,
      body: { type: 'two_factor_code' },
      times: 1,
    });
    const { tab, surfaces } = recordingTab(world);
    tab.client.login({ login: email, password });
    await world.advance(1_000, 100);
    expect(tab.client.view.status).toBe('twoFactorRequired');
    world.server.faults.add({ path: '/auth/login', status: 200, body: REFUSED[kind](token), times: 1 });
    tab.client.submitCode('123456');
    await world.advance(5_000, 100);
    expect(tab.client.view.status).toBe('twoFactorRequired');
    expect(tab.client.view.error?.code).toBe('invalid_response');
    expect(tab.client.view.codeAttemptsLeft).toBe(5);
    expect(logoutsOf(world, token)).toBe(1);
    expect(await live(world, token)).toBe(false);
    expect(surfaces().filter((s) => s.includes(token))).toEqual([]);
  });

  it('a refused answer arriving after a cancel: revoked once (the late-answer path)', async () => {
    const token = world.server.issueToken(world.server.seed.plain.id);
    world.server.faults.add({ path: '/auth/login', status: 200, body: REFUSED.unknownType(token), times: 1 });
    world.delayAnswers({ method: 'POST', path: '/auth/login', ms: 700, times: 1 });
    const { tab, surfaces } = recordingTab(world);
    const { email, password } = world.server.seed.plain;
    tab.client.login({ login: email, password });
    await world.advance(100, 50);
    tab.client.cancel();
    await world.advance(5_000, 100);
    expect(tab.client.view.status).toBe('signedOut');
    expect(logoutsOf(world, token)).toBe(1);
    expect(await live(world, token)).toBe(false);
    expect(surfaces().filter((s) => s.includes(token))).toEqual([]);
  });
});
