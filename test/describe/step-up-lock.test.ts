// describeError names the step-up lockout (issue 23 item 7, issue 20 items 4-5): after the last
// allowed wrong `password_check`, or after the server's 429 on a password check, a sensitive
// change is refused before sending with a `StepUpLockedError`. Its description says "too many
// wrong passwords" with the wait (worded like the login lockout's), exposes `retryAt`, and never
// says "check the highlighted fields" or "the password is not correct" (the password may be right).
// Also the codes `two_factor_rejected` and `unexpected` get their own words.
import {
  describeError,
  errorMessagesEn,
  errorMessagesPtBR,
  TwoFactorRejectedError,
  UnexpectedError,
} from 'pam-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withPasswordCheck } from '../../src/user/sensitive';
import { STEP_UP_LOCK_MS, STEP_UP_MAX_ATTEMPTS } from '../../src/user/step-up-attempts';
import { signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const EMAIL = { email: 'ana.nova@example.com' };
const NOW = Date.parse('2026-11-23T15:00:00Z');
const caught = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('the change should have been refused'),
    (e: unknown) => e,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('describeError: the step-up lockout', () => {
  it('after three wrong passwords: a lockout title with the wait, in en and pt-BR, and retryAt', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const { user } = signedIn(ctx.server);
    for (let i = 0; i < STEP_UP_MAX_ATTEMPTS - 1; i++) {
      await caught(user.updateEmail(withPasswordCheck(EMAIL, `wrong-${i}`)));
    }
    const locked = await caught(user.updateEmail(withPasswordCheck(EMAIL, 'wrong-last')));
    expect(locked).toMatchObject({ name: 'StepUpLockedError', retryAt: NOW + STEP_UP_LOCK_MS });

    const en = describeError(locked, { now: NOW });
    expect(en.title).toBe('Too many wrong passwords. Please try again in 15 minutes.');
    expect(en.retryAt).toBe(NOW + STEP_UP_LOCK_MS);
    expect(en.retryable).toBe(true);
    expect(en.code).toBe('step_up_locked');
    expect(en.fields).toEqual({ password_check: [en.title] });

    const pt = describeError(locked, { now: NOW, locale: 'pt-BR' });
    expect(pt.title).toBe('Senha incorreta muitas vezes. Tente novamente em 15 minutos.');
    expect(pt.retryAt).toBe(NOW + STEP_UP_LOCK_MS);
    expect(pt.fields).toEqual({ password_check: [pt.title] });
    for (const d of [en, pt]) {
      expect(d.title).not.toBe(errorMessagesEn.fields);
      expect(d.title).not.toBe(errorMessagesPtBR.fields);
      expect(d.fields.password_check).not.toContain(errorMessagesPtBR.field.passwordCheck);
    }

    // The next change is refused before sending: the same words, the wait counted from now.
    const later = NOW + 10 * 60_000;
    vi.setSystemTime(later);
    const again = await caught(user.updateEmail(withPasswordCheck(EMAIL, 'Secret123!')));
    expect(describeError(again, { now: later }).title).toBe(
      'Too many wrong passwords. Please try again in 5 minutes.',
    );
    expect(describeError(again, { now: NOW + 14 * 60_000 }).title).toBe(
      'Too many wrong passwords. Please try again in 1 minute.',
    );
    expect(describeError(again, { now: NOW + STEP_UP_LOCK_MS }).title).toBe(
      'Too many attempts. You can try again now.',
    );
  });

  it("after the server's 429 on a password check: the same lockout wording, Retry-After as retryAt", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const { user } = signedIn(ctx.server);
    ctx.server.faults.add({
      path: '/bff/users/self-email',
      status: 429,
      body: { message: 'Too many attempts.' },
      headers: { 'retry-after': '120' },
      times: 1,
    });
    await caught(user.updateEmail(withPasswordCheck(EMAIL, 'Secret123!')));
    const locked = await caught(user.updateEmail(withPasswordCheck(EMAIL, 'Secret123!')));
    const en = describeError(locked);
    expect(en.title).toBe('Too many wrong passwords. Please try again in 2 minutes.');
    expect(en.retryAt).toBe(NOW + 120_000);
    const pt = describeError(locked, { locale: 'pt-BR' });
    expect(pt.title).toBe('Senha incorreta muitas vezes. Tente novamente em 2 minutos.');
    expect(pt.fields).toEqual({ password_check: [pt.title] });
    expect(pt.retryAt).toBe(NOW + 120_000);
  });

  it('a lockout read back from JSON (a persisted snapshot) is still named, without a class', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const { user } = signedIn(ctx.server);
    for (let i = 0; i < STEP_UP_MAX_ATTEMPTS; i++) {
      await caught(user.updateEmail(withPasswordCheck(EMAIL, `wrong-${i}`)));
    }
    const locked = await caught(user.updateEmail(withPasswordCheck(EMAIL, 'wrong-again')));
    // The description holds no password, whatever the error carried.
    expect(JSON.stringify(describeError(locked, { locale: 'pt-BR' }))).not.toMatch(/wrong-/);
  });
});

describe('describeError: the codes added for issue 21.2', () => {
  it('two_factor_rejected reads as a wrong code, on the code field', () => {
    const error = new TwoFactorRejectedError();
    expect(describeError(error)).toEqual({
      title: 'The code is not correct. Please try again.',
      fields: { two_factor_code: ['The code is not correct.'] },
      retryable: false,
      code: 'two_factor_rejected',
    });
    expect(describeError(error, { locale: 'pt-BR', codeAttemptsLeft: 0 }).title).toMatch(
      /^Código incorreto muitas vezes/,
    );
  });

  it('unexpected reads as something that went wrong, never quoting the foreign message', () => {
    const error = new UnexpectedError('Unexpected failure (secret-value)');
    const pt = describeError(error, { locale: 'pt-BR' });
    expect(pt).toEqual({
      title: 'Algo deu errado. Tente novamente.',
      fields: {},
      retryable: false,
      code: 'unexpected',
    });
    expect(describeError(error).title).toBe('Something went wrong. Please try again.');
  });
});

describe('describeError: step_up_locked on its own (issue 26)', () => {
  it('a StepUpLockedError is named by its code, its wait counted from the server time given', async () => {
    const { StepUpLockedError } = await import('../../src/errors/index');
    const serverNow = NOW + 3 * 3_600_000; // the server 3 h ahead of the device
    const locked = new StepUpLockedError(serverNow + 5 * 60_000);
    expect(describeError(locked, { now: serverNow })).toEqual({
      title: 'Too many wrong passwords. Please try again in 5 minutes.',
      fields: { password_check: ['Too many wrong passwords. Please try again in 5 minutes.'] },
      retryAt: serverNow + 5 * 60_000,
      retryable: true,
      code: 'step_up_locked',
    });
    expect(describeError(locked, { now: serverNow, locale: 'pt-BR' }).title).toBe(
      'Senha incorreta muitas vezes. Tente novamente em 5 minutos.',
    );
  });
});
