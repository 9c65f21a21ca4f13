import { isPamError, secret } from 'pam-client';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { httpErrorFor } from '../../src/errors/base';
import {
  countStepUpPerPlayer,
  StepUpLockedError,
  type StepUpPlayer,
  stepUpAttemptsOf,
} from '../../src/user/step-up-attempts';
import { until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

// Issue 23: step-up attempts are limited PER PLAYER across calls and actors. The count of one
// player never reaches the next one signed in on the same client, and signing out and in again
// (or refreshing the token) does not give a player a fresh count.

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const emailChanges = () => ctx.server.requests.filter((r) => r.path === '/bff/users/self-email').length;

function client(): PamClient {
  const c = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    environment: { channel: null },
  });
  clients.push(c);
  return c;
}

async function signIn(c: PamClient, account: { email: string; password: string }) {
  c.login({ login: account.email, password: account.password });
  await until(() => c.view.status === 'signedIn', `${account.email} signed in`);
}

async function signOut(c: PamClient) {
  c.logout();
  await until(() => c.view.status === 'signedOut', 'signed out');
}

async function lockOut(c: PamClient) {
  const errors: unknown[] = [];
  for (let i = 0; i < 3; i++) {
    errors.push(
      await c.user.updateEmail({ email: 'new@example.com', password_check: secret('bad') }).catch((e) => e),
    );
  }
  expect(errors[2]).toBeInstanceOf(StepUpLockedError);
}

describe('step-up attempts per player', () => {
  it("one player's lock never reaches the next player signed in on the same client", async () => {
    const c = client();
    const { plain, pendingLimit } = ctx.server.seed;
    await signIn(c, plain);
    await lockOut(c);
    await signOut(c);
    await signIn(c, pendingLimit);
    const before = emailChanges();
    await expect(
      c.user.updateEmail({ email: 'limits.new@example.com', password_check: secret(pendingLimit.password) }),
    ).resolves.toBeDefined();
    expect(emailChanges()).toBe(before + 1);
  });

  it('the next player starts a fresh count: a wrong password asks again, with all attempts left', async () => {
    const c = client();
    const { plain, timeLimit } = ctx.server.seed;
    await signIn(c, plain);
    await lockOut(c);
    await signOut(c);
    await signIn(c, timeLimit);
    const e = await c.user
      .updateEmail({ email: 'tl.new@example.com', password_check: secret('bad') })
      .catch((x: unknown) => x);
    expect(isPamError(e) && e.code).toBe('step_up_required');
  });

  it('signing out and in again does not reset a locked player', async () => {
    const c = client();
    const { plain, pendingLimit } = ctx.server.seed;
    await signIn(c, plain);
    await lockOut(c);
    await signOut(c);
    await signIn(c, pendingLimit);
    await signOut(c);
    await signIn(c, plain);
    const before = emailChanges();
    const e = await c.user
      .updateEmail({ email: 'new@example.com', password_check: secret(plain.password) })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(StepUpLockedError);
    expect(e).toMatchObject({ name: 'StepUpLockedError', code: 'step_up_locked' });
    expect((e as StepUpLockedError).retryAt).toBeGreaterThan(Date.now());
    expect(emailChanges()).toBe(before);
  });

  it('a token refresh keeps the count of the player', async () => {
    const c = client();
    const { plain } = ctx.server.seed;
    await signIn(c, plain);
    const wrong = () =>
      c.user
        .updateEmail({ email: 'new@example.com', password_check: secret('bad') })
        .catch((x: unknown) => x);
    await wrong();
    await wrong();
    const refreshes = ctx.server.requests.filter((r) => r.path.includes('refresh')).length;
    c.state.send({ type: 'REFRESH' });
    await until(
      () => ctx.server.requests.filter((r) => r.path.includes('refresh')).length > refreshes,
      'the refresh reached the server',
    );
    await until(() => c.view.status === 'signedIn', 'signed in after the refresh');
    expect(await wrong()).toBeInstanceOf(StepUpLockedError);
  });
});

describe('countStepUpPerPlayer', () => {
  const wrong = httpErrorFor({
    status: 422,
    method: 'PATCH',
    path: '/x',
    body: { code: 'password_check_invalid' },
  });
  const lock = (a: ReturnType<typeof stepUpAttemptsOf>) => {
    for (let i = 0; i < 3; i++) a.settle(a.reserve(), wrong);
  };

  it('keys by player id, else by login id; the same player finds the same count', () => {
    const http = {};
    let who: StepUpPlayer | null = { userId: 1, sid: 10 };
    countStepUpPerPlayer(http, () => who);
    lock(stepUpAttemptsOf(http));
    who = { userId: 1, sid: 11 }; // signed in again: same player
    expect(stepUpAttemptsOf(http).left()).toBe(0);
    who = { userId: 2, sid: 12 };
    expect(stepUpAttemptsOf(http).left()).toBe(3);
    who = { userId: null, sid: 13 }; // a login answer that named nobody: counted per login
    lock(stepUpAttemptsOf(http));
    who = { userId: null, sid: 14 };
    expect(stepUpAttemptsOf(http).left()).toBe(3);
    who = { userId: null, sid: 13 };
    expect(stepUpAttemptsOf(http).left()).toBe(0);
  });

  it('an adapter nobody told, or a getter that throws, keeps one count for whoever it sends for', () => {
    const plain = {};
    lock(stepUpAttemptsOf(plain));
    expect(stepUpAttemptsOf(plain).left()).toBe(0);
    const broken = {};
    countStepUpPerPlayer(broken, () => {
      throw new Error('no session');
    });
    lock(stepUpAttemptsOf(broken));
    expect(() => stepUpAttemptsOf(broken).assertOpen()).toThrow(StepUpLockedError);
  });

  it('the lock ends at retryAt on the clock given (server time), and a tampered store locks (fail closed)', () => {
    let serverNow = Date.parse('2026-11-28T12:00:00Z');
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const http = {};
    countStepUpPerPlayer(http, () => ({ userId: 5 }), { storage, serverNow: () => serverNow });
    lock(stepUpAttemptsOf(http));
    const e = (() => {
      try {
        stepUpAttemptsOf(http).assertOpen();
      } catch (x) {
        return x;
      }
    })();
    expect(e).toMatchObject({ code: 'step_up_locked', retryAt: serverNow + 900_000 });
    serverNow += 900_000;
    expect(stepUpAttemptsOf(http).left()).toBe(3);
    expect(store.size).toBe(1);
    store.set([...store.keys()][0]!, '{"wrong":-5,"lockedUntil":0,"held":[]}');
    expect(stepUpAttemptsOf(http).left()).toBe(0);
  });
});
