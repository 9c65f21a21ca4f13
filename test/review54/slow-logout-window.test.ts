// Review 54's minor point (forty-sixth pass): the window in which a copy of a login a logout ended is
// left alone (`IN_FLIGHT_MS`, test/review52) counted from the logout's START (its mark, written
// before the revokes). A logout whose revokes took long (the API slow, a larger `timeoutMs`)
// answered the browser late: a call sent with the old cookie before that answer, reaching the
// proxy `IN_FLIGHT_MS` after the mark but less after the answer, was answered with the cookie
// cleared, and deleted the cookie of a login made since. The window counts from when the logout's
// answer leaves (the mark written again then).
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { Browser, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

describe('a logout slowed by its revokes, a stale call and a login made since', () => {
  it('the late call leaves the newer login’s cookie alone', async () => {
    // The API's logout (the proxy's revokes) held until released; the proxy's clock moves meanwhile.
    let hold: Promise<void> | undefined;
    let reached!: () => void;
    const revoking = new Promise<void>((r) => {
      reached = r;
    });
    const fx = await pam({
      timeoutMs: 120_000,
      fetch: async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (hold && new URL(url).pathname.endsWith('/auth/logout')) {
          reached();
          await hold;
        }
        return fetch(input, init);
      },
    });
    const b = new Browser(fx.served.url);
    const { email, password } = ref.server.seed.plain;
    expect((await b.login(email, password)).status).toBe(200);
    const c1 = b.cookie!;
    let release!: () => void;
    hold = new Promise<void>((r) => {
      release = r;
    });
    const out = b.call('POST', '/pam/auth/logout', undefined, { 'x-pam-client': '1' });
    await revoking;
    clock.now += IN_FLIGHT_MS + 1_000; // the revokes take a minute
    release();
    hold = undefined;
    expect((await out).status).toBe(204);
    expect(b.cookie).toBeNull();
    expect((await b.login(email, password)).status).toBe(200); // with no cookie: a login of its own
    const c2 = b.cookie!;
    clock.now += 1_000;
    // A profile read sent with C1 before the logout's answer came, reaching the proxy now.
    const late = await b.call('GET', '/pam/auth/user-profile', undefined, {
      cookie: `__Host-pam-session=${c1}`,
    });
    expect({
      status: late.status,
      clears: /Max-Age=0/.test(late.headers.getSetCookie().join('\n')),
      kept: b.cookie === c2,
    }).toEqual({ status: 401, clears: false, kept: true });
  });
});
