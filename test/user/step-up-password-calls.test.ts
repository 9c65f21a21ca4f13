import { isPamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { withPasswordCheck } from '../../src/user/sensitive';
import { STEP_UP_MAX_ATTEMPTS, stepUpAttemptsOf } from '../../src/user/step-up-attempts';
import { signedIn, useReferenceServer } from '../support/server';

// REVIEW-AA AA-3 (+ addendum): the step-up lock counted only bodies with `password_check`, so
// changePassword (its `old_password` is the current password) and checkPassword (`{ password }`)
// were sent while the client was locked, never counted, and a 429 on check-password did not lock.
// Now both reserve an attempt like a `password_check`: a wrong `old_password` (422 on that field)
// or `{ success: false }` counts, a 429 locks until its Retry-After, and while locked both are
// refused with `step_up_locked`, nothing sent.

const ctx = useReferenceServer();
const EMAIL = { email: 'ana.nova@example.com' };
const code = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (isPamError(e) ? e.code : String(e)),
  );
const sent = (path: string) => ctx.server.requests.filter((r) => r.path.startsWith(path)).length;
const CHANGE = (old_password: string) => ({
  old_password,
  password: 'n3w-Passw0rd!',
  password_confirmation: 'n3w-Passw0rd!',
});

describe('changePassword and checkPassword under the step-up lock (AA-3)', () => {
  it('while locked by wrong password_checks, neither is sent', async () => {
    const { user } = signedIn(ctx.server);
    for (let i = 0; i < STEP_UP_MAX_ATTEMPTS; i++)
      await code(user.updateEmail(withPasswordCheck(EMAIL, `w${i}`)));
    expect(await code(user.checkPassword({ password: 'guess' }))).toBe('step_up_locked');
    expect(await code(user.changePassword(1, CHANGE('guess')))).toBe('step_up_locked');
    expect(sent('/bff/users/check-password') + sent('/users/change-password')).toBe(0);
  });

  it('wrong checkPasswords count: after the allowed ones, nothing more is sent', async () => {
    const { user } = signedIn(ctx.server);
    const results: unknown[] = [];
    for (let i = 0; i < 5; i++) results.push(await code(user.checkPassword({ password: `guess-${i}` })));
    expect(sent('/bff/users/check-password')).toBe(STEP_UP_MAX_ATTEMPTS);
    expect(results.slice(STEP_UP_MAX_ATTEMPTS)).toEqual(['step_up_locked', 'step_up_locked']);
    expect(await code(user.updateEmail(withPasswordCheck(EMAIL, ctx.server.seed.plain.password)))).toBe(
      'step_up_locked',
    );
  });

  it('wrong old_passwords count: after the allowed ones, nothing more is sent', async () => {
    const { user } = signedIn(ctx.server);
    const results: unknown[] = [];
    for (let i = 0; i < 5; i++) results.push(await code(user.changePassword(1, CHANGE(`guess-${i}`))));
    expect(results.slice(0, STEP_UP_MAX_ATTEMPTS)).toEqual(Array(STEP_UP_MAX_ATTEMPTS).fill('http'));
    expect(sent('/users/change-password')).toBe(STEP_UP_MAX_ATTEMPTS);
    expect(results.slice(STEP_UP_MAX_ATTEMPTS)).toEqual(['step_up_locked', 'step_up_locked']);
  });

  it('a right password resets the count; a change refused before sending counts nothing', async () => {
    const { user, http } = signedIn(ctx.server);
    const right = ctx.server.seed.plain.password;
    await code(user.checkPassword({ password: 'guess' }));
    await code(user.checkPassword({ password: 'guess' }));
    expect(await user.checkPassword({ password: right })).toEqual({ success: true });
    expect(stepUpAttemptsOf(http).left()).toBe(STEP_UP_MAX_ATTEMPTS);
    const mismatch = {
      old_password: right,
      password: 'n3w-Passw0rd!',
      password_confirmation: 'other-Passw0rd!',
    };
    expect(await code(user.changePassword(1, mismatch))).toBe('invalid_request');
    expect(sent('/users/change-password')).toBe(0);
    expect(stepUpAttemptsOf(http).left()).toBe(STEP_UP_MAX_ATTEMPTS);
  });

  it("a 429 on check-password locks the client until its Retry-After (the server's own lock)", async () => {
    const { user } = signedIn(ctx.server);
    ctx.server.faults.add({
      path: '/bff/users/check-password',
      status: 429,
      headers: { 'retry-after': '60' },
    });
    expect(await code(user.checkPassword({ password: 'guess' }))).toBe('http');
    const before = ctx.server.requests.length;
    expect(await code(user.updateEmail(withPasswordCheck(EMAIL, ctx.server.seed.plain.password)))).toBe(
      'step_up_locked',
    );
    expect(ctx.server.requests.length).toBe(before);
  });

  it('an unreadable check answer and a 422 on another field are neither wrong nor right passwords', async () => {
    const { user, http } = signedIn(ctx.server);
    await code(user.checkPassword({ password: 'guess' }));
    ctx.server.faults.add({ path: '/bff/users/check-password', status: 200, body: { success: 'yes' } });
    expect(await code(user.checkPassword({ password: 'guess' }))).toBe('invalid_response');
    ctx.server.faults.add({
      path: '/users/change-password/1',
      status: 422,
      body: { errors: { password: ['weak'] } },
    });
    expect(await code(user.changePassword(1, CHANGE('guess')))).toBe('http');
    expect(stepUpAttemptsOf(http).left()).toBe(STEP_UP_MAX_ATTEMPTS - 1);
  });
});
