// Review 144: sign-out against odd answers to `POST /auth/logout`, over real sockets (the reference
// server's faults), time faked (setTimeout/setInterval only: the sockets run on the event loop).
// Since review 138 a write answered 2xx with a bare `false`, `0` or `"false"` is `invalid_response`
// (`not_confirmed`), and a logout is such a write. Checked for each answer: the session ends signed
// out, the store empty, the view's error typed (or none) and without the token, the logout sent again
// only while it got no verdict (3 sends at most), every send naming the signed-out token, and no timer
// left once the resends are over and the client stopped.
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { trackClientTimers } from './client-timers';

const ctx = useReferenceServer();
const clients: PamClient[] = [];
let timers: ReturnType<typeof trackClientTimers>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  timers = trackClientTimers();
});
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
  timers.restore();
  vi.useRealTimers();
});

async function signedInClient() {
  const seen: string[] = [];
  const c = createPamClient({
    baseURL: ctx.server.url,
    environment: { channel: null },
    inspect: (e: unknown) => {
      try {
        seen.push(JSON.stringify(e));
      } catch {}
    },
  } as never);
  clients.push(c);
  for (const type of ['signedOut', 'refreshFailed', 'sessionExpired', 'mutationOutcomeUnknown'] as const)
    c.on(type, (e) => seen.push(JSON.stringify(e), String((e as { error?: unknown }).error ?? '')));
  c.subscribe((v) => seen.push(JSON.stringify(v), String(v.error ?? ''), String(v.error?.message)));
  const { email, password } = ctx.server.seed.plain;
  c.login({ login: email, password });
  await until(() => c.view.status === 'signedIn', 'signed in');
  const token = (await c.tokens.get())!.accessToken;
  return { c, seen, token };
}

const logouts = () => ctx.server.requests.filter((r) => r.path === '/auth/logout');

/** Runs fake time in small steps, with the event loop between them (the resends' sockets). */
async function runTime(ms: number) {
  for (let t = 0; t < ms; t += 100) {
    await vi.advanceTimersByTimeAsync(100);
    await until(() => true);
  }
}

type Answer = (token: string) => Record<string, unknown>;
const cases: [string, Answer, number][] = [
  ['a bare 0', () => ({ status: 200, body: '0', contentType: 'application/json' }), 3],
  ['a bare false', () => ({ status: 200, body: 'false', contentType: 'application/json' }), 3],
  ['a bare "false"', () => ({ status: 200, body: '"false"', contentType: 'application/json' }), 3],
  ['{"success":false} echoing the token', (t) => ({ status: 200, body: { success: false, message: t } }), 3],
  ['a 503 echoing the token', (t) => ({ status: 503, body: { message: `down ${t}`, token: t } }), 3],
  ['a 401 echoing the token', (t) => ({ status: 401, body: { message: `who is ${t}` } }), 1],
  ['a 307 to the same server', () => ({ status: 307, headers: { location: '/auth/logout-moved' } }), 3],
  ['a 200 echoing the token', (t) => ({ status: 200, body: { success: true, access_token: t } }), 1],
];

describe('review 144: a logout answered oddly (held)', () => {
  for (const [name, answer, sends] of cases)
    it(`${name}: signed out here, store empty, ${sends} send(s), nothing secret, no timer left`, async () => {
      const { c, seen, token } = await signedInClient();
      ctx.server.faults.add({ method: 'POST', path: '/auth/logout', ...answer(token) });
      const rejections: unknown[] = [];
      const onRejection = (e: unknown) => rejections.push(e);
      process.on('unhandledRejection', onRejection);
      try {
        c.logout();
        expect(await c.tokens.get()).toBeNull();
        await until(
          () => c.view.status === 'signedOut',
          () => `signed out (view ${c.view.status})`,
        );
        await runTime(5_000);
        await until(() => true);
      } finally {
        process.off('unhandledRejection', onRejection);
      }
      expect(c.view.status).toBe('signedOut');
      expect(c.view.signedOutReason).toBe('logout');
      expect(await c.tokens.get()).toBeNull();
      expect(logouts().map((r) => r.headers.authorization)).toEqual(Array(sends).fill(`Bearer ${token}`));
      // The error, if any, is typed.
      expect(c.view.error === null || typeof c.view.error.code === 'string').toBe(true);
      seen.push(JSON.stringify(c.view), JSON.stringify(c.view.error), String(c.view.error?.message));
      expect(seen.filter((s) => s.includes(token))).toEqual([]);
      expect(rejections).toEqual([]);
      c.stop();
      expect(timers.count()).toBe(0);
    });
});

describe('review 144: a logout that is never answered (held)', () => {
  it('signing out until the request timeout, then signed out; sent 3 times; no timer left', async () => {
    const { c, seen, token } = await signedInClient();
    ctx.server.faults.add({ method: 'POST', path: '/auth/logout', hang: true });
    c.logout();
    expect(await c.tokens.get()).toBeNull();
    await until(() => logouts().length === 1, 'the logout at the server');
    expect(c.view.status).toBe('signingOut');
    await runTime(16_000);
    expect(c.view.status).toBe('signedOut');
    expect(c.view.error?.code).toBe('timeout');
    await runTime(40_000);
    expect(logouts()).toHaveLength(3);
    seen.push(JSON.stringify(c.view), String(c.view.error?.message));
    expect(seen.filter((s) => s.includes(token))).toEqual([]);
    c.stop();
    expect(timers.count()).toBe(0);
  });
});
