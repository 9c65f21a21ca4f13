import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';
import {
  Browser,
  openCookie,
  type PamFixture,
  type Received,
  type TestClock,
  usePamPerTest,
} from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const PROFILE = '/pam/auth/user-profile?check_spa_again=1';
/** Dozens of real sockets and seals at once: room for a loaded 2-core machine. */
const HEAVY = { timeout: 60_000 };
const SIX_HOURS = 21_600_000;
const refreshes = () => ref.server.requests.filter((r) => r.path === '/users/refresh-token').length;

/** The tokens the answers' cookies carry (opened with the test's secret). */
async function cookieTokens(answers: readonly Received[], name = '__Host-pam-session'): Promise<Set<string>> {
  const tokens = new Set<string>();
  for (const a of answers) {
    for (const line of a.headers.getSetCookie()) {
      const value = line.slice(name.length + 1, line.indexOf(';'));
      if (value !== '') tokens.add((await openCookie(value)).token);
    }
  }
  return tokens;
}

/** A browser on another instance holding the same cookie (the player's next call lands there). */
function sameCookie(browser: Browser, fx: PamFixture): Browser {
  const other = new Browser(fx.served.url);
  other.cookie = browser.cookie;
  return other;
}

/**
 * Keeps the players active (a call every 80 min: the idle lifetime is 2 h) until their token,
 * obtained at the login, is 6 h 1 min old: due for refresh.
 */
async function untilDue(...browsers: Browser[]): Promise<void> {
  for (let i = 0; i < 4; i++) {
    clock.now += 4_800_000;
    for (const b of browsers) expect((await b.call('GET', PROFILE)).status).toBe(200);
  }
  clock.now += SIX_HOURS + 60_000 - 4 * 4_800_000;
  ref.server.requests.length = 0;
}

async function signedIn(fx: PamFixture, account = ref.server.seed.plain): Promise<Browser> {
  const browser = new Browser(fx.served.url);
  expect((await browser.login(account.email, account.password)).status).toBe(200);
  return browser;
}

describe('refresh on the server', () => {
  it(
    'a due token hit by 50 concurrent calls is refreshed once; nobody is signed out; every cookie carries the new token',
    HEAVY,
    async () => {
      const fx = await pam();
      const browser = await signedIn(fx);
      const { token: old } = await openCookie(browser.cookie!);
      await untilDue(browser);
      const copies = Array.from({ length: 50 }, () => sameCookie(browser, fx));
      const answers = await Promise.all(copies.map((b) => b.call('GET', PROFILE)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      expect(refreshes()).toBe(1);
      const tokens = await cookieTokens(answers);
      expect(tokens.size).toBe(1);
      expect(tokens.has(old)).toBe(false);
      // The reference server revoked the old token at once; the old cookie is still served (grace).
      const late = await sameCookie(browser, fx).call('GET', PROFILE);
      expect(late.status).toBe(200);
      expect([...(await cookieTokens([late]))]).toEqual([...tokens]);
    },
  );

  it('a refresh that fails (503) keeps the token and tries again on the next call', async () => {
    const fx = await pam();
    const browser = await signedIn(fx);
    const { token: old } = await openCookie(browser.cookie!);
    await untilDue(browser);
    ref.server.faults.add({ path: '/users/refresh-token', status: 503, times: 1 });
    const first = await browser.call('GET', PROFILE);
    expect(first.status).toBe(200);
    expect((await openCookie(browser.cookie!)).token).toBe(old);
    const second = await browser.call('GET', PROFILE);
    expect(second.status).toBe(200);
    expect((await openCookie(browser.cookie!)).token).not.toBe(old);
    expect(refreshes()).toBe(2);
  });

  it(
    'two instances on one unstorage store refresh once between them; both serve the old cookie',
    HEAVY,
    async () => {
      const storage = createStorage();
      const store = unstorageSessionStore(storage);
      const a = await pam({ store });
      const b = await pam({ store });
      const browser = await signedIn(a);
      await untilDue(browser);
      const calls = Array.from({ length: 40 }, (_, i) =>
        sameCookie(browser, i % 2 === 0 ? a : b).call('GET', PROFILE),
      );
      const answers = await Promise.all(calls);
      expect(answers.map((x) => x.status)).toEqual(answers.map(() => 200));
      expect(refreshes()).toBe(1);
      const tokens = await cookieTokens(answers);
      expect(tokens.size).toBe(1);
      // The store holds no token in the clear, old or new.
      const { token: old } = await openCookie(browser.cookie!);
      expect(tokens.has(old)).toBe(false); // the replaced token is never sealed again
      const stored = JSON.stringify(
        await Promise.all((await storage.getKeys()).map(async (k) => [k, await storage.getItem(k)])),
      );
      expect(stored).toContain('rot:');
      for (const token of [old, ...tokens]) expect(stored).not.toContain(token);
    },
  );

  it('a call whose token another instance replaced meanwhile (the API says 401) is sent once more with the new token', async () => {
    const store = unstorageSessionStore(createStorage());
    // One instance refreshes after 1 h; on the other the token is not due, so it sends the old one.
    const early = await pam({ store, refreshAfterMs: 3_600_000 });
    const late = await pam({ store });
    const browser = await signedIn(late);
    const { token: old } = await openCookie(browser.cookie!);
    clock.now += 3_660_000;
    ref.server.requests.length = 0;
    const rotated = await sameCookie(browser, early).call('GET', PROFILE);
    expect(rotated.status).toBe(200);
    expect(refreshes()).toBe(1);
    const [newer] = [...(await cookieTokens([rotated]))];
    expect(newer).toBeDefined();
    expect(newer).not.toBe(old);
    ref.server.requests.length = 0;

    const answer = await sameCookie(browser, late).call('GET', PROFILE);

    expect(answer.status).toBe(200);
    expect((answer.json as { user: { id: number } }).user.id).toBe(ref.server.seed.plain.id);
    // The old token refused, then the new one served; no second refresh.
    expect(
      ref.server.requests
        .filter((r) => r.path === '/auth/user-profile')
        .map((r) => r.headers.authorization?.replace(/^bearer /i, '')),
    ).toEqual([old, newer]);
    expect(refreshes()).toBe(0);
    // The answer's cookie carries the new session: not signed out, the old token never sealed again.
    expect([...(await cookieTokens([answer]))]).toEqual([newer]);
  });

  it('a 401 with no newer token known signs the call out and clears the cookie', async () => {
    const fx = await pam();
    const browser = await signedIn(fx);
    ref.server.expireTokens();
    const answer = await browser.call('GET', PROFILE);
    expect(answer.status).toBe(401);
    expect(answer.headers.getSetCookie().some((line) => /Max-Age=0(;|$)/.test(line))).toBe(true);
    expect(browser.cookie).toBeNull();
  });

  it('without a store, another instance signs the replaced cookie out (the stated limit)', async () => {
    const a = await pam();
    const b = await pam();
    const browser = await signedIn(a);
    await untilDue(browser);
    expect((await sameCookie(browser, a).call('GET', PROFILE)).status).toBe(200);
    expect((await sameCookie(browser, b).call('GET', PROFILE)).status).toBe(401);
  });
});

describe('two players under load', () => {
  it('120 concurrent calls of two players, both due for refresh, never see each other', HEAVY, async () => {
    const fx = await pam();
    const { plain, paused } = ref.server.seed;
    const one = await signedIn(fx, plain);
    const two = await signedIn(fx, paused);
    await untilDue(one, two);
    const paths = [PROFILE, '/pam/bff/users/login-history?page=1', '/pam/bff/users/address-by-user'];
    const calls = Array.from({ length: 120 }, (_, i) => {
      const [who, id] = i % 2 === 0 ? [one, plain.id] : [two, paused.id];
      const path = paths[i % 3]!;
      return sameCookie(who, fx)
        .call('GET', path)
        .then((answer) => ({ answer, id, path }));
    });
    const results = await Promise.all(calls);
    for (const { answer, id, path } of results) {
      expect(answer.status).toBe(200);
      const body = answer.json as Record<string, unknown>;
      if (path === PROFILE) expect((body.user as { id: number }).id).toBe(id);
      else if (path.includes('login-history')) {
        const items = body.data as { user_id: number }[];
        expect(items.length).toBeGreaterThan(0);
        expect(items.every((item) => item.user_id === id)).toBe(true);
      } else expect(JSON.stringify(body)).not.toContain(id === plain.id ? paused.email : plain.email);
    }
    expect(refreshes()).toBe(2);
    const oneTokens = await cookieTokens(results.filter((r) => r.id === plain.id).map((r) => r.answer));
    const twoTokens = await cookieTokens(results.filter((r) => r.id === paused.id).map((r) => r.answer));
    expect(oneTokens.size).toBe(1);
    expect(twoTokens.size).toBe(1);
    expect([...oneTokens][0]).not.toBe([...twoTokens][0]);
  });
});
