// loginMachine classifies errors by brand and code, so an auth module from another copy of
// pam-client (its CJS build beside these ESM machines) still counts rejected codes, honours
// Retry-After and tells transient failures apart.
import { type LoginResponse, NetworkError, type PamError, TimeoutError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loginMachine, MAX_REJECTED_CODES } from '../../machines/loginMachine';
import { httpErrorFor } from '../../src/errors/base';
import { isTransientError } from '../../src/errors/classify';

const NOW = 1_700_000_000_000;

/** An error made by another copy of pam-client: same brand, code and fields, another class. */
function foreignError(code: string, fields: Record<string, unknown>): PamError {
  class ForeignHttpError extends Error {
    get [Symbol.for('pam-client.error')]() {
      return true;
    }
    toJSON() {
      return { name: this.name, code };
    }
  }
  return Object.assign(new ForeignHttpError(`foreign ${code}`), {
    name: 'HttpError',
    code,
    ...fields,
  }) as never;
}

/** Asks for a code first, then answers every code attempt with `codeAnswer`. */
function authAnswering(codeAnswer: () => Promise<LoginResponse>) {
  let calls = 0;
  return {
    auth: {
      login: (payload: { two_factor_code?: string }) => {
        calls += 1;
        return payload.two_factor_code === undefined
          ? Promise.resolve({ type: 'two_factor_code' } as LoginResponse)
          : codeAnswer();
      },
    },
    calls: () => calls,
  };
}

async function atCodeStep(codeAnswer: () => Promise<LoginResponse>) {
  const { auth, calls } = authAnswering(codeAnswer);
  const actor = createActor(loginMachine, { input: { auth: auth as never, now: () => NOW } }).start();
  actor.send({ type: 'SUBMIT', login: 'two@example.com', password: 'pw' });
  await waitFor(actor, (s) => s.matches('twoFactorRequired'));
  return { actor, calls };
}

describe('loginMachine with errors from another copy of pam-client', () => {
  it('counts a foreign 422 as a rejected code, and fails after the 5th', async () => {
    const { actor } = await atCodeStep(() => Promise.reject(foreignError('http', { status: 422 })));
    for (let i = 1; i <= MAX_REJECTED_CODES; i++) {
      actor.send({ type: 'SUBMIT_CODE', code: `00000${i}` });
      const s = await waitFor(actor, (x) => x.matches('twoFactorRequired') || x.matches('failed'));
      expect(s.context.rejectedCodes).toBe(i);
    }
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('does not count a foreign 503 (transient), and keeps the code step', async () => {
    const { actor } = await atCodeStep(() => Promise.reject(foreignError('http', { status: 503 })));
    actor.send({ type: 'SUBMIT_CODE', code: '000001' });
    const s = await waitFor(actor, (x) => x.matches('twoFactorRequired') && x.context.error !== null);
    expect(s.context.rejectedCodes).toBe(0);
  });

  it("takes retryAt from a foreign 429's Retry-After, uncounted", async () => {
    const { actor } = await atCodeStep(() =>
      Promise.reject(foreignError('http', { status: 429, retryAfter: 60 })),
    );
    actor.send({ type: 'SUBMIT_CODE', code: '000001' });
    const s = await waitFor(actor, (x) => x.matches('twoFactorRequired') && x.context.error !== null);
    expect(s.context.rejectedCodes).toBe(0);
    expect(s.context.retryAt).toBe(NOW + 60_000);
  });

  it('takes retryAt from a foreign 429 on the first step', async () => {
    const auth = { login: () => Promise.reject(foreignError('http', { status: 429, retryAfter: 30 })) };
    const actor = createActor(loginMachine, { input: { auth, now: () => NOW } }).start();
    actor.send({ type: 'SUBMIT', login: 'a@example.com', password: 'pw' });
    const s = await waitFor(actor, (x) => x.matches('failed'));
    expect(s.context.retryAt).toBe(NOW + 30_000);
    expect(s.context.error?.code).toBe('http');
  });
});

describe('loginMachine counts a rejected code as the core classifies errors', () => {
  it('counts every 4xx the auth module can throw but a 429, as isTransientError says; never a network error or timeout', async () => {
    const errors: PamError[] = [
      new NetworkError('POST', '/auth/login'),
      new TimeoutError('POST', 'login', 1),
    ];
    for (let status = 400; status < 500; status++)
      errors.push(httpErrorFor({ status, method: 'POST', path: '/auth/login', body: {} }));
    const counted: number[] = [];
    for (const error of errors) {
      const { actor } = await atCodeStep(() => Promise.reject(error));
      actor.send({ type: 'SUBMIT_CODE', code: '000000' });
      const s = await waitFor(actor, (x) => x.matches('twoFactorRequired') && x.context.error !== null);
      expect(s.context.rejectedCodes, `${error.code} ${(error as { status?: number }).status}`).toBe(
        isTransientError(error) ? 0 : 1,
      );
      counted.push(s.context.rejectedCodes);
      actor.stop();
    }
    // 99 of the 100 statuses count (all but 429); the two transport errors do not.
    expect(counted.filter((n) => n === 1)).toHaveLength(99);
  });
});
