import {
  AbortedError,
  type AuthModule,
  createAuthModule,
  createOfetchAdapter,
  HttpError,
  type LoginPayload,
  type LoginResponse,
  NetworkError,
  TimeoutError,
  UnauthorizedError,
} from 'pam-client';
import { type ReferenceServer, startReferenceServer } from 'pam-client/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise, waitFor } from 'xstate';
import { type LoginRequest, loginMachine } from '../../machines/loginMachine';
import { isSecret } from '../../src/secrets/index';
import { turns, until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';

afterEach(() => {
  vi.useRealTimers();
});

const NOW = 1_700_000_000_000;
const PASSWORD = 'Secret123!';
const CODE = '123456';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server?.close());

interface Call {
  payload: LoginPayload;
  signal: AbortSignal | undefined;
  /** What the request ended with: 'answered' or the error it threw. */
  settled: Promise<unknown>;
}

/**
 * The real auth module on the real adapter, recording every call's signal and outcome. Its timeout
 * is far above a loopback login: a CI dry run (472afac) timed out the file's first login at 2 s
 * while 251 files were importing. The tests of the timeout itself move fake time.
 */
function realAuth(timeout = 10_000) {
  const auth = createAuthModule(createOfetchAdapter({ baseURL: server.url, timeout }));
  const calls: Call[] = [];
  const spy: Pick<AuthModule, 'login'> = {
    login(payload, options) {
      const pending = auth.login(payload, options);
      calls.push({
        payload,
        signal: options?.signal,
        settled: pending.then(
          () => 'answered',
          (error: unknown) => error,
        ),
      });
      return pending;
    },
  };
  return { auth: spy, calls };
}

type LoginActor = Actor<typeof loginMachine>;

function start(auth: Pick<AuthModule, 'login'> = realAuth().auth): LoginActor {
  return createActor(loginMachine, { input: { auth, now: () => NOW } }).start();
}

type State =
  | 'idle'
  | 'submitting'
  | 'twoFactorRequired'
  | 'verifyingTwoFactor'
  | 'authenticated'
  | 'cancelledAccount'
  | 'failed';
/** Waits for `state`; on a timeout, says where the actor stood and with which error. */
const settle = (actor: LoginActor, state: State) =>
  waitFor(actor, (s) => s.matches(state), { timeout: 12_000 }).catch((cause: unknown) => {
    const { value, context } = actor.getSnapshot();
    const error = context.error as { code?: string } | null;
    throw new Error(`never reached ${state}: in ${JSON.stringify(value)}, error ${error?.code ?? 'none'}`, {
      cause,
    });
  });

const bodies = () => server.requests.filter((r) => r.path === '/auth/login').map((r) => r.body);

/**
 * The server's `delayMs` on fake time: the delayed answer comes only when the test moves time, so
 * "nothing follows" is checked past it on the test's time line, not after a real sleep.
 */
const fakeServerDelays = () => installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
/** Past the server's 200 ms delay, then a few event-loop turns for whatever its answer would do. */
const pastTheDelayedAnswer = async () => {
  await vi.advanceTimersByTimeAsync(300);
  await turns(10);
};

async function reachTwoFactor(actor: LoginActor, extra: { captchaToken?: string; appSource?: string } = {}) {
  actor.send({ type: 'SUBMIT', login: server.seed.twoFactor.email, password: PASSWORD, ...extra });
  return settle(actor, 'twoFactorRequired');
}

describe('loginMachine (reference server)', () => {
  it('logs in by e-mail: the output is the login answer; the password and token stay out of context', async () => {
    const actor = start();
    actor.send({ type: 'SUBMIT', login: server.seed.plain.email, password: PASSWORD });
    expect(actor.getSnapshot().value).toBe('submitting');
    const done = await settle(actor, 'authenticated');

    expect(done.status).toBe('done');
    expect(done.output?.user.email).toBe(server.seed.plain.email);
    expect(done.output?.access_token).toMatch(/\S+/);
    expect(done.context.password).toBeNull();
    expect(done.context.error).toBeNull();
    expect(JSON.stringify(done.context)).not.toContain(done.output?.access_token);
    expect(bodies()).toEqual([{ login: server.seed.plain.email, password: PASSWORD }]);
  });

  it('logs in by CPF (formatted)', async () => {
    const actor = start();
    const cpf = server.seed.plain.cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    actor.send({ type: 'SUBMIT', login: cpf, password: PASSWORD });
    const done = await settle(actor, 'authenticated');
    expect(done.output?.user.id).toBe(server.seed.plain.id);
    // A valid CPF is sent as digits only (the auth module normalises it).
    expect(bodies()).toEqual([{ login: server.seed.plain.cpf, password: PASSWORD }]);
  });

  it('asks for the code, then repeats the login with the same login, password and app source', async () => {
    const actor = start();
    const waiting = await reachTwoFactor(actor, { appSource: 'web' });
    expect(waiting.context.password && isSecret(waiting.context.password)).toBe(true);
    expect(waiting.context.rejectedCodes).toBe(0);

    actor.send({ type: 'SUBMIT_CODE', code: CODE });
    expect(actor.getSnapshot().value).toBe('verifyingTwoFactor');
    const done = await settle(actor, 'authenticated');

    expect(done.output?.user.email).toBe(server.seed.twoFactor.email);
    expect(bodies()).toEqual([
      { login: server.seed.twoFactor.email, password: PASSWORD, app_source: 'web' },
      { login: server.seed.twoFactor.email, password: PASSWORD, app_source: 'web', two_factor_code: CODE },
    ]);
  });

  it('counts a rejected code (422) with the error, then accepts the right one', async () => {
    const actor = start();
    await reachTwoFactor(actor);
    actor.send({ type: 'SUBMIT_CODE', code: '000000' });
    await settle(actor, 'verifyingTwoFactor');
    const rejected = await settle(actor, 'twoFactorRequired');

    expect(rejected.context.rejectedCodes).toBe(1);
    expect(rejected.context.error).toBeInstanceOf(HttpError);
    expect((rejected.context.error as HttpError).status).toBe(422);
    expect((rejected.context.error as HttpError).fieldErrors).toHaveProperty('two_factor_code');

    actor.send({ type: 'SUBMIT_CODE', code: CODE });
    // A new attempt clears the previous error while it runs.
    expect(actor.getSnapshot().context.error).toBeNull();
    const done = await settle(actor, 'authenticated');
    expect(done.output?.user.email).toBe(server.seed.twoFactor.email);
  });

  it('fails on the fifth rejected code, clearing the password', async () => {
    const actor = start();
    await reachTwoFactor(actor);
    for (let i = 1; i <= 4; i++) {
      actor.send({ type: 'SUBMIT_CODE', code: `00000${i}` });
      const back = await waitFor(
        actor,
        (s) => s.matches('twoFactorRequired') && s.context.rejectedCodes === i,
      );
      expect((back.context.error as HttpError).status).toBe(422);
    }
    actor.send({ type: 'SUBMIT_CODE', code: '000005' });
    const failed = await settle(actor, 'failed');

    expect(failed.context.rejectedCodes).toBe(5);
    expect((failed.context.error as HttpError).status).toBe(422);
    expect(failed.context.password).toBeNull();
    expect(bodies()).toHaveLength(6);
  });

  it('returns to twoFactorRequired uncounted on a 503 while verifying (no automatic retry)', async () => {
    const actor = start();
    await reachTwoFactor(actor);
    server.faults.add({ path: '/auth/login', status: 503, body: { message: 'Maintenance' }, times: 1 });
    actor.send({ type: 'SUBMIT_CODE', code: CODE });
    await settle(actor, 'verifyingTwoFactor');
    const back = await settle(actor, 'twoFactorRequired');

    expect(back.context.rejectedCodes).toBe(0);
    expect((back.context.error as HttpError).status).toBe(503);
    expect(bodies()).toHaveLength(2);

    actor.send({ type: 'SUBMIT_CODE', code: CODE });
    expect((await settle(actor, 'authenticated')).output?.access_token).toMatch(/\S+/);
  });

  it('returns to twoFactorRequired uncounted on a timeout while verifying', async () => {
    // The adapter's timeout on fake time once the code is asked: with a real 150 ms one, a login
    // slower than that on a loaded machine timed out before the code was ever asked (CI dry run).
    const { auth } = realAuth(5_000);
    const actor = start(auth);
    await reachTwoFactor(actor);
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.faults.add({ path: '/auth/login', hang: true, times: 1 });
    const sent = server.requests.length;
    actor.send({ type: 'SUBMIT_CODE', code: CODE });
    await until(() => server.requests.length === sent + 1, 'the code reached the server (and hangs)');
    await vi.advanceTimersByTimeAsync(5_000);
    const back = await waitFor(actor, (s) => s.matches('twoFactorRequired') && s.context.error !== null);

    expect(back.context.error).toBeInstanceOf(TimeoutError);
    expect(back.context.rejectedCodes).toBe(0);
  });

  it('returns to twoFactorRequired uncounted on a 429 while verifying, with retryAt', async () => {
    const actor = start();
    await reachTwoFactor(actor);
    server.faults.add({ path: '/auth/login', status: 429, headers: { 'retry-after': '20' }, times: 1 });
    actor.send({ type: 'SUBMIT_CODE', code: CODE });
    const back = await waitFor(actor, (s) => s.matches('twoFactorRequired') && s.context.error !== null);

    expect(back.context.rejectedCodes).toBe(0);
    expect((back.context.error as HttpError).retryAfter).toBe(20);
    expect(back.context.retryAt).toBe(NOW + 20_000);
  });

  it('reaches cancelledAccount, forgets the password; RESET returns to idle', async () => {
    const actor = start();
    actor.send({ type: 'SUBMIT', login: server.seed.cancelled.email, password: PASSWORD });
    const cancelled = await settle(actor, 'cancelledAccount');
    expect(cancelled.context.password).toBeNull();
    expect(cancelled.context.error).toBeNull();

    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.login).toBeNull();
  });

  it('fails on a wrong password with the 401; RESET clears the error', async () => {
    const actor = start();
    actor.send({ type: 'SUBMIT', login: server.seed.plain.email, password: 'wrong-password' });
    const failed = await settle(actor, 'failed');

    expect(failed.context.error).toBeInstanceOf(UnauthorizedError);
    expect((failed.context.error as HttpError).status).toBe(401);
    expect(failed.context.retryAt).toBeNull();
    expect(failed.context.password).toBeNull();

    actor.send({ type: 'RESET' });
    const idle = actor.getSnapshot();
    expect(idle.value).toBe('idle');
    expect(idle.context).toMatchObject({ error: null, password: null, rejectedCodes: 0, retryAt: null });
  });

  it('fails on a 429 keeping retryAfter in the error and retryAt in context', async () => {
    server.faults.add({
      path: '/auth/login',
      status: 429,
      headers: { 'retry-after': '30' },
      body: { message: 'Too many attempts.' },
      times: 1,
    });
    const actor = start();
    actor.send({ type: 'SUBMIT', login: server.seed.plain.email, password: PASSWORD });
    const failed = await settle(actor, 'failed');

    expect(failed.context.error).toBeInstanceOf(HttpError);
    expect((failed.context.error as HttpError).status).toBe(429);
    expect((failed.context.error as HttpError).retryAfter).toBe(30);
    expect(failed.context.retryAt).toBe(NOW + 30_000);
  });

  it('accepts a new SUBMIT in failed (a fresh attempt, counters reset)', async () => {
    const actor = start();
    actor.send({ type: 'SUBMIT', login: server.seed.plain.email, password: 'wrong-password' });
    await settle(actor, 'failed');
    actor.send({ type: 'SUBMIT', login: server.seed.plain.email, password: PASSWORD });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect((await settle(actor, 'authenticated')).output?.user.id).toBe(server.seed.plain.id);
  });

  it('RESET abandons twoFactorRequired and clears the password and counters', async () => {
    const actor = start();
    await reachTwoFactor(actor);
    actor.send({ type: 'SUBMIT_CODE', code: '000000' });
    await waitFor(actor, (s) => s.matches('twoFactorRequired') && s.context.rejectedCodes === 1);

    actor.send({ type: 'RESET' });
    const idle = actor.getSnapshot();
    expect(idle.value).toBe('idle');
    expect(idle.context).toMatchObject({ login: null, password: null, error: null, rejectedCodes: 0 });
    actor.send({ type: 'SUBMIT_CODE', code: CODE });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('RESET while submitting aborts the request and nothing follows', async () => {
    await fakeServerDelays();
    server.faults.add({ path: '/auth/login', delayMs: 200 });
    const { auth, calls } = realAuth();
    const actor = start(auth);
    actor.send({ type: 'SUBMIT', login: server.seed.plain.email, password: PASSWORD });
    await until(() => server.requests.length === 1);

    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(await calls[0]?.settled).toBeInstanceOf(AbortedError);
    await pastTheDelayedAnswer();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('RESET while verifying aborts the code request', async () => {
    await fakeServerDelays();
    const { auth, calls } = realAuth();
    const actor = start(auth);
    await reachTwoFactor(actor);
    server.faults.add({ path: '/auth/login', delayMs: 200 });
    actor.send({ type: 'SUBMIT_CODE', code: CODE });
    await until(() => server.requests.length === 2);

    actor.send({ type: 'RESET' });
    expect(await calls[1]?.settled).toBeInstanceOf(AbortedError);
    await pastTheDelayedAnswer();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('ignores SUBMIT while submitting: one request, for the first credentials', async () => {
    await fakeServerDelays();
    server.faults.add({ path: '/auth/login', delayMs: 100 });
    const actor = start();
    actor.send({ type: 'SUBMIT', login: server.seed.plain.email, password: PASSWORD });
    actor.send({ type: 'SUBMIT', login: server.seed.cancelled.email, password: PASSWORD });
    expect(actor.getSnapshot().context.login).toBe(server.seed.plain.email);
    await until(() => server.requests.length === 1, 'the login at the server');
    await vi.advanceTimersByTimeAsync(100);
    const done = await settle(actor, 'authenticated');

    expect(done.output?.user.id).toBe(server.seed.plain.id);
    expect(bodies()).toHaveLength(1);
  });

  it('sends the captcha token given with SUBMIT_CODE, never the first one again', async () => {
    const actor = start();
    await reachTwoFactor(actor, { captchaToken: 'captcha-one', appSource: 'ios' });
    actor.send({ type: 'SUBMIT_CODE', code: '000000', captchaToken: 'captcha-two' });
    await waitFor(actor, (s) => s.matches('twoFactorRequired') && s.context.rejectedCodes === 1);
    actor.send({ type: 'SUBMIT_CODE', code: CODE });
    await settle(actor, 'authenticated');

    const sent = bodies() as Record<string, unknown>[];
    expect(sent.map((b) => b.captcha_token)).toEqual(['captcha-one', 'captcha-two', undefined]);
    expect(sent.map((b) => b.app_source)).toEqual(['ios', 'ios', 'ios']);
    expect(sent[2]).not.toHaveProperty('captcha_token');
  });

  it('stopping the actor while submitting aborts the request; nothing fires afterwards', async () => {
    await fakeServerDelays();
    server.faults.add({ path: '/auth/login', delayMs: 200 });
    const { auth, calls } = realAuth();
    const actor = start(auth);
    const seen: string[] = [];
    actor.subscribe((s) => seen.push(String(s.value)));
    actor.send({ type: 'SUBMIT', login: server.seed.plain.email, password: PASSWORD });
    await until(() => server.requests.length === 1);

    actor.stop();
    const atStop = seen.length;
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(await calls[0]?.settled).toBeInstanceOf(AbortedError);
    await pastTheDelayedAnswer();

    expect(actor.getSnapshot().status).toBe('stopped');
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(seen.length).toBe(atStop);
    expect(server.requests).toHaveLength(1);
  });

  it('reports a network failure while submitting as a NetworkError in failed', async () => {
    const dead = createAuthModule(createOfetchAdapter({ baseURL: 'http://127.0.0.1:1', timeout: 1000 }));
    const actor = start(dead);
    actor.send({ type: 'SUBMIT', login: server.seed.plain.email, password: PASSWORD });
    const failed = await settle(actor, 'failed');
    expect(failed.context.error).toBeInstanceOf(NetworkError);
  });
});

describe('loginMachine (timers and stop)', () => {
  it('leaves no timer behind when stopped mid-request, and never changes state afterwards', async () => {
    await installFakeTimers();
    try {
      let aborted = false;
      const slow = fromPromise<LoginResponse, LoginRequest>(
        ({ signal }) =>
          new Promise((_, reject) => {
            const timer = setTimeout(() => reject(new NetworkError('POST', 'never reached')), 1000);
            signal.addEventListener('abort', () => {
              aborted = true;
              clearTimeout(timer);
              reject(signal.reason);
            });
          }),
      );
      const machine = loginMachine.provide({ actors: { submitLogin: slow } });
      const actor = createActor(machine, { input: { auth: realAuth().auth } }).start();
      actor.send({ type: 'SUBMIT', login: 'a@example.com', password: 'x' });
      expect(vi.getTimerCount()).toBe(1);

      actor.stop();
      expect(aborted).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(5000);
      expect(actor.getSnapshot().value).toBe('submitting');
      expect(actor.getSnapshot().context.error).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
