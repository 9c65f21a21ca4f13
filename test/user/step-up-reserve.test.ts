import { isPamError, PamError, secret } from 'pam-client';
import { createPamClient, type PamClient, stepUpMachine } from 'pam-client/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { NetworkError } from '../../src/errors/index';
import { withPasswordCheck } from '../../src/user/sensitive';
import {
  countStepUpPerPlayer,
  STEP_UP_LOCK_MS,
  STEP_UP_MAX_ATTEMPTS,
  STEP_UP_STORAGE_PREFIX,
  stepUpAttemptsLeftOf,
  stepUpAttemptsOf,
} from '../../src/user/step-up-attempts';
import { until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, signedIn, useReferenceServer } from '../support/server';

// Issue 26, symptom 6: concurrent sensitive changes sent 7 wrong passwords where the lock allows
// 3, because the count moved only when an answer returned: every call sent meanwhile passed the
// check. Now an attempt is reserved BEFORE a password is sent (per player, shared by the tabs of
// an origin) and released by an answer that is not a password rejection. After three wrong
// passwords the errors and the step-up view say 0 attempts left (the view said 1), and the lock
// has its own code, `step_up_locked`, with `retryAt` in server time.

const ctx = useReferenceServer();
const EMAIL = { email: 'ana.nova@example.com' };
const passwordsSent = () =>
  ctx.server.requests.filter(
    (r) => r.path === '/bff/users/self-email' && (r.body as { password_check?: unknown })?.password_check,
  ).length;
const caught = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => e,
  );

const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('attempts reserved on send (symptom 6)', () => {
  it('seven changes sent at once with wrong passwords send three; the others are refused with step_up_locked, nothing sent', async () => {
    const { user } = signedIn(ctx.server);
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) => caught(user.updateEmail(withPasswordCheck(EMAIL, `wrong-${i}`)))),
    );
    expect(passwordsSent()).toBe(STEP_UP_MAX_ATTEMPTS);
    const codes = results.map((e) => (isPamError(e) ? e.code : String(e)));
    expect(codes.filter((c) => c === 'step_up_locked')).toHaveLength(7 - 2);
    expect(codes.filter((c) => c === 'step_up_required')).toHaveLength(2);
  });

  it('after three wrong passwords the error says 0 attempts left, and the step-up machine shows 0', async () => {
    const { user } = signedIn(ctx.server);
    const errors: unknown[] = [];
    for (let i = 0; i < STEP_UP_MAX_ATTEMPTS; i++)
      errors.push(await caught(user.updateEmail(withPasswordCheck(EMAIL, `wrong-${i}`))));
    expect(errors.map(stepUpAttemptsLeftOf)).toEqual([2, 1, 0]);

    const fresh = signedIn(ctx.server, ctx.server.seed.pendingLimit.id);
    const actor = createActor(stepUpMachine, {
      input: {
        run: (password_check, signal) =>
          fresh.user.updateEmail({ ...EMAIL, ...(password_check && { password_check }) }, { signal }),
      },
    }).start();
    for (let i = 0; i < STEP_UP_MAX_ATTEMPTS; i++) {
      await waitFor(actor, (s) => s.hasTag('passwordRequired'));
      actor.send({ type: 'CONFIRM', password: secret(`wrong-${i}`) });
      await waitFor(actor, (s) => s.value !== 'confirming');
    }
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toBe('failed');
    expect(done.context.attemptsLeft).toBe(0);
    expect(done.context.error?.code).toBe('step_up_locked');
  });

  it('the lock is a PamError of its own code, retryAt in the server time the caller gives', async () => {
    const skew = 3 * 3_600_000; // the server's clock 3 h ahead of the device's
    const { http, user } = signedIn(ctx.server);
    countStepUpPerPlayer(http, () => ({ userId: ctx.server.seed.plain.id }), {
      serverNow: () => Date.now() + skew,
    });
    for (let i = 0; i < STEP_UP_MAX_ATTEMPTS - 1; i++)
      await caught(user.updateEmail(withPasswordCheck(EMAIL, 'bad')));
    const before = Date.now() + skew;
    const locked = await caught(user.updateEmail(withPasswordCheck(EMAIL, 'bad')));
    expect(locked).toBeInstanceOf(PamError);
    expect(locked).toMatchObject({ name: 'StepUpLockedError', code: 'step_up_locked' });
    const { retryAt } = locked as { retryAt: number };
    expect(retryAt).toBeGreaterThanOrEqual(before + STEP_UP_LOCK_MS);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + skew + STEP_UP_LOCK_MS);
    expect(JSON.parse(JSON.stringify(locked))).toEqual({
      name: 'StepUpLockedError',
      code: 'step_up_locked',
      message: expect.any(String),
      retryAt,
    });
  });

  it('an answer that is not a password rejection releases the attempt; no answer keeps it (fail closed)', async () => {
    const http = {};
    const attempts = () => stepUpAttemptsOf(http);
    const t = attempts().reserve();
    expect(attempts().left()).toBe(STEP_UP_MAX_ATTEMPTS - 1);
    attempts().settle(t, Object.assign(new Error('no'), {})); // a foreign throw: no answer known
    expect(attempts().left()).toBe(STEP_UP_MAX_ATTEMPTS - 1);
    const u = attempts().reserve();
    attempts().settle(u, new NetworkError('PATCH', '/bff/users/self-email'));
    expect(attempts().left()).toBe(STEP_UP_MAX_ATTEMPTS - 2);
    // A 500 is an answer, and not a password rejection: the attempt is released.
    const server = signedIn(ctx.server);
    ctx.server.faults.add({ path: '/bff/users/self-email', status: 500, body: {}, times: 1 });
    expect(await caught(server.user.updateEmail(withPasswordCheck(EMAIL, 'Secret123!')))).toMatchObject({
      status: 500,
    });
    expect(passwordsSent()).toBe(1);
    expect(stepUpAttemptsOf(server.http).left()).toBe(STEP_UP_MAX_ATTEMPTS);
  });
});

describe('the count is shared by the tabs of an origin (localStorage)', () => {
  function sharedStorage() {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
      keys: () => [...m.keys()],
    };
  }

  it("two tabs' wrong passwords add up: three in all, then both are locked; the store holds no password", async () => {
    const storage = sharedStorage();
    vi.stubGlobal('localStorage', storage);
    const tab = () => {
      const c = createPamClient({
        baseURL: ctx.server.url,
        timeout: REAL_TIME_TIMEOUT_MS,
        environment: { channel: null },
      });
      clients.push(c);
      return c;
    };
    const [a, b] = [tab(), tab()];
    const { plain } = ctx.server.seed;
    for (const c of [a, b]) {
      c.login({ login: plain.email, password: plain.password });
      await until(() => c.view.status === 'signedIn', 'signed in');
    }
    const wrong = (c: PamClient, i: number) =>
      caught(c.user.updateEmail({ email: 'x@example.com', password_check: secret(`wrong-${i}`) }));
    const results = await Promise.all([wrong(a, 0), wrong(b, 1), wrong(a, 2), wrong(b, 3), wrong(a, 4)]);
    expect(passwordsSent()).toBe(STEP_UP_MAX_ATTEMPTS);
    expect(results.filter((e) => isPamError(e) && e.code === 'step_up_locked')).toHaveLength(3);
    expect(await wrong(b, 5)).toMatchObject({ code: 'step_up_locked' });
    expect(passwordsSent()).toBe(STEP_UP_MAX_ATTEMPTS);
    // (The play clock keeps its own record beside it since X-2: counted from the sign-in.)
    const stepUpKeys = storage.keys().filter((k) => k.startsWith(STEP_UP_STORAGE_PREFIX));
    expect(stepUpKeys).toEqual([`${STEP_UP_STORAGE_PREFIX}player ${plain.id}`]);
    const stored = storage.getItem(stepUpKeys[0]!) ?? '';
    expect(stored).not.toMatch(/wrong-|Secret/);
  });
});
