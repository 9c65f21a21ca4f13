// Severity: MEDIUM.
//
// Docs promise (src/user/sensitive.ts, SensitiveCallOptions): "A call that carries the player's
// current password is counted: ... checkPassword's `password` (its `success: false` is a wrong
// one)"; docs/errors.md `step_up_locked`: "STEP_UP_MAX_ATTEMPTS passwords the server rejected in a
// row". The call's own answer reader (CheckPasswordResultRun: `tolerant(readBoolean)`) reads a PHP
// back end's `0`, `'0'`, `'false'` as `success: false`, and checkPassword RESOLVES `{ success:
// false }` to the app.
//
// What happens: the step-up count (sendCounted, src/user/sensitive.ts) reads the RAW answer's
// `success` before the row's reader runs, and counts only the literal `false`. A wrong password
// answered `{ success: 0 }` (or '0', 'false') is released as "no verdict": never counted, the
// lock never comes, and checkPassword is an unlimited client-side password oracle. Symmetrically a
// right password answered `{ success: 1 }` does not end the run of wrong ones.

import { isPamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { STEP_UP_MAX_ATTEMPTS, stepUpAttemptsOf } from '../../src/user/step-up-attempts';
import { signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const PATH = '/bff/users/check-password';
const outcome = (p: Promise<unknown>) =>
  p.then(
    (v) => v,
    (e: unknown) => (isPamError(e) ? e.code : 'foreign'),
  );

describe('checkPassword: a wrong password the reader reads as success false is counted', () => {
  it.each([
    ['0', 0],
    ["'0'", '0'],
    ["'false'", 'false'],
    ["' FALSE '", ' FALSE '],
  ])('success: %s', async (_, success) => {
    const { user, http } = signedIn(ctx.server);
    ctx.server.faults.add({ path: PATH, status: 200, body: { success } });
    const answers: unknown[] = [];
    for (let i = 0; i < STEP_UP_MAX_ATTEMPTS; i++)
      answers.push(await outcome(user.checkPassword({ password: `guess-${i}` })));
    // The app is told each was wrong...
    expect(answers).toEqual(Array(STEP_UP_MAX_ATTEMPTS).fill({ success: false }));
    // ...so the client's count must have them too: locked, nothing more sent.
    expect(stepUpAttemptsOf(http).left()).toBe(0);
    expect(await outcome(user.checkPassword({ password: 'guess-4' }))).toBe('step_up_locked');
    expect(ctx.server.requests.filter((r) => r.path === PATH).length).toBe(STEP_UP_MAX_ATTEMPTS);
  });

  it.each([
    ['1', 1],
    ["'true'", 'true'],
  ])('a right one answered success: %s ends the run of wrong ones', async (_, success) => {
    const { user, http } = signedIn(ctx.server);
    await outcome(user.checkPassword({ password: 'guess-1' }));
    await outcome(user.checkPassword({ password: 'guess-2' }));
    expect(stepUpAttemptsOf(http).left()).toBe(STEP_UP_MAX_ATTEMPTS - 2);
    ctx.server.faults.add({ path: PATH, status: 200, body: { success }, times: 1 });
    expect(await outcome(user.checkPassword({ password: ctx.server.seed.plain.password }))).toEqual({
      success: true,
    });
    expect(stepUpAttemptsOf(http).left()).toBe(STEP_UP_MAX_ATTEMPTS);
  });
});
