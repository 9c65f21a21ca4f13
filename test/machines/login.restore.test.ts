// A login actor restored (opt-in: persistedData + restoreActor) from a stored snapshot (JSON round
// trip) with fresh input logs in again; the stored snapshot holds data only (no service, no function, no secret).
import { createAuthModule, createOfetchAdapter, secret } from 'pam-client';
import { type ReferenceServer, startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { persistedData, restoreActor } from '../../machines/persistence';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server?.close());

const auth = () =>
  createAuthModule(createOfetchAdapter({ baseURL: server.url, timeout: REAL_TIME_TIMEOUT_MS }));
const json = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** Every function, and every path, reachable from a value (own enumerable keys). */
function walk(
  value: unknown,
  path = '$',
  out: { functions: string[]; paths: string[] } = { functions: [], paths: [] },
) {
  if (typeof value === 'function') out.functions.push(path);
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, child] of Object.entries(value)) {
    out.paths.push(`${path}.${key}`);
    walk(child, `${path}.${key}`, out);
  }
  return out;
}

describe('loginMachine restored from a persisted snapshot', () => {
  it('logs in again after a JSON round trip of a failed attempt, with fresh input', async () => {
    const first = createActor(loginMachine, { input: { auth: auth() } }).start();
    first.send({ type: 'SUBMIT', login: server.seed.plain.email, password: 'wrong password' });
    await waitFor(first, (s) => s.matches('failed'), { timeout: 10_000 });
    const persisted = json(persistedData(first));
    first.stop();

    const restored = restoreActor(loginMachine, persisted, { auth: auth() }).start();
    expect(restored.getSnapshot().value).toBe('failed');
    restored.send({ type: 'SUBMIT', login: server.seed.plain.email, password: server.seed.plain.password });
    const done = await waitFor(restored, (s) => s.status === 'done', { timeout: 10_000 });
    expect(done.value).toBe('authenticated');
    expect(typeof done.output?.access_token).toBe('string');
  });

  it('logs in again from a restored idle actor', async () => {
    const first = createActor(loginMachine, { input: { auth: auth() } }).start();
    const restored = restoreActor(loginMachine, json(persistedData(first)), { auth: auth() }).start();
    restored.send({
      type: 'SUBMIT',
      login: server.seed.plain.email,
      password: secret(server.seed.plain.password),
    });
    const done = await waitFor(restored, (s) => s.status === 'done', { timeout: 10_000 });
    expect(done.value).toBe('authenticated');
  });

  it('persists data only: no service, no function, no password, no clock', async () => {
    const actor = createActor(loginMachine, { input: { auth: auth(), now: () => 5 } }).start();
    actor.send({
      type: 'SUBMIT',
      login: server.seed.twoFactor.email,
      password: server.seed.twoFactor.password,
    });
    await waitFor(actor, (s) => s.matches('twoFactorRequired'), { timeout: 10_000 });
    const persisted = persistedData(actor) as unknown as { context: Record<string, unknown> };
    const { functions, paths } = walk(persisted);
    expect(functions).toEqual([]);
    expect(Object.keys(persisted.context)).not.toContain('auth');
    expect(Object.keys(persisted.context)).not.toContain('now');
    expect(paths.filter((p) => /\.auth\b|\.now\b/.test(p))).toEqual([]);
    const text = JSON.stringify(persisted);
    expect(text).not.toContain(server.seed.twoFactor.password);
    expect(text).not.toContain('[service');
  });

  it('persists no service while a request is in flight, and a restored request runs with the fresh auth', async () => {
    const first = createActor(loginMachine, { input: { auth: auth() } }).start();
    first.send({
      type: 'SUBMIT',
      login: server.seed.plain.email,
      password: secret(server.seed.plain.password),
    });
    expect(first.getSnapshot().value).toBe('submitting');
    // In memory (not JSON): the Secret survives, so the restored request can be sent again.
    const persisted = persistedData(first);
    first.stop();
    expect(walk(persisted).functions).toEqual([]);
    expect(JSON.stringify(persisted)).not.toContain('"auth"');

    const restored = restoreActor(loginMachine, persisted, { auth: auth() }).start();
    const done = await waitFor(restored, (s) => s.status === 'done', { timeout: 10_000 });
    expect(done.value).toBe('authenticated');
  });

  it('a two-factor step restored from JSON asks for the password again, and the next SUBMIT logs in', async () => {
    const { twoFactor } = server.seed;
    const first = createActor(loginMachine, { input: { auth: auth() } }).start();
    first.send({ type: 'SUBMIT', login: twoFactor.email, password: twoFactor.password });
    await waitFor(first, (s) => s.matches('twoFactorRequired'), { timeout: 10_000 });
    const persisted = json(persistedData(first));

    const restored = restoreActor(loginMachine, persisted, { auth: auth() }).start();
    restored.send({ type: 'SUBMIT_CODE', code: twoFactor.twoFactorCode as string });
    const failed = await waitFor(restored, (s) => s.matches('failed'), { timeout: 10_000 });
    expect(failed.context.error?.code).toBe('invalid_request');
    restored.send({ type: 'SUBMIT', login: twoFactor.email, password: twoFactor.password });
    await waitFor(restored, (s) => s.matches('twoFactorRequired'), { timeout: 10_000 });
    restored.send({ type: 'SUBMIT_CODE', code: twoFactor.twoFactorCode as string });
    const done = await waitFor(restored, (s) => s.status === 'done', { timeout: 10_000 });
    expect(done.value).toBe('authenticated');
  });

  it('says what is missing when a snapshot is restored without input', () => {
    const first = createActor(loginMachine, { input: { auth: auth() } }).start();
    const stored = json(persistedData(first));
    expect(() => restoreActor(loginMachine, stored, undefined as never)).toThrow(/input/);
  });

  it('works on a provided machine too', async () => {
    const provided = loginMachine.provide({});
    const first = createActor(provided, { input: { auth: auth() } }).start();
    expect(Object.keys((persistedData(first) as unknown as { context: object }).context)).not.toContain(
      'auth',
    );
    const restored = restoreActor(provided, json(persistedData(first)), { auth: auth() }).start();
    restored.send({ type: 'SUBMIT', login: server.seed.plain.email, password: server.seed.plain.password });
    expect((await waitFor(restored, (s) => s.status === 'done', { timeout: 10_000 })).value).toBe(
      'authenticated',
    );
  });
});
