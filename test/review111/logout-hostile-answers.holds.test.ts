// Review 111, probes of sign-out against hostile answers to `POST /auth/logout` (real sockets: the
// reference server's faults). Each: a 500 echoing the access token, a 302 to another host, a 200
// with invalid JSON, a 200 with a 3 MB body echoing the token, a 401; then logout twice, logout
// while a refresh is in flight, and a throwing `on(...)` listener. Checked: the local session ends
// (view `signedOut`, token store empty), and the token is in no view, event, inspection or error.
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

async function signedInClient() {
  const seen: string[] = [];
  const c = createPamClient({
    baseURL: ctx.server.url,
    environment: { channel: null },
    inspect: (e: unknown) => {
      try {
        seen.push(JSON.stringify((e as { snapshot?: unknown }).snapshot ?? null));
        seen.push(JSON.stringify((e as { event?: unknown }).event ?? null));
      } catch {}
    },
  } as never);
  clients.push(c);
  for (const type of ['signedOut', 'refreshFailed', 'sessionExpired', 'restrictionsUnavailable'] as const)
    c.on(type, (e) => seen.push(JSON.stringify(e), String((e as { error?: unknown }).error ?? '')));
  c.subscribe((v) => seen.push(JSON.stringify(v), String(v.error ?? '')));
  const { email, password } = ctx.server.seed.plain;
  c.login({ login: email, password });
  await until(() => c.view.status === 'signedIn', 'signed in');
  const token = (await c.tokens.get())!.accessToken;
  return { c, seen, token };
}

async function expectSignedOutClean(c: PamClient, seen: string[], token: string) {
  await until(
    () => c.view.status === 'signedOut',
    () => `signed out (view ${c.view.status})`,
  );
  expect(await c.tokens.get()).toBeNull();
  seen.push(JSON.stringify(c.view), String(c.view.error ?? ''));
  expect(seen.filter((s) => s.includes(token))).toEqual([]);
}

const giant = (token: string) => ({ echo: `${token} `.repeat(60_000), access_token: token });

describe('review 111: sign-out against hostile answers (held)', () => {
  for (const [name, fault] of [
    [
      'a 500 echoing the token',
      (t: string) => ({ status: 500, body: { message: `bad ${t}`, access_token: t } }),
    ],
    ['a 302 to another host', () => ({ status: 302, headers: { location: 'http://127.0.0.1:9/steal' } })],
    [
      'a 200 with invalid JSON',
      (t: string) => ({ status: 200, body: `{"ok": ${t}`, contentType: 'application/json' }),
    ],
    ['a 200 with a 3 MB body echoing the token', (t: string) => ({ status: 200, body: giant(t) })],
    ['a 401 echoing the token', (t: string) => ({ status: 401, body: { message: t } })],
  ] as const)
    it(`${name}: signed out here, no token shown`, async () => {
      const { c, seen, token } = await signedInClient();
      ctx.server.faults.add({
        method: 'POST',
        path: '/auth/logout',
        ...(fault as (t: string) => object)(token),
      });
      c.logout();
      await expectSignedOutClean(c, seen, token);
    });

  it('logout twice, the second while the first is in flight: one signedOut, no token shown', async () => {
    const { c, seen, token } = await signedInClient();
    let outs = 0;
    c.on('signedOut', () => outs++);
    c.logout();
    c.logout();
    await expectSignedOutClean(c, seen, token);
    c.logout();
    await until(() => ctx.server.requests.some((r) => r.path === '/auth/logout'), 'revoked');
    expect(outs).toBe(1);
    expect(c.view.status).toBe('signedOut');
  });

  it('logout while a refresh is in flight whose answer is a 500 echoing both tokens', async () => {
    const { c, seen, token } = await signedInClient();
    ctx.server.faults.add({
      method: 'POST',
      path: '/users/refresh-token',
      status: 500,
      body: { message: `refresh of ${token}`, access_token: token },
    });
    c.state.send({ type: 'REFRESH' });
    c.logout();
    await expectSignedOutClean(c, seen, token);
  });

  it('a throwing on(...) listener breaks neither the sign-out nor the listeners after it', async () => {
    const { c, seen, token } = await signedInClient();
    const thrown: unknown[] = [];
    const onError = (e: unknown) => thrown.push(e);
    process.on('uncaughtException', onError);
    let after = 0;
    c.on('signedOut', () => {
      throw new Error('listener failed');
    });
    c.on('signedOut', () => after++);
    try {
      c.logout();
      await expectSignedOutClean(c, seen, token);
      await until(() => thrown.length > 0, 'the listener error reported');
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(after).toBe(1);
    expect(thrown.map(String)).toEqual(['Error: listener failed']);
  });
});
