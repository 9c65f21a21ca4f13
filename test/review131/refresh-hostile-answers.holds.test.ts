// Review 131, HOLDS: hostile answers of the refresh endpoint over real sockets (reference server
// faults) never sign out a session the server still accepts, never put a bad token in the store,
// and are retried; N concurrent 401s make one refresh.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientsFor } from '../support/server';
import { H, logIn, MIN, S, useWorld } from '../support/world';

const world = useWorld();

const HOSTILE: [string, { status: number; body: unknown; contentType?: string }][] = [
  ['empty object', { status: 200, body: {} }],
  ['2xx error shape', { status: 200, body: { success: false, error: 'token_expired', message: 'expired' } }],
  ['empty token', { status: 200, body: { access_token: '' } }],
  ['numeric token', { status: 200, body: { access_token: 12345 } }],
  ['null token', { status: 200, body: { access_token: null } }],
  ['header-unsafe token', { status: 200, body: { access_token: 'abc\r\nX-Evil: 1' } }],
  ['HTML page', { status: 200, body: '<html>login</html>', contentType: 'text/html' }],
  ['non-JSON text as json', { status: 200, body: '{"access_token":', contentType: 'application/json' }],
  ['503', { status: 503, body: { message: 'down' } }],
  ['500 with a token', { status: 500, body: { access_token: 'x'.repeat(40) } }],
];

describe('review 131: hostile refresh answers', () => {
  for (const [what, fault] of HOSTILE)
    it(`${what}: still signed in on the same live token, refreshFailed, retried to success`, async () => {
      const a = world.open({ tabId: 'tab-a', channel: false, retry: 0 });
      await logIn(world, a);
      const before = await a.token();
      world.server.faults.add({ method: 'POST', path: '/users/refresh-token', times: 1, ...fault });
      await world.advance(5 * H + 59 * MIN, MIN);
      for (let i = 0; i < 200 && !a.events.includes('refreshFailed'); i++) await world.advance(S, S);
      expect(a.events).toContain('refreshFailed');
      expect(a.events).not.toContain('tokenRefreshed');
      expect(a.state()).toBe('signedIn');
      expect(await a.token()).toBe(before);
      // The retry (30 s backoff) gets a real token.
      await world.advance(5 * MIN, 10 * S);
      expect(a.events).toContain('tokenRefreshed');
      expect(a.events).not.toContain('sessionExpired');
      const now = await a.token();
      expect(now).not.toBe(before);
      await expect(clientsFor(world.server, now).auth.getUserProfile()).resolves.toBeTruthy();
    });

  it('the same token answered back: kept, still works, signed in', async () => {
    const a = world.open({ tabId: 'tab-a', channel: false, retry: 0 });
    await logIn(world, a);
    const before = (await a.token())!;
    world.server.faults.add({
      method: 'POST',
      path: '/users/refresh-token',
      times: 1,
      status: 200,
      body: { access_token: before },
    });
    await world.advance(6 * H + MIN, MIN);
    expect(a.state()).toBe('signedIn');
    await expect(a.client.user.getAddress()).resolves.toBeDefined();
    expect(a.state()).toBe('signedIn');
  });
});

describe('review 131: concurrent 401s', () => {
  it('N calls refused 401 at once: one refresh, every call retried and answered', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 0, max: 3 * H }),
        async (n, wait) => {
          world.renew();
          world.server.reset();
          const a = world.open({ tabId: `tab-${n}-${wait}`, channel: false, retry: 0 });
          await logIn(world, a);
          await world.advance(wait, 10 * MIN);
          const refreshes = world.count('POST', '/users/refresh-token');
          world.server.faults.add({
            method: 'GET',
            path: '/bff/users/address-by-user',
            status: 401,
            body: { message: 'expired' },
            times: n,
          });
          const calls = Array.from({ length: n }, () =>
            a.client.user.getAddress().then(
              () => 'ok',
              (e) => e.code,
            ),
          );
          const results = await world.during(Promise.all(calls), 100);
          expect(world.count('POST', '/users/refresh-token') - refreshes).toBe(1);
          expect(results).toEqual(Array(n).fill('ok'));
          expect(a.state()).toBe('signedIn');
          world.closeAll();
        },
      ),
      { numRuns: 8, seed: 1312 },
    );
  });
});
