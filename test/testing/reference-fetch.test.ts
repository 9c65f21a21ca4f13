import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAuthModule, createOfetchAdapter } from 'pam-client';
import { createPamClient, type PamClient, type SessionView } from 'pam-client/machines';
import { createReferenceFetch, SEED_ACCOUNTS, startReferenceServer } from 'pam-client/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';

// The in-process kit (issue 11 item 3): the reference server as a `fetch`, no socket.

const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const statusIs = (c: PamClient, status: SessionView['status']) =>
  until(
    () => c.view.status === status,
    () => `status ${status}, is ${c.view.status}`,
  );

describe('createReferenceFetch', () => {
  it('signs in with 2FA through createPamClient, with no socket', async () => {
    const kit = createReferenceFetch();
    const nodeFetch = vi.spyOn(globalThis, 'fetch');
    const client = createPamClient({
      baseURL: kit.baseURL,
      fetch: kit,
      timeout: REAL_TIME_TIMEOUT_MS,
      environment: { channel: null },
    });
    clients.push(client);
    await statusIs(client, 'signedOut');
    const { email, password, twoFactorCode } = kit.seed.twoFactor;
    client.login({ login: email, password });
    await statusIs(client, 'twoFactorRequired');
    client.submitCode('000000');
    await until(() => client.view.codeAttemptsLeft === 4, 'the wrong code counted');
    client.submitCode(twoFactorCode as string);
    await statusIs(client, 'signedIn');
    expect(client.view.user?.email).toBe(email);

    expect(nodeFetch).not.toHaveBeenCalled();
    const logins = kit.requests.filter((r) => r.path === '/auth/login');
    expect(logins.map((r) => (r.body as { two_factor_code?: string }).two_factor_code)).toEqual([
      undefined,
      '000000',
      twoFactorCode,
    ]);
    await until(
      () => kit.requests.some((r) => r.url === '/auth/user-profile?check_spa_again=1'),
      'the SPA re-check',
    );
  });

  it('serves the auth and user modules on createOfetchAdapter({ fetch })', async () => {
    const kit = createReferenceFetch();
    let token: string | null = null;
    const http = createOfetchAdapter({ baseURL: kit.baseURL, fetch: kit, getAccessToken: () => token });
    const auth = createAuthModule(http);
    const { email, password, twoFactorCode } = kit.seed.twoFactor;
    expect(await auth.login({ login: email, password })).toMatchObject({ type: 'two_factor_code' });
    const answer = await auth.login({ login: email, password, two_factor_code: twoFactorCode });
    token = (answer as { access_token: string }).access_token;
    const profile = await auth.getUserProfile();
    expect(profile.user.email).toBe(email);
    await auth.logout();
    token = null;
    expect(kit.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /auth/login',
      'POST /auth/login',
      'GET /auth/user-profile',
      'POST /auth/logout',
    ]);
  });

  it('has the seeds, faults, request log, token controls and reset of the server', async () => {
    const kit = createReferenceFetch({ baseURL: 'http://pam.test/' });
    expect(kit.baseURL).toBe('http://pam.test');
    expect(kit.seed).toEqual(SEED_ACCOUNTS);
    kit.faults.add({ path: '/auth/login', status: 503, body: { message: 'Down.' }, times: 1 });
    const body = JSON.stringify({ login: kit.seed.plain.email, password: kit.seed.plain.password });
    const post = () =>
      kit(`${kit.baseURL}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    expect((await post()).status).toBe(503);
    const ok = await post();
    expect(ok.status).toBe(200);
    const { access_token } = (await ok.json()) as { access_token: string };
    expect(kit.requests).toHaveLength(2);
    expect(kit.requests[1]).toMatchObject({ method: 'POST', path: '/auth/login', body: JSON.parse(body) });

    const profile = () =>
      kit(
        new Request(`${kit.baseURL}/auth/user-profile`, {
          headers: { authorization: `Bearer ${access_token}` },
        }),
      );
    expect((await profile()).status).toBe(200);
    kit.expireTokens();
    expect((await profile()).status).toBe(401);
    const issued = kit.issueToken(kit.seed.plain.id);
    expect(
      (await kit(`${kit.baseURL}/auth/user-profile`, { headers: { authorization: `Bearer ${issued}` } }))
        .status,
    ).toBe(200);
    const log = kit.requests;
    kit.reset();
    expect(kit.requests).toBe(log);
    expect(kit.requests).toHaveLength(0);
  });

  it('answers under a base path and rejects URLs outside its baseURL like an unreachable host', async () => {
    const kit = createReferenceFetch({ baseURL: 'http://app.test/api' });
    const res = await kit('http://app.test/api/income-report/available-years');
    expect(res.status).toBe(401);
    expect(kit.requests[0]?.path).toBe('/income-report/available-years');
    await expect(kit('http://app.test/other/auth/login')).rejects.toBeInstanceOf(TypeError);
    await expect(kit('http://elsewhere.test/api/auth/login')).rejects.toThrow(
      /not under the reference fetch/,
    );
    expect(kit.requests).toHaveLength(1);
  });

  it('honours the abort signal of a request the server never answers', async () => {
    const kit = createReferenceFetch();
    kit.faults.add({ path: '/auth/login', hang: true });
    const controller = new AbortController();
    const pending = kit(`${kit.baseURL}/auth/login`, {
      method: 'POST',
      body: '{}',
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('keeps the clock, so token expiry and report progress follow `now`', async () => {
    let now = Date.parse('2025-03-01T12:00:00Z');
    const kit = createReferenceFetch({ now: () => now, tokenTtlSeconds: 60 });
    const token = kit.issueToken(kit.seed.plain.id);
    const get = () =>
      kit(`${kit.baseURL}/auth/user-profile`, { headers: { authorization: `Bearer ${token}` } });
    expect((await get()).status).toBe(200);
    now += 61_000;
    expect((await get()).status).toBe(401);
  });
});

describe('pam-client/testing in a browser', () => {
  it('imports no node:* module outside the Node server entry, and nothing from machines/', () => {
    const dir = fileURLToPath(new URL('../../src/testing/', import.meta.url));
    const offenders: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(`${dir}${file}`, 'utf8');
      const staticImports = [...source.matchAll(/^\s*import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map(
        (m) => m[1],
      );
      for (const spec of staticImports) {
        if (spec?.startsWith('node:') || spec === 'h3' || spec?.startsWith('h3/'))
          offenders.push(`${file}: ${spec}`);
      }
      if (/from '(\.\.\/)+machines/.test(source)) offenders.push(`${file}: machines`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('the drop fault: a network error on both transports', () => {
  it('the in-process fetch rejects with a TypeError; the client reports a NetworkError', async () => {
    const kit = createReferenceFetch();
    kit.faults.add({ path: '/auth/login', drop: true, times: 1 });
    const url = `${kit.baseURL}/auth/login`;
    await expect(kit(url, { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(TypeError);
    expect((await kit(url, { method: 'POST', body: '{}' })).status).toBe(422);
    kit.faults.add({ path: '/auth/login', drop: true, delayMs: 20, times: 1 });
    const auth = createAuthModule(createOfetchAdapter({ baseURL: kit.baseURL, fetch: kit, retry: 0 }));
    const { email, password } = kit.seed.plain;
    // The drop's 20 ms delay on fake time: no real wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const login = auth.login({ login: email, password }).catch((e: unknown) => e);
      await until(() => kit.requests.length === 3, 'the login at the server');
      await vi.advanceTimersByTimeAsync(20);
      expect(await login).toMatchObject({ code: 'network' });
    } finally {
      vi.useRealTimers();
    }
    expect(kit.requests).toHaveLength(3);
  });

  it('the Node server destroys the socket', async () => {
    const server = await startReferenceServer();
    try {
      server.faults.add({ path: '/auth/login', drop: true, times: 1 });
      await expect(fetch(`${server.url}/auth/login`, { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(
        TypeError,
      );
      expect((await fetch(`${server.url}/auth/login`, { method: 'POST', body: '{}' })).status).toBe(422);
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});
