import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_REGISTRATION_DOMAIN as TWO_FACTOR_DOMAIN } from '../../src/testing/seed';
import { completedReport } from '../support/completed-report';
import { Browser, leakedTokens, openCookie, type TestClock, usePam } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);

/** The bearer tokens the API was sent (every token the proxy ever held). */
const sentTokens = () =>
  ref.server.requests
    .map((r) => /^Bearer (\S+)$/i.exec(String(r.headers.authorization ?? ''))?.[1])
    .filter((t): t is string => t !== undefined);

/** A raw request over the socket, path sent exactly as written (fetch would normalise it). */
function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  const { port } = new URL(fx.served.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('pam-client/server proxy', () => {
  it('signs in through the proxy: sealed HttpOnly __Host- cookie, no token in the answer', async () => {
    const browser = new Browser(fx.served.url);
    const { plain } = ref.server.seed;
    const res = await browser.login(plain.email, plain.password);
    expect(res.status).toBe(200);
    const body = res.json as Record<string, Record<string, unknown>>;
    expect(body.access_token).toBeUndefined();
    expect(body.user?.token).toBeUndefined();
    expect(body.user?.id).toBe(plain.id);
    expect(body.server_session).toEqual({
      player_id: plain.id,
      login_id: expect.any(String),
      signed_in_at: clock.now,
      expires_at: clock.now + 86_400_000, // the absolute lifetime, not the token's 8 h
    });
    const [line] = res.headers.getSetCookie();
    expect(line).toMatch(/^__Host-pam-session=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
    const session = await openCookie(browser.cookie!);
    expect(session.playerId).toBe(plain.id);
    expect(res.text).not.toContain(session.token);

    const profile = await browser.call('GET', '/pam/auth/user-profile?check_spa_again=1');
    expect(profile.status).toBe(200);
    expect((profile.json as { user: { id: number; token?: string } }).user).toMatchObject({ id: plain.id });
    expect((profile.json as { user: { token?: string } }).user.token).toBeUndefined();
    expect(leakedTokens(browser.received, [...sentTokens(), session.token])).toEqual([]);
  });

  it('2FA through the proxy: the code request sets no cookie; the completed login does', async () => {
    const browser = new Browser(fx.served.url);
    const { twoFactor } = ref.server.seed;
    const first = await browser.login(twoFactor.email, twoFactor.password);
    expect((first.json as { type: string }).type).toBe('two_factor_code');
    expect(first.headers.getSetCookie()).toEqual([]);
    const done = await browser.login(twoFactor.email, twoFactor.password, {
      two_factor_code: twoFactor.twoFactorCode,
    });
    expect(done.status).toBe(200);
    expect(browser.cookie).not.toBeNull();
    expect(leakedTokens(browser.received, sentTokens())).toEqual([]);
  });

  it('a completed registration signs in (cookie, no token); one that asks for a code does not', async () => {
    const form = { password: 'Str0ng!Passw0rd', country: 'BR', nationalities: '["BR"]', optIn: false };
    const browser = new Browser(fx.served.url);
    const done = await browser.call('POST', '/pam/auth/register-simplified', {
      ...form,
      email: 'new@example.com',
    });
    expect(done.status).toBe(200);
    expect(browser.cookie).not.toBeNull();
    expect((done.json as Record<string, unknown>).access_token).toBeUndefined();
    const asks = new Browser(fx.served.url);
    const code = await asks.call('POST', '/pam/auth/register-simplified', {
      ...form,
      email: `x@${TWO_FACTOR_DOMAIN}`,
    });
    expect((code.json as { type: string }).type).toBe('two_factor_code');
    expect(code.headers.getSetCookie()).toEqual([]);
    const { token } = await openCookie(browser.cookie!);
    expect(leakedTokens([...browser.received, ...asks.received], [token])).toEqual([]);
  });

  it('a cancelled account gets no cookie', async () => {
    const browser = new Browser(fx.served.url);
    const { cancelled } = ref.server.seed;
    const res = await browser.login(cancelled.email, cancelled.password);
    expect((res.json as { type: string }).type).toBe('cancelled_account');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("checks auth requests and reads auth answers with the core's schemas; a refusal names no value", async () => {
    const browser = new Browser(fx.served.url);
    const password = 'a-password-of-the-player';
    const refused = await browser.call('POST', '/pam/auth/register-simplified', {
      email: 'not-an-email',
      password,
      country: 'BR',
      nationalities: '["BR"]',
      optIn: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ pam: 'invalid_request', issues: [{ path: ['email'] }] });
    expect(refused.text).not.toContain(password);
    expect(ref.server.requests).toEqual([]);

    const { plain } = ref.server.seed;
    expect((await browser.login(plain.email, plain.password)).status).toBe(200);
    const cookie = browser.cookie;
    ref.server.faults.add({ path: '/auth/user-profile', status: 200, body: { user: null }, times: 1 });
    const unreadable = await browser.call('GET', '/pam/auth/user-profile?check_spa_again=1');
    expect(unreadable.status).toBe(502);
    expect(unreadable.json).toMatchObject({ pam: 'invalid_response', issues: expect.any(Array) });
    // An unreadable answer is not a sign-out: the cookie stands.
    expect(browser.cookie).toBe(cookie);
    expect((await browser.call('GET', '/pam/auth/user-profile?check_spa_again=1')).status).toBe(200);
  });

  it('never routes the refresh, and refuses unclean paths without forwarding them', async () => {
    const browser = new Browser(fx.served.url);
    await browser.login(ref.server.seed.plain.email, ref.server.seed.plain.password);
    const cookie = `__Host-pam-session=${browser.cookie}`;
    ref.server.requests.length = 0;
    expect((await browser.call('POST', '/pam/users/refresh-token')).status).toBe(404);
    const headers = { cookie, origin: fx.served.url };
    expect(await raw('POST', '/pam/users/%2e%2e/users/refresh-token', headers)).toBe(404);
    expect(await raw('GET', '/pam/auth%2Fuser-profile', headers)).toBe(404);
    expect(await raw('GET', '/pam//auth/user-profile', headers)).toBe(404);
    expect(await raw('GET', '/pam/auth/user-profile%3Fx', headers)).toBe(404);
    expect(await raw('GET', '/pam/income-report/1%2e', headers)).toBe(404);
    expect(await raw('GET', '/pam/bff/users/login-history?page=1&x=2', headers)).toBe(400);
    expect(await raw('GET', '/pam/auth/user-profile?check_spa_again=0', headers)).toBe(400);
    expect(ref.server.requests).toEqual([]);
    expect(await raw('GET', '/pam/bff/users/login-history?page=2', headers)).toBe(200);
    expect(ref.server.requests.map((r) => r.url)).toEqual(['/bff/users/login-history?page=2']);
  });

  it("forwards neither the browser's Cookie nor its Authorization, and returns no API Set-Cookie", async () => {
    const browser = new Browser(fx.served.url);
    await browser.login(ref.server.seed.plain.email, ref.server.seed.plain.password);
    ref.server.faults.add({ path: '/bff/users/address-by-user', headers: { 'set-cookie': 'api=1; Path=/' } });
    ref.server.requests.length = 0;
    const res = await browser.call('GET', '/pam/bff/users/address-by-user', undefined, {
      authorization: 'Bearer stolen',
      cookie: `__Host-pam-session=${browser.cookie}; other=1`,
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    const [sent] = ref.server.requests;
    expect(sent?.headers.cookie).toBeUndefined();
    expect(sent?.headers.authorization).toBe(`bearer ${(await openCookie(browser.cookie!)).token}`);
  });

  it('passes the upstream Date and Retry-After through', async () => {
    const browser = new Browser(fx.served.url);
    ref.server.faults.add({
      path: '/auth/forgot-password',
      status: 429,
      headers: { 'retry-after': '42' },
      times: 1,
    });
    const res = await browser.call('POST', '/pam/auth/forgot-password', { login: 'a@b.c' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('42');
    expect(Date.parse(res.headers.get('date') ?? '')).toBeGreaterThan(0);
  });

  it('refuses cross-site state changes, bodies over 16,384 bytes and non-JSON bodies', async () => {
    const browser = new Browser(fx.served.url);
    const body = { login: 'a@b.c' };
    expect(
      (await browser.call('POST', '/pam/auth/forgot-password', body, { origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    expect(
      (await browser.call('POST', '/pam/auth/forgot-password', body, { 'sec-fetch-site': 'cross-site' }))
        .status,
    ).toBe(403);
    const big = { login: 'x'.repeat(16_384) };
    expect((await browser.call('POST', '/pam/auth/forgot-password', big)).status).toBe(413);
    const form = await fetch(`${fx.served.url}/pam/auth/forgot-password`, {
      method: 'POST',
      headers: { origin: fx.served.url, 'content-type': 'text/plain' },
      body: JSON.stringify(body),
    });
    expect(form.status).toBe(415);
    const noProof = await fetch(`${fx.served.url}/pam/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(noProof.status).toBe(403);
    const withHeader = await fetch(`${fx.served.url}/pam/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pam-client': '1' },
      body: JSON.stringify(body),
    });
    expect(withHeader.status).toBe(200);
  });

  it('logout revokes the token at the API and clears the cookie', async () => {
    const browser = new Browser(fx.served.url);
    await browser.login(ref.server.seed.plain.email, ref.server.seed.plain.password);
    const { token } = await openCookie(browser.cookie!);
    const kept = browser.cookie;
    const res = await browser.call('POST', '/pam/auth/logout');
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie()[0]).toMatch(/^__Host-pam-session=; Path=\/; Max-Age=0;/);
    expect(browser.cookie).toBeNull();
    const direct = await fetch(`${ref.server.url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(direct.status).toBe(401);
    // The old cookie, replayed at once, is signed out (its token is revoked) and left alone: a call
    // in flight across the logout, whose answer must not clear a login set since.
    browser.cookie = kept;
    const inFlight = await browser.call('GET', '/pam/auth/user-profile?check_spa_again=1');
    expect(inFlight.status).toBe(401);
    expect(inFlight.headers.getSetCookie()).toEqual([]);
    // Replayed past `IN_FLIGHT_MS` (60 s): the browser still held it (the logout's answer lost).
    // Still left alone (forty-sixth pass: two such copies, the first clearing, a login, the second
    // deleted that login's cookie); it locks nothing: a login sent with it starts a lineage of its own.
    clock.now += 60_000;
    const replay = await browser.call('GET', '/pam/auth/user-profile?check_spa_again=1');
    expect(replay.status).toBe(401);
    expect(replay.headers.getSetCookie()).toEqual([]);
    expect(browser.cookie).toBe(kept);
    expect((await browser.login(ref.server.seed.plain.email, ref.server.seed.plain.password)).status).toBe(
      200,
    );
    expect(browser.cookie).not.toBe(kept);
    expect((await browser.call('GET', '/pam/auth/user-profile?check_spa_again=1')).status).toBe(200);
  });

  it('downloads the report through the fixed route, and only from the API', async () => {
    const browser = new Browser(fx.served.url);
    const { id, url } = await completedReport(browser, { ref, clock });
    expect(url).toBe(`/report-file?id=${id}`);
    const file = await browser.call('GET', `/pam${url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/attachment/);
    const foreign = await browser.call(
      'GET',
      `/pam/report-file?url=${encodeURIComponent('https://evil.example/x')}`,
    );
    expect(foreign.status).toBe(400);
    expect(leakedTokens(browser.received, sentTokens())).toEqual([]);
  });
});
