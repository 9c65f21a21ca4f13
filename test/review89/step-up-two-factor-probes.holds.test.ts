// Review 89: probes of the step-up count, the step-up machine and the login's code step that
// were checked and hold (each must pass; each can fail).
import { createAuthModule, isPamError } from 'pam-client';
import { loginMachine, stepUpMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, waitFor } from 'xstate';
import { withPasswordCheck } from '../../src/user/sensitive';
import { STEP_UP_MAX_ATTEMPTS, stepUpAttemptsOf } from '../../src/user/step-up-attempts';
import { clientsFor, signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const EMAIL = { email: 'ana.nova@example.com' };
const code = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (isPamError(e) ? e.code : 'foreign'),
  );

describe('a 5xx or no answer to a password is never a wrong one', () => {
  it.each([
    ['500', { status: 500, body: { message: 'oops' } }, STEP_UP_MAX_ATTEMPTS, 'http'],
    ['503', { status: 503, body: 'down' }, STEP_UP_MAX_ATTEMPTS, 'http'],
    ['dropped', { drop: true }, STEP_UP_MAX_ATTEMPTS - 1, 'network'],
  ])('%s', async (_, fault, left, failed) => {
    const { user, http } = signedIn(ctx.server);
    ctx.server.faults.add({ path: '/bff/users/self-email', times: 1, ...fault });
    expect(await code(user.updateEmail(withPasswordCheck(EMAIL, ctx.server.seed.plain.password)))).toBe(
      failed,
    );
    // released (5xx) or pending (no answer), never counted wrong: the right password still goes
    expect(stepUpAttemptsOf(http).left()).toBe(left);
    expect(await code(user.updateEmail(withPasswordCheck(EMAIL, ctx.server.seed.plain.password)))).toBe(
      'resolved',
    );
    // (a password with no answer stays pending for its minute, a right one after it notwithstanding)
    expect(stepUpAttemptsOf(http).left()).toBe(left);
  });
});

describe('the code step answered by a cancelled account never signs in', () => {
  const success = (cancelled_account: unknown) => ({
    access_token: 'tok-abcdefghijklmnop',
    expires_in: 3600,
    token_type: 'Bearer',
    user: { id: 2, email: 'x@example.com', cancelled_account },
    userInfo: {
      validate_email_at: null,
      login_at: '2026-01-01 00:00:00',
      login_attempt_qty: 0,
      seven_days_since_last_login: false,
      strong_password: true,
      force_request_kyc: false,
      two_factor_enabled: true,
    },
  });
  it.each([
    [true, 'cancelledAccount'],
    ['true', 'cancelledAccount'],
    [1, 'cancelledAccount'],
    ['1', 'cancelledAccount'],
    ['yes', 'twoFactorRequired'],
    [{}, 'twoFactorRequired'],
  ])('cancelled_account: %j', async (flag, state) => {
    const { http } = clientsFor(ctx.server);
    const actor = createActor(loginMachine, { input: { auth: createAuthModule(http) } }).start();
    const tf = ctx.server.seed.twoFactor;
    actor.send({ type: 'SUBMIT', login: tf.email, password: tf.password });
    await waitFor(actor, (s) => s.matches('twoFactorRequired'));
    ctx.server.faults.add({ path: '/auth/login', status: 200, body: success(flag), times: 1 });
    actor.send({ type: 'SUBMIT_CODE', code: tf.twoFactorCode! });
    const s = await waitFor(actor, (x) => !x.matches('verifyingTwoFactor'));
    expect(s.value).toBe(state);
    expect(s.context.rejectedCodes).toBe(0);
    actor.stop();
  });
});

describe('stepUpMachine takes hostile input without crashing', () => {
  const stepUpError = () => {
    const e = Object.assign(new Error('x'), {
      code: 'step_up_required',
      status: 422,
      reason: 'required',
    });
    Object.defineProperty(e, Symbol.for('pam-client.error'), { value: true });
    return e;
  };
  it.each([
    ['number', 1234],
    ['null', null],
    ['object', { toString: () => 'pw' }],
    ['empty', ''],
  ])('CONFIRM with a password that is %s is ignored', async (_, password) => {
    let calls = 0;
    const run = async () => {
      calls++;
      throw stepUpError();
    };
    const actor = createActor(stepUpMachine, { input: { run } }).start();
    await waitFor(actor, (s) => s.hasTag('passwordRequired'));
    actor.send({ type: 'CONFIRM', password } as never);
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().hasTag('passwordRequired')).toBe(true);
    expect(calls).toBe(1);
    actor.stop();
  });

  it.each([
    ['a string', 'boom'],
    [
      'a getter that throws',
      Object.defineProperty({}, 'code', {
        get: () => {
          throw new Error('pw');
        },
      }),
    ],
    ['undefined', undefined],
  ])('run throwing %s ends failed with a PamError', async (_, thrown) => {
    const actor = createActor(stepUpMachine, {
      input: {
        run: async () => {
          throw thrown;
        },
      },
    }).start();
    const s = await waitFor(actor, (x) => x.status === 'done');
    expect(s.value).toBe('failed');
    expect(isPamError(s.context.error)).toBe(true);
    expect(s.context.error?.code).toBe('unexpected');
    await expect(toPromise(actor)).resolves.toBeUndefined();
  });
});
