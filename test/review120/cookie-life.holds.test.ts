// Review 120: the sealed cookie as a hostile browser replays it, over real sockets to the proxy
// in front of the reference server (which revokes a token at rotation). Attributes and lifetime,
// two calls racing one due refresh, an older cookie after the refresh, and every copy after logout.
import { describe, expect, it } from 'vitest';
import { Browser, liveAtApi, openCookie, type TestClock, usePam } from '../server/harness';
import { raw, wholeText } from './raw';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);
const NAME = '__Host-pam-session';
const SIX_HOURS_AND_A_MINUTE = 21_660_000;
const PROFILE = '/pam/auth/user-profile?check_spa_again=1';
const cookieValueOf = (line: string) => line.slice(NAME.length + 1, line.indexOf(';'));
const readProfile = (value: string, extra: Record<string, string> = {}) =>
  raw(fx.served.url, PROFILE, { headers: { cookie: `${NAME}=${value}`, 'x-pam-client': '1', ...extra } });

async function signedIn(): Promise<{ value: string; line: string }> {
  const b = new Browser(fx.served.url);
  const { email, password } = ref.server.seed.plain;
  const login = await b.login(email, password);
  expect(login.status).toBe(200);
  return { value: b.cookie!, line: login.headers.getSetCookie()[0]! };
}

/** Active every 80 min (idle end 2 h) until the token is due: the last cookie value. */
async function untilDue(value: string): Promise<string> {
  let v = value;
  for (let i = 0; i < 4; i++) {
    clock.now += 4_800_000;
    const got = await readProfile(v);
    expect(got.status).toBe(200);
    const line = got.setCookie.find((l) => l.startsWith(`${NAME}=`));
    if (line !== undefined) v = cookieValueOf(line);
  }
  clock.now += SIX_HOURS_AND_A_MINUTE - 4 * 4_800_000;
  return v;
}

describe('review 120: the cookie against replay and races (held)', () => {
  it('HttpOnly, Secure, SameSite=Lax, Path=/, no Domain, Max-Age within the token and idle life, < 4 kB', async () => {
    const { line } = await signedIn();
    expect(line.startsWith(`${NAME}=`)).toBe(true);
    const attrs = line
      .split(';')
      .slice(1)
      .map((a) => a.trim());
    expect(attrs).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax', 'Secure']));
    expect(attrs.some((a) => /^domain=/i.test(a))).toBe(false);
    const maxAge = Number(/Max-Age=(\d+)/.exec(line)![1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(7_200); // idle end (2 h) before the token's 8 h
    expect(new TextEncoder().encode(line.split(';')[0]).byteLength).toBeLessThanOrEqual(4_096);
  });

  it('two calls racing with the same due cookie: one refresh, both get the newest; an older copy later too', async () => {
    const first = await signedIn();
    const due = await untilDue(first.value);
    ref.server.requests.length = 0;
    const [a, b] = await Promise.all([readProfile(due), readProfile(due)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(ref.server.requests.filter((r) => r.path === '/users/refresh-token')).toHaveLength(1);
    const tokens = await Promise.all(
      [a, b].map(async (g) => (await openCookie(cookieValueOf(g.setCookie[0]!))).token),
    );
    expect(tokens[0]).toBe(tokens[1]);
    expect(tokens[0]).not.toBe((await openCookie(due)).token);
    // a slow copy of the old cookie (sent before the new one arrived): given the newest, never the old
    clock.now += 5_000;
    const late = await readProfile(due);
    expect(late.status).toBe(200);
    expect((await openCookie(cookieValueOf(late.setCookie[0]!))).token).toBe(tokens[0]);
    for (const g of [a, b, late])
      for (const t of [tokens[0]!, (await openCookie(due)).token]) expect(wholeText(g)).not.toContain(t);
  });

  it('after logout every copy of the cookie (before and after the refresh) is refused, unsent, and dead at the API', async () => {
    const first = await signedIn();
    const due = await untilDue(first.value);
    const refreshed = await readProfile(due);
    const fresh = cookieValueOf(refreshed.setCookie[0]!);
    const out = await raw(fx.served.url, '/pam/auth/logout', {
      method: 'POST',
      headers: { cookie: `${NAME}=${fresh}`, 'x-pam-client': '1' },
    });
    expect(out.status).toBe(204);
    expect(out.setCookie.some((l) => /Max-Age=0/.test(l))).toBe(true);
    ref.server.requests.length = 0;
    for (const copy of [first.value, due, fresh]) {
      const got = await readProfile(copy);
      expect(got.status).toBe(401);
      expect(got.setCookie).toEqual([]);
      const seed = await raw(fx.served.url, '/pam/session', { headers: { cookie: `${NAME}=${copy}` } });
      expect((JSON.parse(seed.text) as { status: string }).status).toBe('signedOut');
    }
    expect(ref.server.requests).toEqual([]);
    expect(await liveAtApi(ref.server.url, fresh)).toBe(false);
    expect(await liveAtApi(ref.server.url, due)).toBe(false);
  });
});
