import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginAnswer } from '../support/login-answer';
import { useWorld } from '../support/world';
import { live, logoutsOf, recordingTab } from './unsigned-login-support';

// REVIEW-Q Q-3 (O-19 remainder) as a property: a login (or its two-factor step) answered, late on
// the world's clock, with a generated answer the reader refuses that carries a token, while a
// cancel, a logout or a `client.stop()` races it. However it goes, the token is revoked exactly
// once, no longer opens the API, reaches no surface, and the client is not signed in with it.

const world = useWorld();

const REFUSED = {
  unknownType: (t: string) => ({ type: 'weird_type', access_token: t }),
  missingFields: (t: string) => ({ access_token: t, expires_in: 60 }),
  userNull: (t: string) => ({ ...loginAnswer(world.server, { accessToken: t }), user: null }),
  unreadable: (t: string) => ({ ...loginAnswer(world.server, { accessToken: t }), user: 'x', userInfo: [1] }),
  echoed: (t: string) => ({ type: 42, access_token: t, message: `session ${t}` }),
} as const;

const arbCase = fc.record({
  kind: fc.constantFrom(...(Object.keys(REFUSED) as (keyof typeof REFUSED)[])),
  viaCode: fc.boolean(),
  delay: fc.constantFrom(0, 100, 700),
  race: fc.constantFrom('none' as const, 'cancel' as const, 'logout' as const, 'stop' as const),
  at: fc.constantFrom(0, 50, 400, 1_000),
});

describe('a login answer the reader refuses: its token revoked exactly once, whatever races it (Q-3)', () => {
  it('over refused answers, the step, delays and a cancel, logout or stop racing the answer', async () => {
    await fc.assert(
      fc.asyncProperty(arbCase, async (c) => {
        world.closeAll();
        world.renew();
        world.server.reset();
        const token = world.server.issueToken(world.server.seed.plain.id);
        const { tab, surfaces } = recordingTab(world);
        const { email, password } = world.server.seed.plain;
        if (c.viaCode) {
          world.server.faults.add({
            path: '/auth/login',
            status: 200,
            body: { type: 'two_factor_code' },
            times: 1,
          });
          tab.client.login({ login: email, password });
          await world.advance(500, 100);
          expect(tab.client.view.status).toBe('twoFactorRequired');
        }
        world.server.faults.add({ path: '/auth/login', status: 200, body: REFUSED[c.kind](token), times: 1 });
        world.delayAnswers({ method: 'POST', path: '/auth/login', ms: c.delay, times: 1 });
        if (c.viaCode) tab.client.submitCode('123456');
        else tab.client.login({ login: email, password });
        await world.advance(c.at, 50);
        if (c.race === 'cancel') tab.client.cancel();
        else if (c.race === 'logout') tab.client.logout();
        else if (c.race === 'stop') tab.client.stop();
        await world.advance(6_000, 100);
        expect(await tab.token()).not.toBe(token);
        expect(logoutsOf(world, token)).toBe(1);
        expect(await live(world, token)).toBe(false);
        expect(surfaces().filter((s) => s.includes(token))).toEqual([]);
        if (c.race === 'none') expect(tab.client.view.error?.code).toBe('invalid_response');
      }),
      { numRuns: 80 },
    );
  }, 120_000);
});
