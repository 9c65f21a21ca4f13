// Review 132 (held): the cookie's Max-Age against a short-lived token (5 min on the reference
// server), over real sockets: never past the token's expiry at login nor after the proxy's refresh
// (due at three quarters of the life), and the refreshed cookie carries a live token.
import { describe, expect, it } from 'vitest';
import { Browser, liveAtApi, startPam, type TestClock } from '../server/harness';
import { useReferenceServer } from '../support/server';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const ref = useReferenceServer({ now: () => clock.now, tokenTtlSeconds: 300 });

const maxAge = (r: { headers: Headers }) =>
  r.headers.getSetCookie().map((l) => Number(/Max-Age=(\d+)/.exec(l)?.[1]));

describe('review 132: cookie life against a 5-minute token (held)', () => {
  it('Max-Age never outlives the token; the refreshed cookie holds a live token', async () => {
    const fx = await startPam(ref.server, clock);
    try {
      const b = new Browser(fx.served.url);
      const { email, password } = ref.server.seed.plain;
      const login = await b.login(email, password);
      expect(login.status).toBe(200);
      expect(maxAge(login)).toEqual([300]);
      clock.now += 226_000; // past 3:45: due
      const read = await b.call('GET', '/pam/session');
      expect((read.json as { status: string }).status).toBe('signedIn');
      expect(ref.server.requests.filter((r) => r.path === '/users/refresh-token')).toHaveLength(1);
      const [age] = maxAge(read);
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThanOrEqual(300);
      expect(await liveAtApi(ref.server.url, b.cookie!)).toBe(true);
    } finally {
      await fx.served.close();
    }
  });
});
