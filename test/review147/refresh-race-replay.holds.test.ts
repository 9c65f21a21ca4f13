// Review 147: two calls with one due cookie share one refresh and carry the same live token; a
// pre-rotation cookie replayed past graceMs, or any copy replayed after a logout, resurrects
// nothing and never clears the player's newer cookie from the server's side.

import { describe, expect, it } from 'vitest';
import {
  Browser,
  clearsCookie,
  liveAtApi,
  openCookie,
  type TestClock,
  usePamPerTest,
} from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);
const PROFILE = '/pam/auth/user-profile?check_spa_again=1';
const SAME = { 'sec-fetch-site': 'same-origin' };
const refreshes = () => ref.server.requests.filter((r) => r.path === '/users/refresh-token').length;

async function signedIn(url: string): Promise<Browser> {
  const b = new Browser(url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  return b;
}

async function tokensSet(lines: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const l of lines) {
    const value = l.slice(l.indexOf('=') + 1, l.indexOf(';'));
    if (value !== '') out.push((await openCookie(value)).token);
  }
  return out;
}

describe('concurrent refresh and replayed cookies', () => {
  it('two concurrent calls (a read and the seed) with a due cookie: one refresh, one live token in both cookies', async () => {
    const fx = await pam({ refreshAfterMs: 120_000 });
    const b = await signedIn(fx.served.url);
    const c0 = b.cookie!;
    const t0 = (await openCookie(c0)).token;
    clock.now += 130_000;
    ref.server.requests.length = 0;
    const a1 = new Browser(fx.served.url);
    const a2 = new Browser(fx.served.url);
    a1.cookie = c0;
    a2.cookie = c0;
    const [r1, r2] = await Promise.all([
      a1.call('GET', PROFILE),
      a2.call('GET', '/pam/session', undefined, SAME),
    ]);
    expect(r1.status).toBe(200);
    expect(r2.status).toBe(200);
    expect((r2.json as { status: string }).status).toBe('signedIn');
    expect(refreshes()).toBe(1);
    const t1 = [
      ...(await tokensSet(r1.headers.getSetCookie())),
      ...(await tokensSet(r2.headers.getSetCookie())),
    ];
    expect(t1).toHaveLength(2);
    expect(new Set(t1).size).toBe(1);
    expect(t1[0]).not.toBe(t0);
    // Whichever Set-Cookie the browser keeps last, its token is the live one.
    expect(await liveAtApi(ref.server.url, a1.cookie!)).toBe(true);
    expect(await liveAtApi(ref.server.url, a2.cookie!)).toBe(true);
    expect(await liveAtApi(ref.server.url, c0)).toBe(false);
  });

  it('the pre-rotation cookie replayed past graceMs: 401, nothing refreshed into a live token, the new cookie still live', async () => {
    const fx = await pam({ refreshAfterMs: 120_000, graceMs: 1_000 });
    const b = await signedIn(fx.served.url);
    const c0 = b.cookie!;
    clock.now += 130_000;
    expect((await b.call('GET', PROFILE)).status).toBe(200);
    const c1 = b.cookie!;
    expect(c1).not.toBe(c0);
    clock.now += 5_000;
    const thief = new Browser(fx.served.url);
    thief.cookie = c0;
    const issuedBefore = ref.server.requests.length;
    const replay = await thief.call('GET', PROFILE);
    expect(replay.status).toBe(401);
    expect(thief.cookie).toBeNull();
    // No token came out of the replay: no live cookie was set, and the player's session stands.
    const t0 = (await openCookie(c0)).token;
    const sent = ref.server.requests.slice(issuedBefore).map((r) => r.headers.authorization);
    expect(sent.length).toBeGreaterThan(0);
    for (const auth of sent) expect(auth?.endsWith(t0)).toBe(true); // only the dead token was ever used
    expect(replay.headers.getSetCookie().every((l) => /Max-Age=0(;|$)/.test(l))).toBe(true);
    expect(await liveAtApi(ref.server.url, c1)).toBe(true);
    expect((await b.call('GET', PROFILE)).status).toBe(200);
  });

  it('after a logout every copy (the current and the pre-rotation one) is refused unsent, with no Set-Cookie', async () => {
    const fx = await pam({ refreshAfterMs: 120_000 });
    const b = await signedIn(fx.served.url);
    const c0 = b.cookie!;
    clock.now += 130_000;
    expect((await b.call('GET', PROFILE)).status).toBe(200);
    const c1 = b.cookie!;
    expect((await b.call('POST', '/pam/auth/logout')).status).toBe(204);
    clock.now += 3_600_000;
    for (const copy of [c0, c1]) {
      const t = new Browser(fx.served.url);
      t.cookie = copy;
      const before = ref.server.requests.length;
      const r = await t.call('GET', PROFILE);
      expect(r.status).toBe(401);
      expect(clearsCookie(r) || r.headers.getSetCookie().length === 0).toBe(true);
      expect(await tokensSet(r.headers.getSetCookie())).toEqual([]);
      expect(ref.server.requests.slice(before).filter((x) => x.path !== '/auth/logout')).toEqual([]);
      const seed = await t.call('GET', '/pam/session', undefined, SAME);
      expect((seed.json as { status: string }).status).toBe('signedOut');
      expect(await liveAtApi(ref.server.url, copy)).toBe(false);
    }
  });
});
