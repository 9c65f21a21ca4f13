import { isPamError, type Secret, secret } from 'pam-client';
import { stepUpMachine } from 'pam-client/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { withPasswordCheck } from '../../src/user/sensitive';
import { STEP_UP_LOCK_MS, STEP_UP_MAX_ATTEMPTS } from '../../src/user/step-up-attempts';
import { signedIn, useReferenceServer } from '../support/server';

// Issue 23: wrong step-up passwords are limited per player ACROSS calls and actors: a new call, a
// new prompt or a new step-up actor does not reset the count. After STEP_UP_MAX_ATTEMPTS wrong
// ones the client is locked until `retryAt` (nothing is sent); a right password resets the count.

const ctx = useReferenceServer();
const EMAIL = { email: 'ana.nova@example.com' };
const RIGHT = 'Secret123!';
const sent = () => ctx.server.requests.filter((r) => r.path === '/bff/users/self-email').length;
const reasonOf = (e: unknown) => (e as { reason?: string }).reason;

afterEach(() => {
  vi.useRealTimers();
});

describe('step-up attempts across calls', () => {
  it('locks after three wrong passwords given through withPasswordCheck, nothing more is sent, until retryAt', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-23T15:00:00Z') });
    const { user } = signedIn(ctx.server);
    for (let i = 0; i < STEP_UP_MAX_ATTEMPTS - 1; i++) {
      const e = await user.updateEmail(withPasswordCheck(EMAIL, `wrong-${i}`)).catch((x: unknown) => x);
      expect(isPamError(e) && e.code === 'step_up_required' && reasonOf(e)).toBe('invalid');
    }
    // The wrong password that uses the attempts up says so: locked, with when to try again.
    const last = await user.updateEmail(withPasswordCheck(EMAIL, 'wrong-last')).catch((x: unknown) => x);
    expect(last).toMatchObject({ code: 'step_up_locked', retryAt: Date.now() + STEP_UP_LOCK_MS });
    const locked = await user.updateEmail(withPasswordCheck(EMAIL, RIGHT)).catch((x: unknown) => x);
    expect(locked).toMatchObject({
      name: 'StepUpLockedError',
      code: 'step_up_locked',
      retryAt: Date.now() + STEP_UP_LOCK_MS,
    });
    expect(JSON.stringify(locked)).not.toContain(RIGHT);
    expect(sent()).toBe(STEP_UP_MAX_ATTEMPTS);
    vi.setSystemTime(Date.now() + STEP_UP_LOCK_MS);
    await expect(user.updateEmail(withPasswordCheck(EMAIL, RIGHT))).resolves.toBeDefined();
  });

  it('a right password resets the count', async () => {
    const { user } = signedIn(ctx.server);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < STEP_UP_MAX_ATTEMPTS - 1; i++) {
        await expect(user.updateEmail(withPasswordCheck(EMAIL, 'wrong'))).rejects.toMatchObject({
          code: 'step_up_required',
        });
      }
      await user.updateEmail(withPasswordCheck({ email: `ana.${round}@example.com` }, RIGHT));
    }
    expect(sent()).toBe(3 * STEP_UP_MAX_ATTEMPTS);
  });

  it('onStepUp is asked again after a wrong password, three times in all, then the client is locked; a new call asks nobody', async () => {
    const { user } = signedIn(ctx.server);
    const prompts: string[] = [];
    const onStepUp = async (e: unknown): Promise<Secret> => {
      prompts.push(reasonOf(e) ?? '?');
      return secret('wrong');
    };
    const e = await user.updateEmail(EMAIL, { onStepUp }).catch((x: unknown) => x);
    expect(prompts).toEqual(['required', 'invalid', 'invalid']);
    expect(e).toMatchObject({ code: 'step_up_locked' });
    const again = await user.updateEmail(EMAIL, { onStepUp }).catch((x: unknown) => x);
    expect(again).toMatchObject({ code: 'step_up_locked' });
    expect(prompts).toHaveLength(3);
  });
});

describe('the server lock', () => {
  it('a 429 on a password check locks the client until its Retry-After, nothing sent meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-23T15:00:00Z') });
    const { user } = signedIn(ctx.server);
    ctx.server.faults.add({
      path: '/bff/users/self-email',
      status: 429,
      body: { message: 'Too many attempts.' },
      headers: { 'retry-after': '120' },
      times: 1,
    });
    await expect(user.updateEmail(withPasswordCheck(EMAIL, RIGHT))).rejects.toMatchObject({ status: 429 });
    const locked = await user.updateEmail(withPasswordCheck(EMAIL, RIGHT)).catch((x: unknown) => x);
    expect(locked).toMatchObject({ code: 'step_up_locked', retryAt: Date.now() + 120_000 });
    expect(sent()).toBe(1);
    vi.setSystemTime(Date.now() + 120_000);
    await expect(user.updateEmail(withPasswordCheck(EMAIL, RIGHT))).resolves.toBeDefined();
  });
});

describe('step-up attempts across stepUpMachine actors', () => {
  it('a new actor starts with the attempts the player has left, and fails locked once none are', async () => {
    const { user } = signedIn(ctx.server);
    const start = () =>
      createActor(stepUpMachine, {
        input: {
          run: (password_check, signal) =>
            user.updateEmail({ ...EMAIL, ...(password_check && { password_check }) }, { signal }),
        },
      }).start();
    const prompt = (a: ReturnType<typeof start>) =>
      waitFor(a, (s) => s.hasTag('passwordRequired') || s.status === 'done');
    const first = start();
    expect((await prompt(first)).context.attemptsLeft).toBe(STEP_UP_MAX_ATTEMPTS);
    first.send({ type: 'CONFIRM', password: secret('wrong') });
    await waitFor(first, (s) => s.hasTag('passwordRequired') && s.context.reason === 'invalid');
    first.send({ type: 'CANCEL' });

    const second = start();
    expect((await prompt(second)).context.attemptsLeft).toBe(STEP_UP_MAX_ATTEMPTS - 1);
    second.send({ type: 'CONFIRM', password: secret('wrong') });
    await waitFor(second, (s) => s.hasTag('passwordRequired') && s.context.attemptsLeft === 1);
    second.send({ type: 'CONFIRM', password: secret('wrong') });
    const failed = await waitFor(second, (s) => s.status === 'done');
    expect(failed.value).toBe('failed');

    const third = start();
    const locked = await waitFor(third, (s) => s.status === 'done');
    expect(locked.value).toBe('failed');
    expect(locked.context.error).toMatchObject({
      code: 'step_up_locked',
    });
    expect((locked.context.error as unknown as { retryAt: number }).retryAt).toBeGreaterThan(Date.now());
  });
});
